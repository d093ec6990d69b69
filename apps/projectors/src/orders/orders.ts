/**
 * Orders as the rows of docs/product.md §3. Status: pending → paid | payment_failed | expired. Paid is
 * final, so a late failure or expiry never undoes a payment, whatever order they arrive in.
 * A payment the order could not use, refunded (§11.4), is kept beside the status: the amount,
 * why, which items, and whether the processor took it yet.
 */
import type { EnvelopeOf, OrderStatus } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type OrderDoc } from '@rewear/features/shared/read-models';

export const ORDER_EVENTS = [
  'OrderPlaced',
  'OrderPaid',
  'OrderPaymentFailed',
  'OrderExpired',
  'OrderPaymentRefunded',
  'OrderRefundIssued',
] as const;

export type OrderEvent = EnvelopeOf<(typeof ORDER_EVENTS)[number]>;

const RANK: Record<OrderStatus, number> = { pending: 0, payment_failed: 1, expired: 2, paid: 3 };

/** The later status, where paid beats everything and expired beats a failed attempt. */
function settle(current: OrderStatus, incoming: OrderStatus): OrderStatus {
  return RANK[incoming] > RANK[current] ? incoming : current;
}

export function projectOrder(current: OrderDoc | null, event: OrderEvent): OrderDoc | null {
  if (event.type === 'OrderPlaced') {
    const d = event.data;
    const discountCents = (d.discounts ?? []).reduce((sum, x) => sum + x.amountCents, 0);
    return {
      _id: d.orderId,
      user_id: d.userId,
      status: current?.status ?? 'pending',
      items: d.items.map((i) => ({
        product_id: i.productId,
        title: i.title,
        image: i.image,
        quantity: i.quantity,
        unit_price_cents: i.unitPriceCents,
      })),
      total_cents: d.totalCents,
      ...(discountCents > 0 ? { discount_cents: discountCents } : {}),
      shipping: { ...d.shipping },
      payment_intent_id: d.paymentIntentId,
      created_at: event.occurredAt,
      expires_at: d.expiresAt,
      updated_at: current?.updated_at ?? event.occurredAt,
      ...(current?.refund ? { refund: current.refund } : {}),
    };
  }
  if (!current) return null;
  if (event.type === 'OrderPaymentRefunded') {
    // Decided once per order: a redelivery keeps what was recorded (and any refund id).
    if (current.refund) return current;
    const d = event.data;
    return {
      ...current,
      refund: {
        amount_cents: d.amountCents,
        reason: d.reason,
        product_ids: [...d.productIds],
        refunded_at: d.refundedAt,
        refund_id: null,
      },
      updated_at: event.occurredAt,
    };
  }
  if (event.type === 'OrderRefundIssued') {
    if (!current.refund || current.refund.refund_id) return current;
    return {
      ...current,
      refund: { ...current.refund, refund_id: event.data.refundId },
      updated_at: event.occurredAt,
    };
  }
  const incoming: OrderStatus =
    event.type === 'OrderPaid'
      ? 'paid'
      : event.type === 'OrderPaymentFailed'
        ? 'payment_failed'
        : 'expired';
  const status = settle(current.status, incoming);
  return status === current.status ? current : { ...current, status, updated_at: event.occurredAt };
}

export const ordersProjector = documentProjector({
  name: 'orders',
  collectionName: READ_MODELS.orders,
  indexes: [{ keys: { user_id: 1, created_at: -1 } }],
  canHandle: ORDER_EVENTS,
  documentId: (event) => event.data.orderId,
  evolve: projectOrder,
});
