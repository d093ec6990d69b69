import { call, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { WishlistItem } from '@rewear/contracts';
import { ApiError, type Api } from '../../api/http.ts';
import {
  describeCommand,
  KeptForLaterError,
  RefusedAfterWaiting,
  sendUserCommand,
} from '../../api/command.ts';
import type { OutboxIntent } from '../../api/outbox.ts';
import { wishlistApi, type WishlistApi } from './api.ts';
import { selectUid, sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import { changesReplayed, selectOutboxIntents } from '../outbox/outboxSlice.ts';
import { replayDone } from '../outbox/outboxSaga.ts';
import {
  addToWishlist,
  clearWishlist,
  loadWishlist,
  PRODUCT_LIKES_UPDATED_EVENT,
  productLikesUpdated,
  removeFromWishlist,
  selectAnswered,
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

/** The items after the wishlist actions of commands still waiting in the outbox. */
export function itemsWithIntents(items: WishlistItem[], intents: readonly OutboxIntent[]) {
  return intents.reduce<WishlistItem[]>((current, intent) => {
    if (addToWishlist.match(intent))
      return current.some((item) => item.product_id === intent.payload.product_id)
        ? current
        : [...current, toWishlistItem(intent.payload)];
    if (removeFromWishlist.match(intent))
      return current.filter((item) => item.product_id !== intent.payload.productId);
    if (clearWishlist.match(intent)) return [];
    return current;
  }, items);
}

/** Reads of the wishlist at most, when likes keep being answered while one is out. */
const MAX_WISHLIST_READS = 3;

function* load(api: WishlistApi) {
  const uid: string | null = yield select(selectUid);
  if (!uid) {
    yield put(wishlistLoaded([]));
    return;
  }
  // Likes kept from an earlier page are sent first: the read then shows them.
  yield call(replayDone);
  try {
    let items: WishlistItem[];
    for (let read = 1; ; read += 1) {
      const before: number = yield select(selectAnswered);
      items = yield call(api.wishlist, uid);
      // A like answered while this read was out (a tap just after the page loaded) may be
      // missing from it: shown, it would vanish again. Read once more, after that answer.
      const after: number = yield select(selectAnswered);
      if (after === before || read === MAX_WISHLIST_READS) break;
    }
    const intents: OutboxIntent[] = yield select(selectOutboxIntents);
    yield put(wishlistLoaded(itemsWithIntents(items, intents)));
  } catch (error) {
    yield put(wishlistFailed(`Failed to fetch wishlist: ${statusOf(error)}`));
  }
}

/** Sends a wishlist command of the user's action through the outbox. */
function* send(use: (api: WishlistApi) => unknown, intent: OutboxIntent) {
  yield call(
    sendUserCommand,
    describeCommand((http) => use(wishlistApi(http))),
    intent,
  );
}

function* add(action: ReturnType<typeof addToWishlist>) {
  const productId = action.payload.product_id;
  const uid: string | null = yield select(selectUid);
  if (!uid) {
    yield put(wishlistActionFailed({ productId, error: NOT_SIGNED_IN }));
    return;
  }
  try {
    // Kept with the product reduced to what a wishlist item shows.
    const { title, image, brand_name, price, original_price, conditions, sizes } = action.payload;
    const product = { product_id: productId, title, image, brand_name, price };
    const intent = addToWishlist({ ...product, original_price, conditions, sizes });
    yield call(send, (wishlist) => wishlist.add({ userId: uid, productId }, {}), intent);
    yield put(wishlistItemAdded(toWishlistItem(action.payload)));
    yield call(broadcastLikes, productId, 1);
  } catch (error) {
    if (error instanceof KeptForLaterError) return;
    const body = error instanceof Error ? error.message : '';
    yield put(
      wishlistActionFailed({
        productId,
        // After waiting in the outbox, the refusal says what became of the like.
        error:
          error instanceof RefusedAfterWaiting
            ? body
            : `Failed to add to wishlist: ${statusOf(error)} - ${body}`,
      }),
    );
  }
}

function* remove(action: ReturnType<typeof removeFromWishlist>) {
  const { productId } = action.payload;
  const uid: string | null = yield select(selectUid);
  if (!uid) {
    yield put(wishlistActionFailed({ productId, error: NOT_SIGNED_IN }));
    return;
  }
  try {
    yield call(send, (wishlist) => wishlist.remove(uid, productId, {}), action);
    yield put(wishlistItemRemoved({ productId }));
    yield call(broadcastLikes, productId, -1);
  } catch (error) {
    if (error instanceof KeptForLaterError) return;
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

function* clear(action: ReturnType<typeof clearWishlist>) {
  const uid: string | null = yield select(selectUid);
  if (!uid) {
    yield put(wishlistActionFailed({ error: NOT_SIGNED_IN }));
    return;
  }
  try {
    yield call(send, (wishlist) => wishlist.clear(uid, {}), action);
    yield put(wishlistCleared());
    yield call(broadcastLikes, null, 0);
  } catch (error) {
    if (error instanceof KeptForLaterError) return;
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
  yield takeEvery(addToWishlist.type, add);
  yield takeEvery(removeFromWishlist.type, remove);
  yield takeLatest(clearWishlist.type, clear);
  // Likes kept while offline were sent: read again.
  yield takeLatest(changesReplayed.type, function* () {
    const uid: string | null = yield select(selectUid);
    if (uid) yield put(loadWishlist());
  });
}
