/** An order: placed with stock held, then paid, failed or expired. Stream `order-{id}`. */
import type { EventData, OrderStatus, EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import type { PaymentIntentView } from '../payments/port.ts';

/** The events of a order stream. */
export type OrderEvent = EventOf<
  | 'OrderPlaced'
  | 'OrderPaid'
  | 'OrderPaymentFailed'
  | 'OrderExpired'
  | 'OrderPaymentRefunded'
  | 'OrderRefundIssued'
>;

export type UnusablePaymentReason = EventData<'OrderPaymentRefunded'>['reason'];

export type PlacedOrder = EventData<'OrderPlaced'>;

export interface OrderState {
  placed: PlacedOrder | null;
  status: OrderStatus | null;
  failureReason: string | null;
  /** A payment the order could not use, refunded (decided once); issuedAs: the processor's id. */
  refund: { amountCents: number; issuedAs: string | null } | null;
}

export type OrderCommand =
  | ({ type: 'PlaceOrder' } & PlacedOrder)
  /** Records a payment the processor reports; `intent` was retrieved from the processor, not sent by the client. */
  | { type: 'RecordPayment'; intent: PaymentIntentView }
  | { type: 'RecordPaymentFailure'; intent: PaymentIntentView }
  | { type: 'ExpireOrder' }
  /**
   * Refunds a succeeded payment the order cannot use: all of it when the order expired or its
   * payment had failed, the items of `productIds` when the order is paid but they could not be
   * sold. Once per order.
   */
  | { type: 'RefundUnusablePayment'; productIds?: string[] }
  | { type: 'RecordRefundIssued'; refundId: string };

export const orderExpiredMessage = 'This order has expired. Please place it again.';

/** The 409 of a payment that arrived for an order that could not take it any more. */
export const unusablePaymentMessage = (status: 'expired' | 'payment_failed') =>
  status === 'expired'
    ? 'This order had expired before the payment arrived: your payment is refunded. Please place it again.'
    : 'The payment for this order had failed and its items were released: your payment is refunded. Please place it again.';

export const isPastExpiry = (order: PlacedOrder, now: Date) =>
  Date.parse(order.expiresAt) <= now.getTime();

/** Why `intent` cannot pay `order`, or null if it does. */
export function paymentMismatch(order: PlacedOrder, intent: PaymentIntentView): string | null {
  if (intent.orderId !== order.orderId || intent.id !== order.paymentIntentId)
    return 'This payment does not belong to this order';
  if (intent.amountCents !== order.totalCents || intent.currency.toLowerCase() !== order.currency) {
    return 'The payment amount does not match the order total';
  }
  return null;
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return { ...state, placed: event.data, status: 'pending' };
    case 'OrderPaid':
      return { ...state, status: 'paid' };
    case 'OrderPaymentFailed':
      return { ...state, status: 'payment_failed', failureReason: event.data.reason };
    case 'OrderExpired':
      return { ...state, status: 'expired' };
    case 'OrderPaymentRefunded':
      return { ...state, refund: { amountCents: event.data.amountCents, issuedAs: null } };
    case 'OrderRefundIssued':
      return state.refund
        ? { ...state, refund: { ...state.refund, issuedAs: event.data.refundId } }
        : state;
    default:
      return state;
  }
}

function decideOrder(
  command: OrderCommand,
  state: OrderState,
  { now }: { now: Date },
): OrderEvent[] {
  if (command.type === 'PlaceOrder') {
    if (state.placed) return reject('conflict', 'Order already exists');
    const { type: _type, ...data } = command;
    return [{ type: 'OrderPlaced', data }];
  }
  const order = state.placed;
  if (!order) return reject('not_found', 'Order not found');
  switch (command.type) {
    case 'RecordPayment': {
      const mismatch = paymentMismatch(order, command.intent);
      if (mismatch) return reject('conflict', mismatch);
      if (state.status === 'paid') return [];
      if (state.status === 'expired') return reject('conflict', orderExpiredMessage);
      if (state.status === 'payment_failed')
        return reject('conflict', 'The payment for this order failed. Please place it again.');
      if (command.intent.status !== 'succeeded') {
        return reject(
          'payment_required',
          command.intent.lastError ?? 'The payment has not succeeded',
          { status: command.intent.status },
        );
      }
      if (isPastExpiry(order, now)) return reject('conflict', orderExpiredMessage);
      return [
        {
          type: 'OrderPaid',
          data: {
            orderId: order.orderId,
            paymentIntentId: command.intent.id,
            amountCents: command.intent.amountCents,
          },
        },
      ];
    }
    case 'RecordPaymentFailure': {
      if (paymentMismatch(order, command.intent))
        return reject('conflict', 'This payment does not belong to this order');
      if (state.status !== 'pending' || command.intent.status === 'succeeded') return [];
      const reason = command.intent.lastError ?? 'The payment failed';
      return [
        {
          type: 'OrderPaymentFailed',
          data: {
            orderId: order.orderId,
            paymentIntentId: command.intent.id,
            reason: reason.slice(0, 500),
          },
        },
      ];
    }
    case 'ExpireOrder':
      if (state.status !== 'pending' || !isPastExpiry(order, now)) return [];
      return [{ type: 'OrderExpired', data: { orderId: order.orderId } }];
    case 'RefundUnusablePayment': {
      if (state.refund) return []; // decided already: never twice
      const reason: UnusablePaymentReason | null =
        state.status === 'expired'
          ? 'order_expired'
          : state.status === 'payment_failed'
            ? 'payment_failed'
            : state.status === 'paid' && command.productIds?.length
              ? 'items_unavailable'
              : null;
      if (!reason) return reject('conflict', 'This order can use its payment: nothing to refund');
      const items =
        reason === 'items_unavailable'
          ? order.items.filter((item) => command.productIds!.includes(item.productId))
          : order.items;
      if (items.length === 0) return reject('invalid', 'These items are not in this order');
      return [
        {
          type: 'OrderPaymentRefunded',
          data: {
            orderId: order.orderId,
            paymentIntentId: order.paymentIntentId,
            amountCents: items.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0),
            reason,
            productIds: items.map((item) => item.productId),
            refundedAt: now.toISOString(),
          },
        },
      ];
    }
    case 'RecordRefundIssued':
      if (!state.refund || state.refund.issuedAs) return [];
      return [
        {
          type: 'OrderRefundIssued',
          data: {
            orderId: order.orderId,
            refundId: command.refundId,
            amountCents: state.refund.amountCents,
          },
        },
      ];
  }
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: () => ({ placed: null, status: null, failureReason: null, refund: null }),
  evolve: evolveOrder,
  decide: decideOrder,
};
