import { all, call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import {
  FAVOURED_BRANDS,
  LIMITS,
  type BrandView,
  type CategoryView,
  type Product,
} from '@rewear/contracts';
import { ApiError, type Api } from '../../api/http.ts';
import { homeApi, type HomeApi } from './api.ts';
import {
  homeLoaded,
  homeRequested,
  isHomeFresh,
  selectHome,
  type HomeData,
  type HomeState,
} from './homeSlice.ts';

/** docs/product.md §8: home page load failures are only logged and the list stays empty. */
function* orEmpty<T>(what: string, fallback: T, load: () => Promise<T>) {
  try {
    const value: T = yield call(load);
    return value;
  } catch (error) {
    console.error(what, error instanceof Error ? error.message : error);
    return fallback;
  }
}

/** The brand spotlight: only the favoured brands, in their order, at most 6. */
export function spotlightBrands(brands: BrandView[]): BrandView[] {
  const byName = new Map(brands.map((brand) => [brand.name.toLowerCase(), brand]));
  return FAVOURED_BRANDS.map(
    (name) => byName.get(name.toLowerCase()) ?? { id: name, name, image: null },
  ).slice(0, LIMITS.brandSpotlightMax);
}

/** docs/product.md §8: no featured product is not an error (404); any other failure is reported. */
function* loadFeatured(api: HomeApi) {
  try {
    const featured: Product = yield call(api.featured);
    return { featured, featuredError: null };
  } catch (error) {
    const featuredError =
      error instanceof ApiError && error.status === 404 ? null : 'Failed to load featured product';
    return { featured: null, featuredError };
  }
}

/** Every section's request at once: the page shows when the slowest answers. */
export function* loadHome(api: HomeApi) {
  const current: HomeState = yield select(selectHome);
  if (isHomeFresh(current, Date.now())) return;
  const [categories, brands, popular, lowestPrices, newArrivals, { featured, featuredError }]: [
    CategoryView[],
    BrandView[],
    Product[],
    Product[],
    Product[],
    { featured: Product | null; featuredError: string | null },
  ] = yield all([
    call(orEmpty<CategoryView[]>, 'Failed to fetch categories', [], api.categories),
    call(orEmpty<BrandView[]>, 'Failed to fetch brands', [], api.brands),
    call(orEmpty<Product[]>, 'Failed to fetch products', [], () => api.carousel('popular')),
    call(orEmpty<Product[]>, 'Failed to fetch products', [], () => api.carousel('lowestPrices')),
    call(orEmpty<Product[]>, 'Failed to fetch products', [], () => api.carousel('newArrivals')),
    call(loadFeatured, api),
  ]);
  const data: HomeData = {
    categories,
    brands: spotlightBrands(brands),
    popular,
    lowestPrices,
    newArrivals,
    featured,
    featuredError,
    loadedAt: Date.now(),
  };
  yield put(homeLoaded(data));
}

/**
 * A request while a load is under way joins it, and one just after it is answered by the data
 * already there: the entry asks for the home page's data as soon as it starts on "/", before the
 * page's code arrives and asks again.
 */
export function* homeSaga() {
  const http: Api = yield getContext('api');
  yield takeLeading(homeRequested.type, loadHome, homeApi(http));
}
