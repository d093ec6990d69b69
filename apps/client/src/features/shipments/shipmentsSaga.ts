import { all, call, getContext, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SellerBalance, ShipmentView } from '@rewear/contracts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { sessionEnded } from '../auth/authSlice.ts';
import { shipmentsApi, type ShipmentChanged, type ShipmentsApi } from './api.ts';
import {
  balanceFailed,
  balanceLoaded,
  orderShipmentsFailed,
  orderShipmentsLoaded,
  orderShipmentsRequested,
  salesFailed,
  salesLoaded,
  salesRequested,
  shipmentActionDone,
  shipmentActionFailed,
  shipmentActionRequested,
  shipmentsReset,
  type ShipmentActionRequest,
} from './shipmentsSlice.ts';

export const NETWORK_ERROR =
  'Unable to connect to server. Please check your internet connection and try again.';

function* contextApi() {
  const http: Api = yield getContext('api');
  return shipmentsApi(http);
}

/** The server's own words for a refusal (403, 404, 409, 400); a fixed text for anything else. */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status >= 500 ? fallback : error.message;
  return NETWORK_ERROR;
}

function* loadSales(api: ShipmentsApi) {
  try {
    const shipments: ShipmentView[] = yield call(api.sales);
    yield put(salesLoaded(shipments ?? []));
  } catch (error) {
    yield put(salesFailed(messageOf(error, 'Failed to fetch your sales')));
  }
}

function* loadBalance(api: ShipmentsApi) {
  try {
    const balance: SellerBalance = yield call(api.balance);
    yield put(balanceLoaded(balance));
  } catch (error) {
    yield put(balanceFailed(messageOf(error, 'Failed to fetch your balance')));
  }
}

/** My Sales: the shipments and the balance, read side by side; each fails on its own. */
export function* salesSaga() {
  const api: ShipmentsApi = yield call(contextApi);
  yield all([call(loadSales, api), call(loadBalance, api)]);
}

export function* orderShipmentsSaga(action: ReturnType<typeof orderShipmentsRequested>) {
  const api: ShipmentsApi = yield call(contextApi);
  const { orderId } = action.payload;
  try {
    const shipments: ShipmentView[] = yield call(api.orderShipments, orderId);
    yield put(orderShipmentsLoaded({ orderId, shipments: shipments ?? [] }));
  } catch (error) {
    yield put(
      orderShipmentsFailed({ orderId, error: messageOf(error, 'Failed to fetch shipments') }),
    );
  }
}

function send(api: ShipmentsApi, request: ShipmentActionRequest) {
  const id = request.shipmentId;
  switch (request.action) {
    case 'ship':
      return (options: RequestOptions) => api.ship(id, request.body, options);
    case 'reportProblem':
      return (options: RequestOptions) => api.reportProblem(id, request.body, options);
    default: {
      const command = api[request.action];
      return (options: RequestOptions) => command(id, options);
    }
  }
}

/**
 * One action on one shipment. Whatever the answer, the list it came from is read again (after
 * the command's position): a refusal usually means the other party moved the shipment meanwhile,
 * and the buttons must match what the server accepts now.
 */
export function* shipmentActionSaga(action: ReturnType<typeof shipmentActionRequested>) {
  const request = action.payload;
  const api: ShipmentsApi = yield call(contextApi);
  try {
    const answer: ShipmentChanged = yield call(sendCommand, send(api, request));
    yield put(
      shipmentActionDone({
        shipmentId: request.shipmentId,
        status: answer.shipment.status,
        refunded: answer.shipment.refunded,
      }),
    );
  } catch (error) {
    yield put(
      shipmentActionFailed({
        shipmentId: request.shipmentId,
        message: messageOf(error, 'Something went wrong. Please try again.'),
      }),
    );
  }
  if (request.role === 'seller') yield put(salesRequested());
  else yield put(orderShipmentsRequested({ orderId: request.orderId }));
}

export function* shipmentsSaga() {
  yield takeLatest(salesRequested.type, salesSaga);
  // One read per order: My Orders reads several orders' shipments at once.
  yield takeEvery(orderShipmentsRequested.type, orderShipmentsSaga);
  yield takeEvery(shipmentActionRequested.type, shipmentActionSaga);
  // Another user's sales and shipments never stay on screen after sign-out.
  yield takeLatest(sessionEnded.type, function* () {
    yield put(shipmentsReset());
  });
}
