import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { LIMITS, type Product, type ProductDetail } from '@rewear/contracts';
import { ApiError, errorMessage, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { productApi, type ProductApi } from './api.ts';
import { productLikesUpdated } from '../wishlist/wishlistSlice.ts';
import {
  productDeleted,
  productDeleteFailed,
  productDeleteRequested,
  productFailed,
  productLoaded,
  productNotFound,
  productRequested,
  recommendationsLoaded,
  selectProductDetail,
  type ProductState,
} from './productSlice.ts';

function* loadProduct(api: ProductApi, action: ReturnType<typeof productRequested>) {
  const id = action.payload;
  try {
    const product: ProductDetail = yield call(api.product, id);
    yield put(productLoaded(product));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      yield put(productNotFound());
    else yield put(productFailed(errorMessage(error, 'Failed to fetch product')));
    return;
  }
  try {
    const recommendations: Product[] = yield call(
      api.recommendations,
      id,
      LIMITS.recommendationsDefault,
    );
    yield put(recommendationsLoaded(recommendations));
  } catch (error) {
    console.error(
      'Failed to fetch recommendations',
      error instanceof Error ? error.message : error,
    );
    yield put(recommendationsLoaded([]));
  }
}

/** A like on the product being shown: read it again (the consistency token makes the count current). */
function* refreshLikes(api: ProductApi, action: ReturnType<typeof productLikesUpdated>) {
  const { productId }: ProductState = yield select(selectProductDetail);
  if (!productId || (action.payload.productId !== null && action.payload.productId !== productId))
    return;
  try {
    const product: ProductDetail = yield call(api.product, productId);
    yield put(productLoaded(product));
  } catch {
    // The count stays as it was; the next visit shows the new one.
  }
}

/** The seller deletes the listing from its page; the page then goes to the catalogue. */
export function* deleteProduct(api: ProductApi, action: ReturnType<typeof productDeleteRequested>) {
  try {
    yield call(sendCommand, (options: RequestOptions) =>
      api.deleteListing(action.payload, options),
    );
    yield put(productDeleted());
  } catch (error) {
    yield put(productDeleteFailed(errorMessage(error, 'Failed to delete product')));
  }
}

export function* productSaga() {
  const http: Api = yield getContext('api');
  const api = productApi(http);
  yield takeLatest(productRequested.type, loadProduct, api);
  yield takeLatest(productLikesUpdated.type, refreshLikes, api);
  yield takeLeading(productDeleteRequested.type, deleteProduct, api);
}
