/**
 * Checkout effects (docs/product.md §4 Checkout, §8 Orders and payment): create the order, confirm the card
 * with the client secret, record the payment, then clear the cart and go to the confirmation.
 */
import { call, delay, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { LIMITS, type ClientConfig, type OrderCreated } from '@rewear/contracts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { checkoutApi, pendingOrderFrom, resumedFingerprint, type CheckoutApi } from './api.ts';
import { cartEmptiedAfterOrder } from '../cart/cartSlice.ts';
import {
  CardPaymentError,
  currentCardConfirmer,
  type CardConfirmation,
  type CardConfirmer,
} from './cardPayment.ts';
import {
  cardConfirmed,
  checkoutFailed,
  checkoutOpened,
  orderConfirmed,
  orderCreated,
  paymentDeclined,
  paymentModeResolved,
  payResumedOrder,
  placeOrder,
  redirectRequested,
  resumeFailed,
  resumeOpened,
  resumeReady,
  selectCheckout,
  type CheckoutState,
  type OrderLineInput,
  type PendingOrder,
} from './checkoutSlice.ts';
import { trimShipping, validateShipping, type ShippingInfo } from './shipping.ts';

export const PAYMENT_FALLBACK = 'Payment processing error';

/** A reservation this close to its end is not reused: a new order reserves afresh. */
const RESERVATION_MARGIN_MS = 60_000;

export function orderFingerprint(
  userId: string,
  items: readonly OrderLineInput[],
  shipping: ShippingInfo,
): string {
  const lines = [...items]
    .map((item) => [item.productId, item.quantity, item.unitPrice] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));
  return JSON.stringify({ userId, lines, shipping });
}

export function isValidOrderData(
  userId: string | null,
  items: readonly OrderLineInput[],
): userId is string {
  return (
    Boolean(userId) &&
    items.length > 0 &&
    items.every(
      (item) =>
        Boolean(item.productId) &&
        Number.isInteger(item.quantity) &&
        item.quantity > 0 &&
        Number.isFinite(item.unitPrice) &&
        item.unitPrice >= 0,
    )
  );
}

/** The server's word for an order whose payment failed; a card would be refunded, not used. */
export const ORDER_PAYMENT_FAILED = 'The payment for this order failed. Please place it again.';

/**
 * Whether Place order pays the pending order again rather than placing a new one: only an order
 * placed from the same buyer, lines and shipping, still holding its items for a while, and whose
 * payment has not failed. After a declined card the server has failed the order and released its
 * items (docs/product.md §4.8): a card confirmed for it would be charged and then refunded.
 */
export function reusableOrder(
  pending: PendingOrder | null,
  fingerprint: string,
  now: number,
): pending is PendingOrder {
  return (
    pending !== null &&
    !pending.paymentFailed &&
    pending.fingerprint === fingerprint &&
    Date.parse(pending.expiresAt) - now > RESERVATION_MARGIN_MS
  );
}

export function* placeOrderSaga(action: ReturnType<typeof placeOrder>) {
  const http: Api = yield getContext('api');
  const api = checkoutApi(http);
  const state: CheckoutState = yield select(selectCheckout);
  const shipping = trimShipping(state.shipping);
  const shippingProblem = validateShipping(shipping);
  if (shippingProblem) {
    yield put(checkoutFailed(shippingProblem));
    return;
  }
  const { userId, items } = action.payload;
  if (!isValidOrderData(userId, items)) {
    yield put(checkoutFailed('Invalid order data'));
    return;
  }

  try {
    const fingerprint = orderFingerprint(userId, items, shipping);
    let order = state.pendingOrder;
    let paymentId = state.confirmedPaymentId;
    if (!reusableOrder(order, fingerprint, Date.now())) {
      try {
        const body = { userId, orderItems: items, shippingInfo: shipping };
        const created: OrderCreated = yield call(sendCommand, (options: RequestOptions) =>
          api.createOrder(body, options),
        );
        order = pendingOrderFrom(created, fingerprint);
        paymentId = null;
        yield put(orderCreated(order));
      } catch (error) {
        yield put(
          checkoutFailed(error instanceof ApiError ? error.message : 'Failed to create order'),
        );
        return;
      }
    }

    yield call(payOrder, api, order, paymentId);
  } catch (error) {
    console.error('Checkout failed', error instanceof Error ? error.message : error);
    yield put(checkoutFailed(PAYMENT_FALLBACK));
  }
}

