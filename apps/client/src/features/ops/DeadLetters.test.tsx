import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import ops, { accessChecked, deadLetterResolved, deadLettersLoaded } from './opsSlice.ts';
import { DeadLettersScreen } from './screens.tsx';
import type { DeadLetter, OperatorRole } from './api.ts';

afterEach(cleanup);

const letter: DeadLetter = {
  _id: 'carts__g1:e7',
  projector: 'carts',
  generation: 1,
  eventId: 'e7',
  position: 7,
  type: 'CartItemAdded',
  streamId: 'cart-u1',
  event: {
    id: 'e7',
    streamId: 'cart-u1',
    streamVersion: 2,
    position: 7,
    type: 'CartItemAdded',
    occurredAt: '2026-01-01T00:00:00.000Z',
    actor: 'u1',
    data: { cartId: 'u1', productId: 'p9', quantity: 1 },
  },
  error: 'Cart u1 is unknown',
  failedAt: '2026-01-01T00:00:01.000Z',
};

function renderScreen(role: OperatorRole) {
  const sent: UnknownAction[] = [];
  const store = configureStore({
    reducer: { ops },
    middleware: (g) =>
      g({ thunk: false }).concat(() => (next) => (action) => {
        sent.push(action as UnknownAction);
        return next(action);
      }),
  });
  store.dispatch(accessChecked({ via: 'account', operator: 'op1', uid: 'op1', role }));
  store.dispatch(deadLettersLoaded([letter]));
  render(
    <Provider store={store}>
      <DeadLettersScreen />
    </Provider>,
  );
  const acted = () => sent.filter((a) => a.type === 'ops/deadLetterActed').map((a) => a.payload);
  return { store, acted };
}

describe('the dead letters screen', () => {
  it('shows the event, its error and payload, and lets an operator retry or skip it', () => {
    const { store, acted } = renderScreen('operator');
    const item = screen.getByRole('listitem');
    expect(within(item).getByRole('heading').textContent).toBe(
      'carts: CartItemAdded at position 7',
    );
    expect(within(item).getByText('Cart u1 is unknown')).toBeTruthy();
    expect(within(item).getByText(/"productId": "p9"/)).toBeTruthy();
    fireEvent.click(
      within(item).getByRole('button', { name: 'Retry CartItemAdded at position 7 for carts' }),
    );
    expect(acted()).toEqual([{ letter, action: 'retry' }]);
    // While one is in flight, no other action can start.
    expect(
      (within(item).getByRole('button', { name: /^Skip/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    act(() => {
      store.dispatch(
        deadLetterResolved({
          action: 'retry',
          outcome: { id: letter._id, applied: false, error: 'Cart u1 is unknown' },
        }),
      );
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Retried, and it failed again: Cart u1 is unknown',
    );
    fireEvent.click(within(item).getByRole('button', { name: /^Skip/ }));
    expect(acted()).toEqual([
      { letter, action: 'retry' },
      { letter, action: 'skip' },
    ]);
  });

  it('shows support the same letters without any action', () => {
    renderScreen('support');
    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Cart u1 is unknown')).toBeTruthy();
    expect(within(item).queryByRole('button', { name: /Retry|Skip/ })).toBeNull();
  });
});
