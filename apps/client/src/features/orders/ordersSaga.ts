import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import type { OrderRow } from '@rewear/contracts';
import { ApiError, type Api } from '../../api/http.ts';
import { ordersApi, type OrdersApi } from './api.ts';
import { sessionEnded } from '../auth/authSlice.ts';
import { groupOrderRows, newestFirst } from './orderGrouping.ts';
import {
  fetchOrder,
  fetchOrders,
  orderFailed,
  orderLoaded,
  ordersFailed,
  ordersLoaded,
  ordersReset,
} from './ordersSlice.ts';

export const NETWORK_ERROR =
  'Unable to connect to server. Please check your internet connection and try again.';

function* contextApi() {
  const http: Api = yield getContext('api');
  return ordersApi(http);
}

/** The user's orders: 404 means none yet. */
export function* fetchOrdersSaga(action: ReturnType<typeof fetchOrders>) {
  const api: OrdersApi = yield call(contextApi);
  try {
    const rows: OrderRow[] = yield call(api.userOrders, action.payload.uid);
    yield put(ordersLoaded(newestFirst(groupOrderRows(rows ?? []))));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      yield put(ordersLoaded([]));
    } else if (error instanceof ApiError) {
      yield put(ordersFailed('Failed to fetch orders'));
    } else {
      yield put(ordersFailed(NETWORK_ERROR));
    }
  }
}

/** One order: one row per item. */
export function* fetchOrderSaga(action: ReturnType<typeof fetchOrder>) {
  const api: OrdersApi = yield call(contextApi);
  try {
    const rows: OrderRow[] = yield call(api.order, action.payload.orderId);
    const [order] = groupOrderRows(rows ?? []);
    if (order) yield put(orderLoaded(order));
    else yield put(orderFailed('Failed to fetch order details'));
  } catch (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    yield put(orderFailed(notFound ? error.message : 'Failed to fetch order details'));
  }
}

export function* ordersSaga() {
  yield takeLatest(fetchOrders.type, fetchOrdersSaga);
  yield takeLatest(fetchOrder.type, fetchOrderSaga);
  // Another user's orders never stay on screen after sign-out.
  yield takeLatest(sessionEnded.type, function* () {
    yield put(ordersReset());
  });
}
