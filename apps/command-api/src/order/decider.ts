/** An order: placed with stock held, then paid, failed or expired. Stream `order-{id}`. */
import type { EventData, OrderStatus, EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import type { PaymentIntentView } from '../payments/port.ts';

/** The events of a order stream. */
export type OrderEvent = EventOf<
  'OrderPlaced' | 'OrderPaid' | 'OrderPaymentFailed' | 'OrderExpired'
>;

export type PlacedOrder = EventData<'OrderPlaced'>;

export interface OrderState {
  placed: PlacedOrder | null;
  status: OrderStatus | null;
  failureReason: string | null;
}

export type OrderCommand =
  | ({ type: 'PlaceOrder' } & PlacedOrder)
  /** Records a payment the processor reports; `intent` was retrieved from the processor, not sent by the client. */
  | { type: 'RecordPayment'; intent: PaymentIntentView }
  | { type: 'RecordPaymentFailure'; intent: PaymentIntentView }
  | { type: 'ExpireOrder' };

export const orderExpiredMessage = 'This order has expired. Please place it again.';

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
  }
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: () => ({ placed: null, status: null, failureReason: null }),
  evolve: evolveOrder,
  decide: decideOrder,
};
