/**
 * An order's read face: the orders read model, as the rows of docs/product.md §3, and what the
 * payment-refund notifier keeps of an order (`refundable_orders`), with their document types.
 * The status follows the domain's fold (`./domain.ts`): paid is final, so a late failure or
 * expiry never undoes a payment. A payment the order could not use, refunded (§11.4), is kept
 * beside the status: the amount, why, which items, and whether the processor took it yet.
 */
import {
  ERASED_SHIPPING,
  type EnvelopeOf,
  type OrderRefundReason,
  type OrderStatus,
  type ShippingInfo,
} from '@rewear/contracts';
import { documentProjector, erasingOnAccountDeletion, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { ORDER_EVENTS, orderStatusAfter } from './domain.ts';

export { ORDER_EVENTS } from './domain.ts';

export type OrderEnvelope = EnvelopeOf<(typeof ORDER_EVENTS)[number]>;
/** The name the projectors have always given an order's delivered event. */
export type { OrderEnvelope as OrderEvent };

export interface OrderItemDoc {
  product_id: string;
  title: string;
  image: string;
  quantity: number;
  unit_price_cents: number;
}

export interface OrderDoc extends Doc {
  _id: string;
  user_id: string;
  status: OrderStatus;
  items: OrderItemDoc[];
  total_cents: number;
  /** Bundle discounts taken off the lines (docs/product.md §13); absent when none. */
  discount_cents?: number;
  shipping: ShippingInfo;
  payment_intent_id: string;
  created_at: string;
  expires_at: string;
  updated_at: string;
  /** A payment the order could not use, refunded; absent when there was none. */
  refund?: OrderRefundDoc;
}

export interface OrderRefundDoc {
  amount_cents: number;
  reason: OrderRefundReason;
  product_ids: string[];
  refunded_at: string;
  /** The processor's refund id once it took the refund; null while it is being asked. */
  refund_id: string | null;
}

/**
 * What the payment-refund notifier keeps of an order until its payment is refunded: the buyer
 * and the items' titles (the refund events name neither), then the refund decided.
 */
export interface RefundableOrderDoc extends Doc {
  _id: string;
  buyer_id: string;
  items: Array<{ product_id: string; title: string }>;
  refund: Pick<OrderRefundDoc, 'amount_cents' | 'reason' | 'product_ids'> | null;
}

export function projectOrder(current: OrderDoc | null, event: OrderEnvelope): OrderDoc | null {
  if (event.type === 'OrderPlaced') {
    const d = event.data;
    const discountCents = (d.discounts ?? []).reduce((sum, x) => sum + x.amountCents, 0);
    return {
      _id: d.orderId,
      user_id: d.userId,
      status: orderStatusAfter(current?.status ?? null, event)!,
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
  const status = orderStatusAfter(current.status, event)!;
  return status === current.status ? current : { ...current, status, updated_at: event.occurredAt };
}

export const ordersProjector = erasingOnAccountDeletion(
  documentProjector({
    name: 'orders',
    collectionName: READ_MODELS.orders,
    indexes: [{ keys: { user_id: 1, created_at: -1 } }],
    canHandle: ORDER_EVENTS,
    documentId: (event) => event.data.orderId,
    evolve: projectOrder,
  }),
  // The buyer's address on their orders, as a rebuild reads it once their key is gone.
  async (event, target) => {
    const orders = target.collection<OrderDoc>(READ_MODELS.orders);
    for (const order of await orders.find({ user_id: event.data.userId }, { readonly: true }))
      await orders.update(order._id, { $set: { shipping: { ...ERASED_SHIPPING } } });
  },
);

type RefundableOrderEvent = EnvelopeOf<'OrderPlaced' | 'OrderPaymentRefunded'>;

/**
 * What the payment-refund notifier keeps of an order after `event`: the buyer and the items'
 * titles from OrderPlaced (a redelivery keeps a refund already decided), then the refund,
 * decided once. Unchanged (the same document) when there is nothing to keep.
 */
export function refundableOrderAfter(
  current: RefundableOrderDoc | null,
  event: RefundableOrderEvent,
): RefundableOrderDoc | null {
  if (event.type === 'OrderPlaced') {
    const { orderId, userId, items } = event.data;
    return {
      _id: orderId,
      buyer_id: userId,
      items: items.map((i) => ({ product_id: i.productId, title: i.title })),
      refund: current?.refund ?? null,
    };
  }
  if (!current || current.refund) return current;
  const { amountCents, reason, productIds } = event.data;
  return {
    ...current,
    refund: { amount_cents: amountCents, reason, product_ids: [...productIds] },
  };
}
