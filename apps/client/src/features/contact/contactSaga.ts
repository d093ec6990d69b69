import { call, getContext, put, takeLeading } from 'redux-saga/effects';
import type { ContactMessageReceived } from '@rewear/contracts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { contactApi, type ContactApi } from './api.ts';
import {
  contactMessageFailed,
  contactMessageReceived,
  contactMessageSubmitted,
} from './contactSlice.ts';

export const CONTACT_FAILED = 'Your message could not be sent. Please try again.';

/** One send per submission: a retry after a lost answer carries the same Idempotency-Key. */
export function* sendContactMessageSaga(
  api: ContactApi,
  action: ReturnType<typeof contactMessageSubmitted>,
) {
  try {
    const answer: ContactMessageReceived = yield call(sendCommand, (options: RequestOptions) =>
      api.send(action.payload, options),
    );
    yield put(contactMessageReceived(answer));
  } catch (error) {
    yield put(contactMessageFailed(error instanceof ApiError ? error.message : CONTACT_FAILED));
  }
}

export function* contactSaga() {
  const http: Api = yield getContext('api');
  yield takeLeading(contactMessageSubmitted.type, sendContactMessageSaga, contactApi(http));
}
