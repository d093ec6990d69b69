import {
  call,
  fork,
  getContext,
  join,
  put,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import { buffers, channel, type Channel, type EventChannel, type Task } from 'redux-saga';
import type { CartView, CommandAnswer } from '@rewear/contracts';
import { standingRefusal } from '../../api/standing.ts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import {
  describeCommand,
  keepCommand,
  KeptForLaterError,
  OutboxFullError,
  RefusedAfterWaiting,
  sendCommand,
  sendKeptCommand,
  sendUserCommand,
  type KeptCommand,
} from '../../api/command.ts';
import type { OutboxIntent } from '../../api/outbox.ts';
import { callWithRetry } from '../../api/retry.ts';
import { sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import { changesReplayed, selectOutboxIntents } from '../outbox/outboxSlice.ts';
import { replayDone } from '../outbox/outboxSaga.ts';
import {
  addToCart,
  cartBundlesLoaded,
  cartLoaded,
  cartRefreshRequested,
  cartLoadFailed,
  cartLoading,
  cartReset,
  clearCart,
  commandFailed,
  commandRejected,
  commandSucceeded,
  linesChangedElsewhere,
  linesWithIntents,
  mergeNoticesShown,
  outboxLinesShown,
  removeFromCart,
  selectCart,
  updateQuantity,
  visitorCartRestored,
  type CartState,
} from './cartSlice.ts';
import {
  cartApi,
  cartLinesFrom,
  mergeItemsFrom,
  mergeNoticesFrom,
  type CartApi,
  type CartCreated,
  type CartMerged,
} from './api.ts';
import {
  backupChangesChannel,
  readBackup,
  removeBackup,
  writeBackup,
  type BackupChange,
} from './cartBackup.ts';

export const CART_MESSAGES = {
  load: 'Failed to load cart. Please try again.',
  create: 'Failed to create cart. Please try again later.',
  add: 'Failed to add item to cart. Please try again.',
  remove: 'Failed to remove item from cart. Please try again.',
  update: 'Failed to update quantity. Please try again.',
  clear: 'Failed to clear cart. Please try again.',
  notInitialised: 'Cart not initialized',
} as const;

type CartCommand =
  | ReturnType<typeof addToCart>
  | ReturnType<typeof removeFromCart>
  | ReturnType<typeof updateQuantity>
  | ReturnType<typeof clearCart>;

/** Reads the user's cart, waiting until projections contain the given position. */
function* fetchCart(api: CartApi, uid: string, position: number | null | undefined) {
  const options = typeof position === 'number' ? { consistencyToken: position } : undefined;
  const view: CartView = yield call(callWithRetry, api.userCart, uid, options);
  yield put(cartBundlesLoaded(view.bundles ?? {}));
  return view;
}

/** The command of a cart action, as a call of the cart's api, and what to say if it fails. */
function commandOf(
  action: CartCommand,
  cartId: string,
): {
  send: (api: CartApi, options: RequestOptions) => Promise<CommandAnswer | undefined>;
  failure: string;
} {
  if (addToCart.match(action)) {
    const body = {
      cartId,
      productId: action.payload.product.product_id,
      quantity: action.payload.quantity ?? 1,
    };
    return { send: (api, options) => api.addItem(body, options), failure: CART_MESSAGES.add };
  }
  if (removeFromCart.match(action)) {
    const body = { cartId, productId: action.payload.productId, quantity: action.payload.quantity };
    return { send: (api, options) => api.removeItem(body, options), failure: CART_MESSAGES.remove };
  }
  if (updateQuantity.match(action)) {
    const body = { cartId, productId: action.payload.productId, quantity: action.payload.quantity };
    return { send: (api, options) => api.updateItem(body, options), failure: CART_MESSAGES.update };
  }
  return { send: (api, options) => api.clear({ cartId }, options), failure: CART_MESSAGES.clear };
}

const requestOf = (action: CartCommand, cartId: string) =>
  describeCommand((http) => commandOf(action, cartId).send(cartApi(http), {}));

/** The action as the outbox keeps it: the product reduced to what a cart line shows. */
function intentOf(action: CartCommand): OutboxIntent {
  if (!addToCart.match(action)) return action;
  const { product_id, title, image, brand_name, price, stock, seller_id } = action.payload.product;
  const product = { product_id, title, image, brand_name, price, stock, seller_id };
  return addToCart({ ...action.payload, product });
}

/**
 * A cart action waiting its turn, with the keeping of its command in the outbox when that could
 * start at once (its task answers the kept command, or the error that refused it).
 */
interface Queued {
  action: CartCommand;
  keeping: Task | null;
}

/**
 * Sends one optimistic change to the server and reconciles with the server's cart. `kept`: its
 * command, kept in the outbox when the shopper acted (else it is kept now, where it can be).
 */
export function* runCartCommand(
  api: CartApi,
  action: CartCommand,
  kept: KeptCommand | null = null,
) {
  let cart: CartState = yield select(selectCart);
  const owner = cart.owner;
  if (!owner || (kept && kept.entry.uid !== owner)) {
    // The visitor cart lives in this browser only; a command kept for a shopper who signed out
    // meanwhile waits for their next sign-in.
    if (kept) kept.outbox.live.delete(kept.entry.key);
    return;
  }
  if (!kept && !cart.cartId && cart.status === 'loading') {
    // A click just after sign-in, while the shopper's cart is still being read or created:
    // the command waits for it instead of being refused.
    yield take([cartLoaded.type, cartLoadFailed.type]);
    cart = yield select(selectCart);
  }
  if (!kept && (!cart.cartId || cart.owner !== owner)) {
    yield put(commandRejected({ error: CART_MESSAGES.notInitialised }));
    return;
  }
  const { failure } = commandOf(action, cart.cartId ?? '');
  let answer: CommandAnswer | undefined;
  try {
    answer = kept
      ? yield call(sendKeptCommand<CommandAnswer | undefined>, kept)
      : yield call(
          sendUserCommand<CommandAnswer | undefined>,
          requestOf(action, cart.cartId!),
          intentOf(action),
        );
  } catch (error) {
    // Signed out before it could be sent: kept for that user's next sign-in, nothing to show.
    if (error instanceof KeptForLaterError) return;
    // A stock conflict says how many are left ('Only 2 available'): more useful than the generic text.
    // After waiting in the outbox, a refusal says what became of the change.
    // A suspended or banned account's refusal says until when and why.
    const message =
      standingRefusal(error) ??
      ((error instanceof ApiError && error.status === 409) ||
      error instanceof RefusedAfterWaiting ||
      error instanceof OutboxFullError
        ? error.message
        : failure);
    yield put(commandFailed({ error: message }));
    if (clearCart.match(action)) yield call(reloadCart, api, owner);
    return;
  }
  try {
    const view: CartView = yield call(fetchCart, api, owner, answer?.position);
    yield put(commandSucceeded({ id: view.id, lines: cartLinesFrom(view) }));
  } catch {
    yield put(commandFailed({ error: CART_MESSAGES.load }));
  }
}

function* keep(action: CartCommand, cartId: string) {
  try {
    const kept: KeptCommand | null = yield call(
      keepCommand,
      requestOf(action, cartId),
      intentOf(action),
    );
    return kept;
  } catch (error) {
    return error instanceof Error ? error : new Error(CART_MESSAGES.add);
  }
}

/**
 * At once when the shopper acts: the command starts being kept in the outbox before anything
 * else happens (the page may be left the next moment), then waits its turn. Before the signed-in
 * shopper's cart is known it is kept when its turn comes.
 */
function* keepAtOnce(queue: Channel<Queued>, action: CartCommand) {
  const cart: CartState = yield select(selectCart);
  const ready = cart.owner && cart.cartId && cart.status === 'ready';
  const keeping: Task | null = ready ? yield fork(keep, action, cart.cartId!) : null;
  yield put(queue, { action, keeping });
}

function* reloadCart(api: CartApi, uid: string) {
  try {
    const view: CartView = yield call(fetchCart, api, uid, undefined);
    yield put(cartLoaded({ id: view.id, lines: cartLinesFrom(view) }));
  } catch {
    yield put(cartLoadFailed({ error: CART_MESSAGES.load }));
  }
}

/**
 * Sign-in: the user's server cart is read (created when missing, or when reading fails), the
 * visitor's cart from this browser is merged into it, and the merged cart is shown.
 */
export function* loadUserCart(api: CartApi, action: ReturnType<typeof sessionStarted>) {
  const { uid } = action.payload;
  yield put(cartLoading({ owner: uid }));
  // Commands kept from an earlier page are sent first: the read then shows them.
  yield call(replayDone);
  const backup = readBackup();
  const visitorLines = backup && backup.owner === null ? backup.lines : [];

  let view: CartView = { id: null, products: [] };
  try {
    view = yield call(fetchCart, api, uid, undefined);
  } catch (error) {
    console.error('Failed to get cart', error instanceof Error ? error.message : error);
    yield put(cartLoadFailed({ error: CART_MESSAGES.load }));
  }

  let cartId = view.id;
  if (!cartId) {
    try {
      const created: CartCreated = yield call(sendCommand, (options: RequestOptions) =>
        api.create({ userId: uid }, options),
      );
      cartId = created.id;
    } catch (error) {
      console.error('Failed to create cart', error instanceof Error ? error.message : error);
      yield put(cartLoadFailed({ error: CART_MESSAGES.create }));
      // Without the server's cart, what this browser last showed of this shopper's.
      if (backup?.owner === uid && backup.lines.length > 0)
        yield put(outboxLinesShown(backup.lines));
      return;
    }
  }

  if (visitorLines.length > 0) {
    try {
      const body = { cartId, items: mergeItemsFrom(visitorLines) };
      const before = cartLinesFrom(view);
      const merged: CartMerged = yield call(sendCommand, (options: RequestOptions) =>
        api.merge(body, options),
      );
      const notices = mergeNoticesFrom(visitorLines, before, merged);
      if (notices.length > 0) yield put(mergeNoticesShown(notices));
      view = yield call(fetchCart, api, uid, merged.position);
    } catch (error) {
      console.error('Failed to merge the cart', error instanceof Error ? error.message : error);
    }
  }
  yield put(cartLoaded({ id: cartId, lines: cartLinesFrom(view) }));
  // Changes still waiting in the outbox (no connection): shown on top of the server's cart.
  const intents: OutboxIntent[] = yield select(selectOutboxIntents);
  if (intents.length > 0)
    yield put(outboxLinesShown(linesWithIntents(cartLinesFrom(view), intents)));
}

function* endSession() {
  yield put(cartReset());
  yield call(removeBackup);
}

/** Keeps the backup equal to the lines on screen. */
function* persistBackup() {
  const cart: CartState = yield select(selectCart);
  if (cart.status === 'loading') return;
  yield call(writeBackup, { owner: cart.owner, lines: cart.lines });
}

function* restoreVisitorCart() {
  const backup = readBackup();
  if (backup && backup.owner === null && backup.lines.length > 0)
    yield put(visitorCartRestored(backup.lines));
}

function* followOtherTabs(channel: EventChannel<BackupChange>) {
  while (true) {
    const { backup }: BackupChange = yield take(channel);
    const cart: CartState = yield select(selectCart);
    if (backup === null) {
      yield put(linesChangedElsewhere([]));
    } else if (backup.owner === cart.owner) {
      yield put(linesChangedElsewhere(backup.lines));
    }
  }
}

function* processCommands(api: CartApi, queue: Channel<Queued>) {
  // One command at a time, in the order the shopper acted.
  while (true) {
    const { action, keeping }: Queued = yield take(queue);
    const kept: KeptCommand | Error | null = keeping ? yield join(keeping) : null;
    if (kept instanceof Error) yield put(commandRejected({ error: kept.message }));
    else yield call(runCartCommand, api, action, kept);
  }
}

export function* cartSaga() {
  const http: Api = yield getContext('api');
  const api = cartApi(http);
  yield call(restoreVisitorCart);
  const queue: Channel<Queued> = yield call(channel, buffers.expanding<Queued>());
  yield fork(processCommands, api, queue);
  yield takeEvery(
    [addToCart.type, removeFromCart.type, updateQuantity.type, clearCart.type],
    keepAtOnce,
    queue,
  );
  if (typeof window !== 'undefined') {
    const channel: EventChannel<BackupChange> = yield call(backupChangesChannel);
    yield fork(followOtherTabs, channel);
  }
  yield takeLatest(sessionStarted.type, loadUserCart, api);
  yield takeLatest([cartRefreshRequested.type, changesReplayed.type], function* () {
    const cart: CartState = yield select(selectCart);
    if (cart.owner && cart.pending === 0) yield call(reloadCart, api, cart.owner);
  });
  yield takeEvery(sessionEnded.type, endSession);
  yield takeEvery(
    [
      addToCart.type,
      removeFromCart.type,
      updateQuantity.type,
      clearCart.type,
      commandSucceeded.type,
      commandFailed.type,
      commandRejected.type,
      cartLoaded.type,
      outboxLinesShown.type,
    ],
    persistBackup,
  );
}
