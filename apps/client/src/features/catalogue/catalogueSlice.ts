/** The catalogue's filters, page and results (docs/product.md §2 Catalogue, §4 Catalogue). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  BrandWithCount,
  CategoryWithCount,
  FilterOptions,
  PriceRange,
  Product,
} from '@rewear/contracts';

export const PAGE_SIZE = 20;

export type SortKey =
  '' | 'newest' | 'price_low' | 'price_high' | 'name_asc' | 'name_desc' | 'popular';

export const SORT_OPTIONS: ReadonlyArray<{ value: SortKey; label: string }> = [
  { value: '', label: 'Best Match' },
  { value: 'newest', label: 'Time: newest first' },
  { value: 'price_low', label: 'Price lowest first' },
  { value: 'price_high', label: 'Price highest first' },
  { value: 'name_asc', label: 'Name A to Z' },
  { value: 'name_desc', label: 'Name Z to A' },
];
const SORT_KEYS = new Set<string>([...SORT_OPTIONS.map((o) => o.value), 'popular']);

export interface CatalogueFilters {
  category: string;
  brand: string;
  size: string;
  color: string;
  condition: string;
  minPrice: string;
  maxPrice: string;
  sort: SortKey;
}
export type SecondaryFilter = 'size' | 'color' | 'condition' | 'minPrice' | 'maxPrice';

export const emptyFilters: CatalogueFilters = {
  category: '',
  brand: '',
  size: '',
  color: '',
  condition: '',
  minPrice: '',
  maxPrice: '',
  sort: '',
};

export interface CatalogueState {
  filters: CatalogueFilters;
  page: number;
  view: 'grid' | 'list';
  products: Product[];
  total: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  categories: CategoryWithCount[];
  brands: BrandWithCount[];
  filterOptions: FilterOptions;
  priceRange: PriceRange;
  /** The filters were read from the address bar of the page now open: from here on they write it. */
  urlSynced: boolean;
}

export const initialCatalogueState: CatalogueState = {
  filters: emptyFilters,
  page: 1,
  view: 'grid',
  products: [],
  total: 0,
  status: 'idle',
  error: null,
  categories: [],
  brands: [],
  filterOptions: { categories: [], brands: [], colors: [], sizes: [], conditions: [] },
  priceRange: { minPrice: 0, maxPrice: 1000 },
  urlSynced: false,
};

export interface CatalogueLocation {
  filters: CatalogueFilters;
  page: number;
}

