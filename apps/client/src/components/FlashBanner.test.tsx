import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import FlashBanner, { FLASH_DURATION_MS } from './FlashBanner.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function StateProbe() {
  const location = useLocation();
  return <p data-testid="history-state">{JSON.stringify(location.state)}</p>;
}

function renderArrival(state: unknown, path = '/products/p1') {
  return render(
    <MemoryRouter initialEntries={['/create-listing', { pathname: path, state }]} initialIndex={1}>
      <FlashBanner />
      <Routes>
        <Route path="/products" element={<StateProbe />} />
        <Route
          path="/products/:id"
          element={
            <>
              <StateProbe />
              <Link to="/cart">Cart</Link>
              <Link to="/products" state={{ message: 'Product deleted successfully' }}>
                Delete
              </Link>
            </>
          }
        />
        <Route path="/cart" element={<p>cart page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('FlashBanner', () => {
  it('shows the message a page was sent with and takes it out of the history entry', () => {
    renderArrival({ message: 'Product created successfully' });
    expect(screen.getByRole('status').textContent).toContain('Product created successfully');
    // A reload would read the history entry: the message is gone from it.
    expect(screen.getByTestId('history-state').textContent).toBe('null');
  });

  it('keeps other history state it does not own', () => {
    renderArrival({ message: 'Product deleted successfully', from: '/profile' }, '/products');
    expect(screen.getByRole('status').textContent).toContain('Product deleted successfully');
    expect(JSON.parse(screen.getByTestId('history-state').textContent!)).toEqual({
      from: '/profile',
    });
  });

  it('can be dismissed', () => {
    renderArrival({ message: 'Product updated successfully' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('clears itself after a few seconds', () => {
    vi.useFakeTimers();
    renderArrival({ message: 'Product updated successfully' });
    act(() => {
      vi.advanceTimersByTime(FLASH_DURATION_MS - 100);
    });
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('leaves with the page and shows nothing without a message', async () => {
    renderArrival({ message: 'Product created successfully' });
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(await screen.findByText('cart page')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    renderArrival(null);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("replaces one page's message with the next page's, as a delete after a save does", async () => {
    renderArrival({ message: 'Product updated successfully' });
    fireEvent.click(screen.getByRole('link', { name: 'Delete' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Product deleted successfully');
    expect(status.textContent).not.toContain('updated');
  });
});