/**
 * Pays a created order: confirms the card (unless it was confirmed already), records the
 * payment, then shows the success and goes to the confirmation. Failures set the message.
 */
function* payOrder(api: CheckoutApi, order: PendingOrder, confirmedPaymentId: string | null) {
  let paymentId = confirmedPaymentId;
  // A card confirmed earlier for this same order is not charged twice.
  if (!paymentId) {
    const confirmCard: CardConfirmer | null = yield call(currentCardConfirmer);
    if (!confirmCard) {
      yield put(checkoutFailed(PAYMENT_FALLBACK));
      return;
    }
    try {
      const confirmation: CardConfirmation = yield call(confirmCard, order.clientSecret);
      paymentId = confirmation.paymentIntentId;
    } catch (error) {
      const message =
        error instanceof CardPaymentError && error.message ? error.message : PAYMENT_FALLBACK;
      // A declined card fails the order on the server: the next try must not pay it.
      if (error instanceof CardPaymentError && error.declined)
        yield put(paymentDeclined({ orderId: order.id, message }));
      else yield put(checkoutFailed(message));
      return;
    }
    yield put(cardConfirmed({ paymentIntentId: paymentId }));
  }

  try {
    const { id } = order;
    const body = { stripePaymentId: paymentId };
    yield call(sendCommand, (options: RequestOptions) => api.recordPayment(id, body, options));
  } catch {
    yield put(checkoutFailed('Payment confirmed but failed to update order'));
    return;
  }

  // The server empties the cart itself when the order is paid; the screen follows at once.
  yield put(cartEmptiedAfterOrder());
  yield put(orderConfirmed({ orderId: order.id }));
  yield delay(LIMITS.redirectAfterPaymentMs);
  yield put(redirectRequested(`/order-confirmation/${encodeURIComponent(order.id)}`));
}

/** The pay page of an unpaid order: its PaymentIntent's client secret, asked for again. */
export function* resumeOpenedSaga(action: ReturnType<typeof resumeOpened>) {
  const state: CheckoutState = yield select(selectCheckout);
  if (state.status === 'processing') return;
  const http: Api = yield getContext('api');
  const api = checkoutApi(http);
  const { orderId } = action.payload;
  try {
    const resumed: OrderCreated = yield call(sendCommand, (options: RequestOptions) =>
      api.resumePayment(orderId, options),
    );
    yield put(resumeReady(pendingOrderFrom(resumed, resumedFingerprint(orderId))));
  } catch (error) {
    yield put(
      resumeFailed(error instanceof ApiError ? error.message : 'Failed to fetch order details'),
    );
  }
}

export function* payResumedOrderSaga() {
  const state: CheckoutState = yield select(selectCheckout);
  const order = state.pendingOrder;
  if (!order || order.id !== state.resume.orderId) {
    yield put(checkoutFailed(PAYMENT_FALLBACK));
    return;
  }
  // Declined once already: the order has failed and would refund any card confirmed for it.
  if (order.paymentFailed) {
    yield put(checkoutFailed(ORDER_PAYMENT_FAILED));
    return;
  }
  const http: Api = yield getContext('api');
  try {
    yield call(payOrder, checkoutApi(http), order, state.confirmedPaymentId);
  } catch (error) {
    console.error('Payment failed', error instanceof Error ? error.message : error);
    yield put(checkoutFailed(PAYMENT_FALLBACK));
  }
}

/** Which card form to show: the client config says whether a Stripe publishable key is configured. */
export function* resolvePaymentModeSaga() {
  const state: CheckoutState = yield select(selectCheckout);
  if (state.paymentMode !== 'loading') return;
  const http: Api = yield getContext('api');
  const api = checkoutApi(http);
  try {
    const config: ClientConfig = yield call(api.config);
    yield put(paymentModeResolved({ stripePublishableKey: config.stripePublishableKey }));
  } catch {
    yield put(paymentModeResolved({ stripePublishableKey: null }));
  }
}

export function* checkoutSaga() {
  yield takeLatest(checkoutOpened.type, resolvePaymentModeSaga);
  yield takeLeading(placeOrder.type, placeOrderSaga);
  yield takeLatest(resumeOpened.type, resumeOpenedSaga);
  yield takeLeading(payResumedOrder.type, payResumedOrderSaga);
}
