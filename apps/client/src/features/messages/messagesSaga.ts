/**
 * Offers and messages effects (docs/product.md §13): read the conversations, send a message or
 * an offer or an answer and read the conversation again (after the command's position), and
 * read it again when a notification about it arrives live (`notifications/received`).
 */
import { call, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { BundleDiscounts, ConversationList, ConversationView } from '@rewear/contracts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import {
  describeCommand,
  KeptForLaterError,
  sendCommand,
  sendUserCommand,
} from '../../api/command.ts';
import { sessionEnded } from '../auth/authSlice.ts';
import { cartRefreshRequested } from '../cart/cartSlice.ts';
import { messagesApi, type MessageAnswer, type MessagesApi, type OfferAnswer } from './api.ts';
import {
  bundleFailed,
  bundleLoaded,
  bundleRequested,
  bundleSaved,
  bundleSaveRequested,
  conversationFailed,
  conversationLoaded,
  conversationPath,
  conversationRequested,
  conversationsFailed,
  conversationsLoaded,
  conversationsRequested,
  messagesReset,
  messageSent,
  notificationReceived,
  offerAnswered,
  offerMade,
  selectMessages,
  sendFailed,
  sendSucceeded,
  type MessagesState,
} from './messagesSlice.ts';

export const NETWORK_ERROR =
  'Unable to connect to server. Please check your internet connection and try again.';

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status >= 500 ? fallback : error.message;
  return NETWORK_ERROR;
}

function* contextApi() {
  const http: Api = yield getContext('api');
  return messagesApi(http);
}

function* loadList() {
  const api: MessagesApi = yield call(contextApi);
  try {
    const list: ConversationList = yield call(api.list);
    yield put(conversationsLoaded(list.conversations));
  } catch (error) {
    yield put(conversationsFailed(messageOf(error, 'Failed to load your messages')));
  }
}

function* loadConversation(action: ReturnType<typeof conversationRequested>) {
  const api: MessagesApi = yield call(contextApi);
  const id = action.payload;
  try {
    const view: ConversationView = yield call(api.conversation, id);
    yield put(conversationLoaded(view));
  } catch (error) {
    yield put(
      conversationFailed({
        id,
        error: messageOf(error, 'Failed to load this conversation'),
        notFound: error instanceof ApiError && error.status === 404,
      }),
    );
  }
}

/**
 * Sends one command; on success the conversation it changed is read again. A message (`intent`:
 * its action) goes through the outbox: kept until sent, even offline or if the page is left.
 */
function* send(
  command: (api: MessagesApi, options: RequestOptions) => Promise<MessageAnswer | OfferAnswer>,
  conversationId: string | undefined,
  intent?: ReturnType<typeof messageSent>,
) {
  const api: MessagesApi = yield call(contextApi);
  try {
    const answer: MessageAnswer | OfferAnswer = intent
      ? yield call(
          sendUserCommand,
          describeCommand((http) => command(messagesApi(http), {})),
          intent,
        )
      : yield call(sendCommand, (options: RequestOptions) => command(api, options));
    const id = answer.conversationId ?? conversationId ?? null;
    yield put(sendSucceeded({ conversationId: id }));
    const state: MessagesState = yield select(selectMessages);
    if (id && state.conversation.id === id) yield put(conversationRequested(id));
    return answer;
  } catch (error) {
    if (error instanceof KeptForLaterError) return null;
    yield put(sendFailed(messageOf(error, 'Something went wrong. Please try again.')));
    return null;
  }
}

function* sendMessage(action: ReturnType<typeof messageSent>) {
  const { conversationId, listingId, text } = action.payload;
  yield call(
    send,
    (api, options) =>
      conversationId
        ? api.write(conversationId, text, options)
        : api.writeAbout(listingId!, text, options),
    conversationId,
    action,
  );
}

/** Offers and their answers are not kept for later: an amount is sent while it is on screen. */
function* makeOffer(action: ReturnType<typeof offerMade>) {
  const { listingId, amount } = action.payload;
  yield call(send, (api, options) => api.makeOffer(listingId, amount, options), undefined);
}

function* answerOffer(action: ReturnType<typeof offerAnswered>) {
  const { conversationId, offerId, action: answer, amount } = action.payload;
  const result: OfferAnswer | null = yield call(
    send,
    (api, options) => api.answerOffer(conversationId, offerId, answer, amount, options),
    conversationId,
  );
  // The buyer's accepted counter prices their cart from now on: the cart is read again.
  if (result?.offer.status === 'accepted') yield put(cartRefreshRequested());
}

/** A notification about the open conversation (or any, with the list open) arrived live. */
function* onNotification(action: ReturnType<typeof notificationReceived>) {
  const state: MessagesState = yield select(selectMessages);
  const id = state.conversation.id;
  if (id && action.payload.link === conversationPath(id)) {
    yield put(conversationRequested(id));
    // An offer accepted by the seller prices the buyer's cart.
    if (action.payload.kind === 'offer_accepted') yield put(cartRefreshRequested());
  }
  if (state.list.status === 'loaded' && action.payload.link.startsWith('/messages/'))
    yield put(conversationsRequested());
}

function* loadBundle(action: ReturnType<typeof bundleRequested>) {
  const api: MessagesApi = yield call(contextApi);
  try {
    const bundle: BundleDiscounts = yield call(api.bundleDiscounts, action.payload);
    yield put(bundleLoaded(bundle.tiers));
  } catch (error) {
    yield put(bundleFailed(messageOf(error, 'Failed to load your bundle discounts')));
  }
}

function* saveBundle(action: ReturnType<typeof bundleSaveRequested>) {
  const api: MessagesApi = yield call(contextApi);
  try {
    const saved: BundleDiscounts = yield call(sendCommand, (options: RequestOptions) =>
      api.setBundleDiscounts(action.payload, options),
    );
    yield put(bundleSaved(saved.tiers));
  } catch (error) {
    yield put(bundleFailed(messageOf(error, 'Failed to save your bundle discounts')));
  }
}

export function* messagesSaga() {
  yield takeLatest(conversationsRequested.type, loadList);
  yield takeLatest(conversationRequested.type, loadConversation);
  yield takeEvery(messageSent.type, sendMessage);
  yield takeEvery(offerMade.type, makeOffer);
  yield takeEvery(offerAnswered.type, answerOffer);
  yield takeEvery(notificationReceived.type, onNotification);
  yield takeLatest(bundleRequested.type, loadBundle);
  yield takeLatest(bundleSaveRequested.type, saveBundle);
  // Another user's conversations never stay on screen after sign-out.
  yield takeLatest(sessionEnded.type, function* () {
    yield put(messagesReset());
  });
}
