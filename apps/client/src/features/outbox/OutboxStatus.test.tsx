import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import outbox, {
  commandKept,
  connectionChanged,
  connectionWorked,
  outboxCounted,
} from './outboxSlice.ts';
import OutboxStatus from './OutboxStatus.tsx';

afterEach(cleanup);

function renderAt(path: string) {
  const store = configureStore({ reducer: { outbox } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <OutboxStatus />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('the outbox status', () => {
  it('counts the changes waiting while there is no connection, and goes when it is back', () => {
    const store = renderAt('/products/p1');
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      store.dispatch(connectionChanged(false));
    });
    expect(screen.getByRole('status').textContent).toBe('You are offline');
    act(() => {
      store.dispatch(commandKept());
    });
    expect(screen.getByRole('status').textContent).toBe('1 change waiting for a connection');
    act(() => {
      store.dispatch(outboxCounted(2));
    });
    expect(screen.getByRole('status').textContent).toBe('2 changes waiting for a connection');
    act(() => {
      store.dispatch(connectionWorked());
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says on the checkout pages that paying needs a connection (payments are never kept)', () => {
    for (const path of ['/checkout', '/orders/o1/pay']) {
      const store = renderAt(path);
      act(() => {
        store.dispatch(connectionChanged(false));
      });
      expect(screen.getByRole('status').textContent).toContain(
        'Checkout needs a connection: a payment is never kept to send later.',
      );
      cleanup();
    }
  });
});
