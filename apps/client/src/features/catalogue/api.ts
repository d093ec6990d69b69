/** The catalogue's reads (docs/product.md §5 catalogue queries, §7 Products and Brands). */
import type {
  BrandWithCount,
  CategoryWithCount,
  FilteredProducts,
  FilterOptions,
  PriceRange,
} from '@rewear/contracts';
import { queryString, type Api } from '../../api/http.ts';
import { PAGE_SIZE, type CatalogueLocation } from './catalogueSlice.ts';

/** The API query for a filter state (the server pages by 20). */
export function productsQuery({ filters, page }: CatalogueLocation): string {
  const params = new URLSearchParams();
  for (const key of [
    'category',
    'brand',
    'size',
    'color',
    'condition',
    'minPrice',
    'maxPrice',
  ] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  switch (filters.sort) {
    case 'name_asc':
      params.set('sortBy', 'title');
      params.set('sortOrder', 'ASC');
      break;
    case 'name_desc':
      params.set('sortBy', 'title');
      params.set('sortOrder', 'DESC');
      break;
    case '':
      break;
    default:
      params.set('sort', filters.sort);
  }
  params.set('page', String(page));
  params.set('pageSize', String(PAGE_SIZE));
  return `/api/products/filter?${params.toString()}`;
}

/** Sizes, colors, conditions and the price range follow category and brand. */
export interface Facets {
  category: string;
  brand: string;
}

const facetQuery = ({ category, brand }: Facets) => queryString({ category, brand });

export function catalogueApi(http: Api) {
  return {
    products: (location: CatalogueLocation) => http.get<FilteredProducts>(productsQuery(location)),
    categoriesWithCount: () => http.get<CategoryWithCount[]>('/api/products/categories-with-count'),
    brandsWithCount: (category: string) =>
      http.get<BrandWithCount[]>(`/api/brands/brands-with-count${queryString({ category })}`),
    filterOptions: (facets: Facets) =>
      http.get<FilterOptions>(`/api/products/filter-options${facetQuery(facets)}`),
    priceRange: (facets: Facets) =>
      http.get<PriceRange>(`/api/products/price-range${facetQuery(facets)}`),
  };
}

export type CatalogueApi = ReturnType<typeof catalogueApi>;
