/**
 * An order's domain (docs/product.md §3, §11.4): placed with stock held, then paid, failed or
 * expired. The status each event leads to is written here once: the decider folds it to decide,
 * the orders projection folds it to keep the rows the buyer reads. Paid is final, so a late
 * failure or expiry never undoes a payment, whatever order they arrive in. Pure.
 */
import type { EventData, EventOf, OrderStatus } from '@rewear/contracts';

/** The events of an order's stream. */
export const ORDER_EVENTS = [
  'OrderPlaced',
  'OrderPaid',
  'OrderPaymentFailed',
  'OrderExpired',
  'OrderPaymentRefunded',
  'OrderRefundIssued',
] as const;

export type OrderEvent = EventOf<(typeof ORDER_EVENTS)[number]>;

export type PlacedOrder = EventData<'OrderPlaced'>;

export interface OrderState {
  placed: PlacedOrder | null;
  status: OrderStatus | null;
  failureReason: string | null;
  /** A payment the order could not use, refunded (decided once); issuedAs: the processor's id. */
  refund: { amountCents: number; issuedAs: string | null } | null;
}

export const initialOrder = (): OrderState => ({
  placed: null,
  status: null,
  failureReason: null,
  refund: null,
});

/**
 * What a card processor reports of a PaymentIntent, as far as an order's rules read it; the
 * processor's adapters (command-api's payments) answer it. It is retrieved from the processor,
 * never sent by the client.
 */
export interface PaymentIntentReport {
  id: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  amountCents: number;
  currency: string;
  orderId: string | null;
  lastError: string | null;
}

export const isPastExpiry = (order: PlacedOrder, now: Date) =>
  Date.parse(order.expiresAt) <= now.getTime();

/** Why `intent` cannot pay `order`, or null if it does. */
export function paymentMismatch(order: PlacedOrder, intent: PaymentIntentReport): string | null {
  if (intent.orderId !== order.orderId || intent.id !== order.paymentIntentId)
    return 'This payment does not belong to this order';
  if (intent.amountCents !== order.totalCents || intent.currency.toLowerCase() !== order.currency) {
    return 'The payment amount does not match the order total';
  }
  return null;
}

const RANK: Record<OrderStatus, number> = { pending: 0, payment_failed: 1, expired: 2, paid: 3 };

/** The later status, where paid beats everything and expired beats a failed attempt. */
function settle(current: OrderStatus | null, incoming: OrderStatus): OrderStatus {
  return current === null || RANK[incoming] > RANK[current] ? incoming : current;
}

/** The status after `event`; a refund keeps it. */
export function orderStatusAfter(
  status: OrderStatus | null,
  event: Pick<OrderEvent, 'type'>,
): OrderStatus | null {
  switch (event.type) {
    case 'OrderPlaced':
      return status ?? 'pending';
    case 'OrderPaid':
      return settle(status, 'paid');
    case 'OrderPaymentFailed':
      return settle(status, 'payment_failed');
    case 'OrderExpired':
      return settle(status, 'expired');
    default:
      return status;
  }
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  const status = orderStatusAfter(state.status, event);
  switch (event.type) {
    case 'OrderPlaced':
      return { ...state, placed: event.data, status };
    case 'OrderPaymentFailed':
      return { ...state, status, failureReason: event.data.reason };
    case 'OrderPaymentRefunded':
      return { ...state, refund: { amountCents: event.data.amountCents, issuedAs: null } };
    case 'OrderRefundIssued':
      return state.refund
        ? { ...state, refund: { ...state.refund, issuedAs: event.data.refundId } }
        : state;
    default:
      return { ...state, status };
  }
}
