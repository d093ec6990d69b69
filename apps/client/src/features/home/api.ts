/** The home page's reads (docs/product.md §2 Home, §7). */
import type {
  BrandView,
  CategoryView,
  FilteredProducts,
  HomeSort,
  Product,
} from '@rewear/contracts';
import type { Api } from '../../api/http.ts';

/** Products per home carousel. */
export const CAROUSEL_SIZE = 10;

const sortedProducts = (sort: HomeSort) =>
  `/api/products/filter?sort=${sort}&page=1&pageSize=${CAROUSEL_SIZE}`;

/**
 * The home page's paths. index.html asks for them as soon as it arrives on "/" (route preload in
 * vite.config.ts), so the answers are on their way while the code downloads; the requests below
 * must keep these exact paths to find them in the preload cache.
 */
export const HOME_PATHS = {
  categories: '/api/categories/',
  brands: '/api/brands/',
  popular: sortedProducts('popular'),
  lowestPrices: sortedProducts('price_low'),
  newArrivals: sortedProducts('newest'),
  featured: '/api/products/featured',
} as const;

export type Carousel = 'popular' | 'lowestPrices' | 'newArrivals';

export function homeApi(http: Api) {
  return {
    categories: () => http.get<CategoryView[]>(HOME_PATHS.categories),
    brands: () => http.get<BrandView[]>(HOME_PATHS.brands),
    /** The first page of products in the carousel's order. */
    carousel: (carousel: Carousel) =>
      http.get<FilteredProducts>(HOME_PATHS[carousel]).then((page) => page.products),
    /** 404 when no product is featured. */
    featured: () => http.get<Product>(HOME_PATHS.featured),
  };
}

export type HomeApi = ReturnType<typeof homeApi>;
