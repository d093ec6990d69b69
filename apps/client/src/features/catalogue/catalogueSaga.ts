import {
  all,
  call,
  delay,
  getContext,
  put,
  select,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import type {
  BrandWithCount,
  CategoryWithCount,
  FilteredProducts,
  FilterOptions,
  PriceRange,
} from '@rewear/contracts';
import { ApiError, type Api } from '../../api/http.ts';
import { catalogueApi, type CatalogueApi } from './api.ts';
import {
  brandSelected,
  brandsLoaded,
  catalogueOpened,
  categoriesLoaded,
  categorySelected,
  filterChanged,
  filterOptionsLoaded,
  filtersReset,
  locationChanged,
  pageChanged,
  priceRangeLoaded,
  productsFailed,
  productsLoaded,
  selectCatalogue,
  sortChanged,
  type CatalogueState,
} from './catalogueSlice.ts';

export const FILTER_DEBOUNCE_MS = 300;

const PRODUCT_TRIGGERS = [
  catalogueOpened.type,
  locationChanged.type,
  categorySelected.type,
  brandSelected.type,
  filterChanged.type,
  sortChanged.type,
  pageChanged.type,
  filtersReset.type,
];
const FACET_TRIGGERS = [
  catalogueOpened.type,
  locationChanged.type,
  categorySelected.type,
  brandSelected.type,
  filtersReset.type,
];

/** Products reload 300 ms after the last change; a newer change cancels the wait and the request. */
export function* loadProducts(api: CatalogueApi) {
  yield delay(FILTER_DEBOUNCE_MS);
  const { filters, page }: CatalogueState = yield select(selectCatalogue);
  try {
    const result: FilteredProducts = yield call(api.products, { filters, page });
    yield put(productsLoaded({ products: result.products, total: result.total }));
  } catch (error) {
    yield put(
      productsFailed(
        error instanceof ApiError ? error.message : 'Failed to fetch filtered products',
      ),
    );
  }
}

/** docs/product.md §8: failed brand, category and filter-option loads fall back to empty lists. */
function* orFallback<T>(what: string, fallback: T, load: () => Promise<T>) {
  try {
    const value: T = yield call(load);
    return value;
  } catch (error) {
    console.error(what, error instanceof Error ? error.message : error);
    return fallback;
  }
}

/** Brands follow the category; sizes, colors, conditions and the price range follow category and brand. */
export function createFacetLoader(api: CatalogueApi) {
  let loadedFor: { category: string; brand: string } | null = null;
  return function* loadFacets() {
    const { filters }: CatalogueState = yield select(selectCatalogue);
    const { category, brand } = filters;
    const categoryChanged = loadedFor === null || loadedFor.category !== category;
    const brandChanged = loadedFor === null || loadedFor.brand !== brand;
    if (!categoryChanged && !brandChanged) return;
    const facets = { category, brand };
    const [brands, options, range]: [BrandWithCount[] | null, FilterOptions, PriceRange] =
      yield all([
        categoryChanged
          ? call(orFallback<BrandWithCount[]>, 'Failed to fetch brands', [], () =>
              api.brandsWithCount(category),
            )
          : call(() => Promise.resolve(null)),
        call(
          orFallback<FilterOptions>,
          'Failed to fetch filter options',
          { categories: [], brands: [], colors: [], sizes: [], conditions: [] },
          () => api.filterOptions(facets),
        ),
        call(
          orFallback<PriceRange>,
          'Failed to fetch price range',
          { minPrice: 0, maxPrice: 1000 },
          () => api.priceRange(facets),
        ),
      ]);
    loadedFor = { category, brand };
    if (brands) yield put(brandsLoaded(brands));
    yield put(filterOptionsLoaded(options));
    yield put(priceRangeLoaded(range));
  };
}

function* loadCategories(api: CatalogueApi) {
  const { categories }: CatalogueState = yield select(selectCatalogue);
  if (categories.length > 0) return;
  const loaded: CategoryWithCount[] = yield call(
    orFallback<CategoryWithCount[]>,
    'Failed to fetch categories',
    [],
    api.categoriesWithCount,
  );
  yield put(categoriesLoaded(loaded));
}

function scrollToTop() {
  if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }
}

export function* catalogueSaga() {
  const http: Api = yield getContext('api');
  const api = catalogueApi(http);
  yield takeLatest(PRODUCT_TRIGGERS, loadProducts, api);
  yield takeLatest(FACET_TRIGGERS, createFacetLoader(api));
  yield takeLatest(catalogueOpened.type, loadCategories, api);
  yield takeEvery(pageChanged.type, scrollToTop);
}
