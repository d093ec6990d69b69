import { call, getContext, put, select, takeLatest } from 'redux-saga/effects';
import type { NotificationList } from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { selectIsSignedIn } from '../auth/authSlice.ts';
import { notificationsApi, type NotificationsApi } from './api.ts';
import {
  notificationsFailed,
  notificationsLoaded,
  notificationsMarkedRead,
  notificationsOpened,
  notificationsRequested,
} from './notificationsSlice.ts';

export const LOAD_FAILED = 'Failed to load your notifications';

/** The list, or null when it could not be read (the failure is in the state). */
function* load(api: NotificationsApi) {
  const signedIn: boolean = yield select(selectIsSignedIn);
  if (!signedIn) return null;
  try {
    const list: NotificationList = yield call(api.list);
    yield put(notificationsLoaded(list));
    return list;
  } catch {
    yield put(notificationsFailed(LOAD_FAILED));
    return null;
  }
}

/** Reads the list, then marks read up to the newest one shown. */
function* open(api: NotificationsApi) {
  const list: NotificationList | null = yield call(load, api);
  const newest = list?.notifications[0];
  if (!list || !newest || list.unreadCount === 0) return;
  yield put(notificationsMarkedRead({ upTo: newest.at }));
  try {
    yield call(sendCommand, (options: RequestOptions) =>
      api.markRead({ upTo: newest.at }, options),
    );
  } catch {
    // They show read here; the next read after a page change says how the server has them.
  }
}

export function* notificationsSaga() {
  const http: Api = yield getContext('api');
  const api = notificationsApi(http);
  yield takeLatest(notificationsRequested.type, load, api);
  yield takeLatest(notificationsOpened.type, open, api);
}
