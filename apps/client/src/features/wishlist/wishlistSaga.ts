import { call, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { WishlistItem } from '@rewear/contracts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { wishlistApi, type WishlistApi } from './api.ts';
import { selectUid, sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import {
  addToWishlist,
  clearWishlist,
  loadWishlist,
  PRODUCT_LIKES_UPDATED_EVENT,
  productLikesUpdated,
  removeFromWishlist,
  selectWishlistItems,
  toggleWishlist,
  toWishlistItem,
  wishlistActionFailed,
  wishlistCleared,
  wishlistFailed,
  wishlistItemAdded,
  wishlistItemRemoved,
  wishlistLoaded,
  wishlistReset,
} from './wishlistSlice.ts';

export const NOT_SIGNED_IN = 'Please sign in to use your wishlist';

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/** Tells every page showing like counts, inside and outside the store, that a count changed. */
export function* broadcastLikes(productId: string | null, delta: number) {
  yield put(productLikesUpdated({ productId, delta }));
  if (typeof window !== 'undefined') {
    window.dispatchEvent(
      new CustomEvent(PRODUCT_LIKES_UPDATED_EVENT, { detail: { productId, delta } }),
    );
  }
}

function* load(api: WishlistApi) {
  const uid: string | null = yield select(selectUid);
  if (!uid) {
    yield put(wishlistLoaded([]));
    return;
  }
  try {
    const items: WishlistItem[] = yield call(api.wishlist, uid);
    yield put(wishlistLoaded(items));
  } catch (error) {
    yield put(wishlistFailed(`Failed to fetch wishlist: ${statusOf(error)}`));
  }
}

function* add(api: WishlistApi, action: ReturnType<typeof addToWishlist>) {
  const productId = action.payload.product_id;
  const uid: string | null = yield select(selectUid);
  if (!uid) {
    yield put(wishlistActionFailed({ productId, error: NOT_SIGNED_IN }));
    return;
  }
  try {
    yield call(sendCommand, (options: RequestOptions) =>
      api.add({ userId: uid, productId }, options),
    );
    yield put(wishlistItemAdded(toWishlistItem(action.payload)));
    yield call(broadcastLikes, productId, 1);
  } catch (error) {
    const body = error instanceof Error ? error.message : '';
    yield put(
      wishlistActionFailed({
        productId,
        error: `Failed to add to wishlist: ${statusOf(error)} - ${body}`,
      }),
    );
  }
}

function* remove(api: WishlistApi, action: ReturnType<typeof removeFromWishlist>) {
  const { productId } = action.payload;
  const uid: string | null = yield select(selectUid);
  if (!uid) {
    yield put(wishlistActionFailed({ productId, error: NOT_SIGNED_IN }));
    return;
  }
  try {
    yield call(sendCommand, (options: RequestOptions) => api.remove(uid, productId, options));
    yield put(wishlistItemRemoved({ productId }));
    yield call(broadcastLikes, productId, -1);
  } catch {
    yield put(wishlistActionFailed({ productId, error: 'Failed to remove from wishlist' }));
  }
}

function* toggle(action: ReturnType<typeof toggleWishlist>) {
  const items: WishlistItem[] = yield select(selectWishlistItems);
  const saved = items.some((item) => item.product_id === action.payload.product_id);
  yield put(
    saved
      ? removeFromWishlist({ productId: action.payload.product_id })
      : addToWishlist(action.payload),
  );
}

function* clear(api: WishlistApi) {
  const uid: string | null = yield select(selectUid);
  if (!uid) {
    yield put(wishlistActionFailed({ error: NOT_SIGNED_IN }));
    return;
  }
  try {
    yield call(sendCommand, (options: RequestOptions) => api.clear(uid, options));
    yield put(wishlistCleared());
    yield call(broadcastLikes, null, 0);
  } catch {
    yield put(wishlistActionFailed({ error: 'Failed to clear wishlist' }));
  }
}

function* startSession() {
  yield put(loadWishlist());
}

function* endSession() {
  yield put(wishlistReset());
}

export function* wishlistSaga() {
  const http: Api = yield getContext('api');
  const api = wishlistApi(http);
  yield takeLatest(loadWishlist.type, load, api);
  yield takeEvery(sessionStarted.type, startSession);
  yield takeEvery(sessionEnded.type, endSession);
  yield takeEvery(toggleWishlist.type, toggle);
  yield takeEvery(addToWishlist.type, add, api);
  yield takeEvery(removeFromWishlist.type, remove, api);
  yield takeLatest(clearWishlist.type, clear, api);
}
