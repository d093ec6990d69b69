import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { HolidayBody, HolidayStatus } from '@rewear/contracts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { holidayApi, type HolidayApi } from './api.ts';
import {
  holidayEndRequested,
  holidayFailed,
  holidayLoaded,
  holidayRequested,
  holidaySaveFailed,
  holidaySaved,
  holidaySetRequested,
} from './holidaySlice.ts';

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

function* load(api: HolidayApi) {
  try {
    const status: HolidayStatus = yield call(api.status);
    yield put(holidayLoaded(status));
  } catch (err) {
    yield put(holidayFailed(messageOf(err, 'Could not load your holiday mode')));
  }
}

function* setHoliday(api: HolidayApi, action: PayloadAction<HolidayBody>) {
  try {
    yield call(sendCommand, (options: RequestOptions) => api.set(action.payload, options));
    yield put(holidaySaved());
    yield put(holidayRequested());
  } catch (err) {
    yield put(holidaySaveFailed(messageOf(err, 'Could not turn holiday mode on')));
  }
}

function* endHoliday(api: HolidayApi) {
  try {
    yield call(sendCommand, (options: RequestOptions) => api.end(options));
    yield put(holidaySaved());
    yield put(holidayRequested());
  } catch (err) {
    yield put(holidaySaveFailed(messageOf(err, 'Could not end holiday mode')));
  }
}

export function* holidaySaga() {
  const http: Api = yield getContext('api');
  const api = holidayApi(http);
  yield takeLatest(holidayRequested.type, load, api);
  yield takeLatest(holidaySetRequested.type, setHoliday, api);
  yield takeLatest(holidayEndRequested.type, endHoliday, api);
}
