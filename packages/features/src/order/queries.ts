/**
 * An order's query face: orders as rows (one per item, docs/product.md §3), with the refund of a
 * payment an order could not use as the API shows it (query-api mounts them; its routes keep
 * each order to its owner).
 */
import { toDollars, type OrderRefundView, type OrderRow } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { OrderDoc } from './projection.ts';

/** Pure: an order's refund of a payment it could not use, as the API shows it. */
export function refundView(order: OrderDoc): OrderRefundView | null {
  const refund = order.refund;
  if (!refund) return null;
  return {
    amount: toDollars(refund.amount_cents),
    reason: refund.reason,
    productIds: [...refund.product_ids],
    refundedAt: refund.refunded_at,
    issued: refund.refund_id !== null,
  };
}

/** Pure: the rows of one order. */
export function orderRows(order: OrderDoc): OrderRow[] {
  const refund = refundView(order);
  return order.items.map((item) => ({
    order_id: order._id,
    created_at: order.created_at,
    status: order.status,
    total_price: toDollars(order.total_cents),
    ...(order.discount_cents ? { bundleDiscount: toDollars(order.discount_cents) } : {}),
    shipping_name: order.shipping.name,
    shipping_address: order.shipping.address,
    shipping_city: order.shipping.city,
    shipping_state: order.shipping.state,
    shipping_zip: order.shipping.zip,
    shipping_email: order.shipping.email,
    product_id: item.product_id,
    product_title: item.title,
    product_image: item.image,
    quantity: item.quantity,
    unit_price: toDollars(item.unit_price_cents),
    expires_at: order.expires_at,
    refund,
    itemRefunded: refund?.productIds.includes(item.product_id) ?? false,
  }));
}

export const ordersOf = (side: ReadSide) => side.collection<OrderDoc>(READ_MODELS.orders);

/** A user's orders, newest first. */
export const ordersOfUser = (side: ReadSide, userId: string) =>
  ordersOf(side).find({ user_id: userId }, { sort: { created_at: -1 } });

export const orderById = (side: ReadSide, orderId: string) =>
  ordersOf(side).findOne({ _id: orderId });
