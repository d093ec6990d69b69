/** A cart line's picture: the listing's image, or the placeholder when it has none or it fails. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import cart, { type CartItem } from './cartSlice.ts';
import CartLineItem from './CartLineItem.tsx';

afterEach(cleanup);

const line = (image: string): CartItem => ({
  product_id: 'p1',
  title: 'Wool coat',
  image,
  brand_name: 'Acme',
  price: 60,
  quantity: 1,
});

function renderLine(item: CartItem) {
  const store = configureStore({ reducer: { cart }, middleware: (g) => g({ thunk: false }) });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ul>
          <CartLineItem line={item} />
        </ul>
      </MemoryRouter>
    </Provider>,
  );
}

describe('CartLineItem picture', () => {
  it('shows the listing image, lazily', () => {
    renderLine(line('/images/coat.jpg'));
    const img = screen.getByRole('img', { name: 'Wool coat' });
    expect(img.getAttribute('src')).toBe('/images/coat.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('shows the placeholder for a listing whose photos were removed, never a broken image', () => {
    renderLine(line(''));
    expect(screen.getByRole('img', { name: 'Wool coat: no photo' })).toBeTruthy();
    cleanup();
    renderLine(line('/api/photos/gone/card.webp'));
    fireEvent.error(screen.getByRole('img', { name: 'Wool coat' }));
    expect(screen.getByRole('img', { name: 'Wool coat: no photo' })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });
});
