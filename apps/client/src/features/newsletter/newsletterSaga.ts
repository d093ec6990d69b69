import { call, delay, getContext, put, takeLatest } from 'redux-saga/effects';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { newsletterApi, type NewsletterApi } from './api.ts';
import {
  newsletterMessageExpired,
  subscribe,
  subscribed,
  subscribeFailed,
} from './newsletterSlice.ts';

export const NEWSLETTER_MESSAGE_MS = 5000;

function* subscribeSaga(api: NewsletterApi, action: ReturnType<typeof subscribe>) {
  try {
    const body = { email: action.payload.email.trim() };
    yield call(sendCommand, (options: RequestOptions) => api.subscribe(body, options));
    yield put(subscribed('Thanks for subscribing! Check your inbox for our latest deals.'));
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

export function* newsletterSaga() {
  const http: Api = yield getContext('api');
  yield takeLatest(subscribe.type, subscribeSaga, newsletterApi(http));
}