/** Address bar → filters. Unknown sorts and bad pages fall back to the defaults. */
export function locationFromSearch(search: string): CatalogueLocation {
  const params = new URLSearchParams(search);
  const text = (key: string) => (params.get(key) ?? '').trim();
  const sort = text('sort');
  const page = Number.parseInt(text('page'), 10);
  return {
    filters: {
      category: text('category'),
      brand: text('brand'),
      size: text('size'),
      color: text('color'),
      condition: text('condition'),
      minPrice: text('minPrice'),
      maxPrice: text('maxPrice'),
      sort: (SORT_KEYS.has(sort) ? sort : '') as SortKey,
    },
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** Filters → address bar, leaving out what is empty (docs/product.md §5). */
export function searchFromLocation({ filters, page }: CatalogueLocation): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(emptyFilters) as Array<keyof CatalogueFilters>) {
    if (filters[key]) params.set(key, filters[key]);
  }
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** docs/product.md §2 title: '{brand} {category}', the category, '{brand} Products' or 'All Products'. */
export function catalogueTitle(filters: Pick<CatalogueFilters, 'brand' | 'category'>): string {
  if (filters.brand && filters.category) return `${filters.brand} ${filters.category}`;
  if (filters.category) return filters.category;
  if (filters.brand) return `${filters.brand} Products`;
  return 'All Products';
}

// Shared with the search results (components/pagination.ts).
export { paginationItems, type PaginationItem } from '../../components/pagination.ts';

const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState: initialCatalogueState,
  reducers: {
    catalogueOpened(state, action: PayloadAction<CatalogueLocation>) {
      state.filters = action.payload.filters;
      state.page = action.payload.page;
      state.urlSynced = true;
      state.status = 'loading';
    },
    catalogueClosed(state) {
      state.urlSynced = false;
    },
    /** Back and forward: the address bar changed under the page. */
    locationChanged(state, action: PayloadAction<CatalogueLocation>) {
      state.filters = action.payload.filters;
      state.page = action.payload.page;
      state.status = 'loading';
    },
    categorySelected(state, action: PayloadAction<string>) {
      state.filters.category = action.payload;
      state.filters.brand = '';
      state.page = 1;
      state.status = 'loading';
    },
    brandSelected(state, action: PayloadAction<string>) {
      state.filters.brand = action.payload;
      state.page = 1;
      state.status = 'loading';
    },
    filterChanged(state, action: PayloadAction<{ key: SecondaryFilter; value: string }>) {
      state.filters[action.payload.key] = action.payload.value;
      state.page = 1;
      state.status = 'loading';
    },
    sortChanged(state, action: PayloadAction<SortKey>) {
      state.filters.sort = action.payload;
      state.page = 1;
      state.status = 'loading';
    },
    pageChanged(state, action: PayloadAction<number>) {
      state.page = action.payload;
      state.status = 'loading';
    },
    filtersReset(state) {
      state.filters = emptyFilters;
      state.page = 1;
      state.status = 'loading';
    },
    viewChanged(state, action: PayloadAction<'grid' | 'list'>) {
      state.view = action.payload;
    },
    productsLoaded(state, action: PayloadAction<{ products: Product[]; total: number }>) {
      state.products = action.payload.products;
      state.total = action.payload.total;
      state.status = 'ready';
      state.error = null;
    },
    /** docs/product.md §8: a load failure empties the list, sets totals to 0 and shows the error. */
    productsFailed(state, action: PayloadAction<string>) {
      state.products = [];
      state.total = 0;
      state.status = 'error';
      state.error = action.payload;
    },
    categoriesLoaded(state, action: PayloadAction<CategoryWithCount[]>) {
      state.categories = action.payload;
    },
    brandsLoaded(state, action: PayloadAction<BrandWithCount[]>) {
      state.brands = action.payload;
    },
    filterOptionsLoaded(state, action: PayloadAction<FilterOptions>) {
      state.filterOptions = action.payload;
    },
    priceRangeLoaded(state, action: PayloadAction<PriceRange>) {
      state.priceRange = action.payload;
    },
  },
});

export const {
  catalogueOpened,
  catalogueClosed,
  locationChanged,
  categorySelected,
  brandSelected,
  filterChanged,
  sortChanged,
  pageChanged,
  filtersReset,
  viewChanged,
  productsLoaded,
  productsFailed,
  categoriesLoaded,
  brandsLoaded,
  filterOptionsLoaded,
  priceRangeLoaded,
} = catalogueSlice.actions;

export default catalogueSlice.reducer;

export const selectCatalogue = (state: { catalogue: CatalogueState }) => state.catalogue;

/** Chips of the active filters, in display order. */
export function activeFilters(
  filters: CatalogueFilters,
): Array<{ key: keyof CatalogueFilters; label: string }> {
  const chips: Array<{ key: keyof CatalogueFilters; label: string }> = [];
  if (filters.category) chips.push({ key: 'category', label: `Category: ${filters.category}` });
  if (filters.brand) chips.push({ key: 'brand', label: `Brand: ${filters.brand}` });
  if (filters.size) chips.push({ key: 'size', label: `Size: ${filters.size}` });
  if (filters.color) chips.push({ key: 'color', label: `Color: ${filters.color}` });
  if (filters.condition) chips.push({ key: 'condition', label: `Condition: ${filters.condition}` });
  if (filters.minPrice) chips.push({ key: 'minPrice', label: `Min Price: $${filters.minPrice}` });
  if (filters.maxPrice) chips.push({ key: 'maxPrice', label: `Max Price: $${filters.maxPrice}` });
  return chips;
}
