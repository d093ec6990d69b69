/** Seller effects: reference data, brand creation, create, edit, delete, the seller's own listings. */
import {
  all,
  call,
  delay,
  getContext,
  put,
  select,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import {
  LIMITS,
  type BrandView,
  type CategoryView,
  type Product,
  type UploadedPhoto,
} from '@rewear/contracts';
import { ApiError, errorMessage, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { brandViewFrom, listingsApi, type BrandFound, type ListingsApi } from './api.ts';
import { selectUid, sessionEnded } from '../auth/authSlice.ts';
import { productLikesUpdated } from '../wishlist/wishlistSlice.ts';
import { standingRefusal } from '../../api/standing.ts';
import { buildListingPayload, createListingErrorMessage } from './listingDraft.ts';
import { buildUpdatePayload, deleteIdError } from './editListing.ts';
import {
  brandCreated,
  brandCreationFailed,
  createBrand,
  deleteEditedListing,
  deleteFailed,
  deleteMyListing,
  editedListingDeleted,
  editLoaded,
  editLoadFailed,
  editNotFound,
  editOpened,
  fetchMyListings,
  invalidIdRedirect,
  listingCreated,
  listingCreationFailed,
  listingSaved,
  loadReferenceData,
  myListingDeleted,
  myListingDeleteFailed,
  myListingsFailed,
  myListingsLoaded,
  photosChosen,
  photoUploaded,
  photoUploadFailed,
  referenceDataFailed,
  referenceDataLoaded,
  saveFailed,
  saveListing,
  selectBrands,
  selectCategories,
  selectEdit,
  selectMyListings,
  selectWizard,
  submitListing,
  type ListingsState,
} from './listingsSlice.ts';

/** Browser dialogs and scrolling are effects too: the sagas call them, tests replace them. */
export const browser = {
  alert(message: string) {
    if (typeof window !== 'undefined') window.alert(message);
  },
  scrollToTop() {
    if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
      try {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      } catch {
        // Environments without scrolling (tests) have nothing to scroll.
      }
    }
  },
};

function* contextApi() {
  const http: Api = yield getContext('api');
  return listingsApi(http);
}

export function* loadReferenceDataSaga() {
  const api: ListingsApi = yield call(contextApi);
  const brands: ListingsState['brands'] = yield select(selectBrands);
  if (brands.status === 'loaded') return;
  try {
    const [brandList, categories]: [BrandView[], CategoryView[] | null] = yield all([
      call(api.brands),
      // The categories are a fixed list the client also knows: a failure keeps the known one.
      call(function* () {
        try {
          return (yield call(api.categories)) as CategoryView[];
        } catch {
          return null;
        }
      }),
    ]);
    yield put(referenceDataLoaded({ brands: brandList ?? [], categories }));
  } catch (error) {
    yield put(
      referenceDataFailed(`Failed to load reference data: ${errorMessage(error, 'unknown error')}`),
    );
  }
}

/** Finds or creates the brand by its trimmed name (docs/product.md §5). */
export function* createBrandSaga(action: ReturnType<typeof createBrand>) {
  const api: ListingsApi = yield call(contextApi);
  const name = action.payload.name.trim();
  if (!name) {
    yield put(brandCreationFailed());
    return;
  }
  try {
    const brand: BrandFound = yield call(sendCommand, (options: RequestOptions) =>
      api.findOrCreateBrand({ name }, options),
    );
    yield put(brandCreated(brandViewFrom(brand)));
  } catch {
    yield put(brandCreationFailed());
    yield call(browser.alert, 'Failed to create brand. Please try again.');
  }
}

export function* submitListingSaga() {
  const api: ListingsApi = yield call(contextApi);
  const uid: string | null = yield select(selectUid);
  if (!uid) {
    yield put(listingCreationFailed('Please sign in to create a listing.'));
    return;
  }
  const wizard: ListingsState['wizard'] = yield select(selectWizard);
  const payload = buildListingPayload(wizard.draft, uid);
  if (!payload) {
    yield put(listingCreationFailed('Please complete every required field.'));
    return;
  }
  try {
    const product: Product = yield call(sendCommand, (options: RequestOptions) =>
      api.createListing(payload, options),
    );
    yield put(listingCreated({ productId: product.product_id ?? product.id }));
  } catch (error) {
    yield put(
      listingCreationFailed(
        standingRefusal(error) ?? createListingErrorMessage(errorMessage(error, '')),
      ),
    );
  }
}

/** Uploads the chosen files one after another; each answer fills in its photo. */
export function* uploadPhotosSaga(action: ReturnType<typeof photosChosen>) {
  const api: ListingsApi = yield call(contextApi);
  const { target, items } = action.payload;
  const { files } = action.meta as { files: File[] };
  for (const [index, item] of items.entries()) {
    const file = files[index];
    if (item.status !== 'uploading' || !file) continue;
    try {
      const uploaded: UploadedPhoto = yield call(sendCommand, (options: RequestOptions) =>
        api.uploadPhoto(file, options),
      );
      yield put(photoUploaded({ target, key: item.key, photoId: uploaded.photoId }));
    } catch (error) {
      yield put(
        photoUploadFailed({
          target,
          key: item.key,
          error: errorMessage(error, `${item.name} could not be uploaded`),
        }),
      );
    }
  }
}

/** The seller's listings: 404 means none yet. */
export function* fetchMyListingsSaga(action: ReturnType<typeof fetchMyListings>) {
  const api: ListingsApi = yield call(contextApi);
  try {
    const products: Product[] = yield call(api.sellerListings, action.payload.uid);
    yield put(myListingsLoaded(products ?? []));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      yield put(myListingsLoaded([]));
    } else if (error instanceof ApiError) {
      yield put(
        myListingsFailed(error.message || `HTTP ${error.status}: Failed to fetch listings`),
      );
    } else {
      yield put(
        myListingsFailed('Unable to connect to server. Please check your internet connection.'),
      );
    }
  }
}

