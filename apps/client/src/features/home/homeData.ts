import type { HomeSort } from '@rewear/contracts';

/** Products per home carousel. */
export const CAROUSEL_SIZE = 10;

const sortedProducts = (sort: HomeSort) =>
  `/api/products/filter?sort=${sort}&page=1&pageSize=${CAROUSEL_SIZE}`;

/**
 * The home page's reads, in one place: the saga asks for them, and index.html asks for them as
 * soon as it arrives on "/" (route preload in vite.config.ts), so the answers are on their way
 * while the code downloads.
 */
export const HOME_PATHS = {
  categories: '/api/categories/',
  brands: '/api/brands/',
  popular: sortedProducts('popular'),
  lowestPrices: sortedProducts('price_low'),
  newArrivals: sortedProducts('newest'),
  featured: '/api/products/featured',
} as const;
