/** A product card's cart button: Add to Cart for shoppers, never on the card of one's own listing. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Product } from '@rewear/contracts';
import auth, { authStateChanged } from '../auth/authSlice.ts';
import cart from './cartSlice.ts';
import { CartControls } from './CartControls.tsx';

afterEach(cleanup);

const product = {
  product_id: 'p1',
  id: 'p1',
  title: 'Wool coat',
  price: 60,
  stock: 1,
  seller_id: 'seller-1',
} as Product;

function renderControls(uid: string | null) {
  const store = configureStore({ reducer: { auth, cart }, middleware: (g) => g({ thunk: false }) });
  if (uid)
    store.dispatch(authStateChanged({ uid, email: null, displayName: null, photoURL: null }));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <CartControls product={product} />
      </MemoryRouter>
    </Provider>,
  );
}

describe('CartControls', () => {
  it('offers Add to Cart to a visitor and to another shopper', () => {
    renderControls(null);
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    cleanup();
    renderControls('buyer-1');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
  });

  it('shows its seller “Your listing” and Edit instead', () => {
    renderControls('seller-1');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('Your listing');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/update-listing/p1',
    );
  });
});
