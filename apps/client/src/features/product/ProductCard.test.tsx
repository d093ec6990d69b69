/** A product card shows its seller's badges, each with its rule as tooltip and description. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { SELLER_BADGES, type Product } from '@rewear/contracts';
import { rootReducer } from '../../app/store.ts';
import ProductCard from './ProductCard.tsx';

afterEach(cleanup);

const product = (sellerBadges?: string[]): Product => ({
  product_id: 'l1',
  id: 'l1',
  title: 'Corduroy blazer',
  description: 'Kept with care',
  price: 48,
  original_price: null,
  image: '/images/garments/tops-blue.svg',
  gallery: [],
  photos: [],
  brand_id: 'b1',
  brand_name: 'Adidas',
  category_id: 1,
  category_name: 'Tops',
  condition_name: 'Good',
  conditions: ['Good'],
  condition_ids: [3],
  sizes: [],
  size_ids: [],
  colors: [],
  color_ids: [],
  stock: 1,
  num_likes: 0,
  created_at: '2026-03-01T12:00:00.000Z',
  seller_id: 'fast-seller',
  seller_name: 'Fay Fast',
  seller_photo: null,
  sellerRating: { average: 4.8, count: 12 },
  ...(sellerBadges ? { sellerBadges } : {}),
});

function card(p: Product, variant: 'grid' | 'list' = 'grid') {
  const store = configureStore({ reducer: rootReducer, middleware: (g) => g({ thunk: false }) });
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <ProductCard product={p} variant={variant} />
      </MemoryRouter>
    </Provider>,
  );
}

describe("a product card's seller badges (docs/product.md §14.5)", () => {
  it('shows each badge of a seller who has them, its rule as tooltip and description', () => {
    card(product(['ships_fast', 'trusted_seller']));
    const badges = screen.getByRole('list', { name: 'Seller badges' });
    const items = screen.getAllByRole('listitem');
    expect(badges).toBeTruthy();
    expect(items.map((item) => item.firstChild?.textContent)).toEqual([
      'Ships fast',
      'Trusted seller',
    ]);
    const fast = SELLER_BADGES.find((b) => b.id === 'ships_fast')!;
    expect(items[0]!.getAttribute('title')).toBe(fast.rule);
    const described = document.getElementById(items[0]!.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe(fast.rule);
  });

  it('shows none for a seller without badges, or an unknown id', () => {
    card(product());
    expect(screen.queryByRole('list', { name: 'Seller badges' })).toBeNull();
    cleanup();
    card(product(['no_such_badge']), 'list');
    expect(screen.queryByRole('list', { name: 'Seller badges' })).toBeNull();
  });
});
