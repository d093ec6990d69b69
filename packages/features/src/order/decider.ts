/**
 * An order's command face: placed with stock held, then paid, failed or expired, and a payment
 * it could not use refunded once (docs/product.md §3, §11.4). Stream `order-{id}`. The status
 * each event leads to is the domain's (`./domain.ts`); the workflow across streams (holds,
 * payments, shipments) is command-api's.
 */
import type { EventData } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import {
  evolveOrder,
  initialOrder,
  isPastExpiry,
  paymentMismatch,
  type OrderEvent,
  type OrderState,
  type PaymentIntentReport,
  type PlacedOrder,
} from './domain.ts';

export {
  evolveOrder,
  isPastExpiry,
  paymentMismatch,
  type OrderEvent,
  type OrderState,
  type PaymentIntentReport,
  type PlacedOrder,
} from './domain.ts';

export type UnusablePaymentReason = EventData<'OrderPaymentRefunded'>['reason'];

export type OrderCommand =
  | ({ type: 'PlaceOrder' } & PlacedOrder)
  /** Records a payment the processor reports; `intent` was retrieved from the processor, not sent by the client. */
  | { type: 'RecordPayment'; intent: PaymentIntentReport }
  | { type: 'RecordPaymentFailure'; intent: PaymentIntentReport }
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
  initialState: initialOrder,
  evolve: evolveOrder,
  decide: decideOrder,
};
