import { call, delay, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { newsletterApi, type NewsletterApi, type Subscribed } from './api.ts';
import {
  newsletterMessageExpired,
  subscribe,
  subscribed,
  subscribeFailed,
  unsubscribe,
  unsubscribed,
  unsubscribeFailed,
} from './newsletterSlice.ts';

export const NEWSLETTER_MESSAGE_MS = 5000;

function* subscribeSaga(api: NewsletterApi, action: ReturnType<typeof subscribe>) {
  try {
    const body = { email: action.payload.email.trim() };
    const answer: Subscribed = yield call(sendCommand, (options: RequestOptions) =>
      api.subscribe(body, options),
    );
    // The server's words: a new subscription, or one that already existed.
    yield put(subscribed(answer?.message || 'Thanks for subscribing to our newsletter!'));
  } catch (error) {
    yield put(
      subscribeFailed(
        error instanceof ApiError ? error.message : 'Failed to subscribe. Please try again.',
      ),
    );
  }
  // takeLatest: a new submission restarts the 5 s clock.
  yield delay(NEWSLETTER_MESSAGE_MS);
  yield put(newsletterMessageExpired());
}

function* unsubscribeSaga(api: NewsletterApi, action: ReturnType<typeof unsubscribe>) {
  try {
    const body = { email: action.payload.email.trim() };
    const answer: Subscribed = yield call(sendCommand, (options: RequestOptions) =>
      api.unsubscribe(body, options),
    );
    yield put(unsubscribed(answer?.message || 'You have been unsubscribed.'));
  } catch (error) {
    yield put(
      unsubscribeFailed(
        error instanceof ApiError ? error.message : 'Failed to unsubscribe. Please try again.',
      ),
    );
  }
}

export function* newsletterSaga() {
  const http: Api = yield getContext('api');
  const api = newsletterApi(http);
  yield takeLatest(subscribe.type, subscribeSaga, api);
  yield takeLeading(unsubscribe.type, unsubscribeSaga, api);
}