export function* deleteMyListingSaga(action: ReturnType<typeof deleteMyListing>) {
  const api: ListingsApi = yield call(contextApi);
  try {
    const { productId } = action.payload;
    yield call(sendCommand, (options: RequestOptions) => api.deleteListing(productId, options));
    yield put(myListingDeleted({ productId: action.payload.productId }));
  } catch {
    yield put(myListingDeleteFailed({ productId: action.payload.productId }));
    yield call(browser.alert, 'Failed to delete listing. Please try again.');
  }
}

/** Like counts changed somewhere: a loaded My Listings refreshes (docs/product.md §4 Wishlist). */
function* refreshMyListingsSaga() {
  const mine: ListingsState['mine'] = yield select(selectMyListings);
  if (mine.status !== 'loaded' || !mine.uid) return;
  const api: ListingsApi = yield call(contextApi);
  try {
    const products: Product[] = yield call(api.sellerListings, mine.uid);
    yield put(myListingsLoaded(products ?? []));
  } catch {
    // The list on screen stays as it was.
  }
}

/** Loading, then loaded, not found or load error; a bad id redirects to /products after 2 s. */
export function* editOpenedSaga(action: ReturnType<typeof editOpened>) {
  const edit: ListingsState['edit'] = yield select(selectEdit);
  if (edit.status === 'invalidId') {
    yield delay(LIMITS.invalidIdRedirectMs);
    yield put(invalidIdRedirect());
    return;
  }
  const api: ListingsApi = yield call(contextApi);
  const id = action.payload.productId as string;
  try {
    const [product]: [Product] = yield all([call(api.listing, id), call(loadReferenceDataSaga)]);
    if (product) yield put(editLoaded(product));
    else yield put(editNotFound());
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) yield put(editNotFound());
    else
      yield put(
        editLoadFailed(`Failed to load product: ${errorMessage(error, 'Failed to load data')}`),
      );
  }
}

export function* saveListingSaga() {
  const api: ListingsApi = yield call(contextApi);
  const edit: ListingsState['edit'] = yield select(selectEdit);
  const brands: ListingsState['brands'] = yield select(selectBrands);
  const categories: CategoryView[] = yield select(selectCategories);
  if (!edit.product) {
    yield put(saveFailed('Product not found'));
    return;
  }
  const payload = buildUpdatePayload(edit.productId, edit.form, edit.product, {
    brands: brands.items,
    categories,
  });
  if (typeof payload === 'string') {
    yield put(saveFailed(payload));
    yield call(browser.scrollToTop);
    return;
  }
  try {
    const id = edit.productId!;
    const product: Product | null = yield call(sendCommand, (options: RequestOptions) =>
      api.updateListing(id, payload, options),
    );
    yield put(
      listingSaved(
        product && typeof product === 'object' && 'product_id' in product ? product : null,
      ),
    );
  } catch (error) {
    yield put(saveFailed(errorMessage(error, 'Failed to update product')));
    yield call(browser.scrollToTop);
  }
}

export function* deleteEditedListingSaga() {
  const api: ListingsApi = yield call(contextApi);
  const edit: ListingsState['edit'] = yield select(selectEdit);
  const idProblem = deleteIdError(edit.productId);
  if (idProblem) {
    yield put(deleteFailed(idProblem));
    yield call(browser.scrollToTop);
    return;
  }
  try {
    const id = edit.productId!;
    yield call(sendCommand, (options: RequestOptions) => api.deleteListing(id, options));
    yield put(editedListingDeleted());
  } catch (error) {
    yield put(deleteFailed(errorMessage(error, 'Failed to delete product')));
    yield call(browser.scrollToTop);
  }
}

export function* listingsSaga() {
  yield takeLatest(loadReferenceData.type, loadReferenceDataSaga);
  yield takeLeading(createBrand.type, createBrandSaga);
  yield takeLeading(submitListing.type, submitListingSaga);
  yield takeLatest(fetchMyListings.type, fetchMyListingsSaga);
  yield takeEvery(deleteMyListing.type, deleteMyListingSaga);
  yield takeLatest(productLikesUpdated.type, refreshMyListingsSaga);
  yield takeLatest(editOpened.type, editOpenedSaga);
  yield takeLeading(saveListing.type, saveListingSaga);
  yield takeLeading(deleteEditedListing.type, deleteEditedListingSaga);
  yield takeEvery(photosChosen.type, uploadPhotosSaga);
  yield takeLatest(sessionEnded.type, function* () {
    yield put(myListingsLoaded([]));
  });
}
