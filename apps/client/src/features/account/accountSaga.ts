import { call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { MemberData } from '@rewear/contracts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { accountApi, type AccountApi } from './api.ts';
import {
  accountDeleted,
  accountDeletionRefused,
  accountDeletionRequested,
  memberDataFailed,
  memberDataLoaded,
  memberDataRequested,
} from './accountSlice.ts';

export const DATA_FAILED = 'Your data could not be loaded. Please try again.';
export const DELETE_FAILED = 'Your account could not be deleted. Please try again.';

export function* loadMemberDataSaga(api: AccountApi) {
  try {
    const data: MemberData = yield call(api.data);
    yield put(memberDataLoaded(data));
  } catch (error) {
    yield put(memberDataFailed(error instanceof ApiError ? error.message : DATA_FAILED));
  }
}

/** Deletes the account once (the confirmation page then signs out: the sign-in is gone). */
export function* deleteAccountSaga(api: AccountApi) {
  try {
    yield call(sendCommand, (options: RequestOptions) => api.deleteAccount(options));
    yield put(accountDeleted());
  } catch (error) {
    yield put(accountDeletionRefused(error instanceof ApiError ? error.message : DELETE_FAILED));
  }
}

export function* accountSaga() {
  const http: Api = yield getContext('api');
  const api = accountApi(http);
  yield takeLatest(memberDataRequested.type, loadMemberDataSaga, api);
  yield takeLeading(accountDeletionRequested.type, deleteAccountSaga, api);
}
