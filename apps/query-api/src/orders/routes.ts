/** Orders as rows (one per item, docs/product.md §3), for their owner only. */
import { z } from 'zod';
import { toDollars, type OrderRefundView, type OrderRow } from '@rewear/contracts';
import { forbidden, notFound, requireSelf } from '@rewear/platform';
import { READ_MODELS, type OrderDoc } from '@rewear/features/shared/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';

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

const orders = (deps: { readSide: import('@rewear/platform').ReadSide }) =>
  deps.readSide.collection<OrderDoc>(READ_MODELS.orders);

export const orderRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/orders/user/{uid}',
      summary: "The signed-in user's orders as rows, newest first",
      tags: ['Orders'],
      auth: 'user',
      params: z.object({ uid: idParam }),
      responses: {
        200: 'OrderRow[]',
        401: 'Not signed in',
        403: 'Not your orders',
        404: 'No orders',
      },
    },
    async handle({ ctx, params, deps }) {
      requireSelf(ctx, params.uid);
      const docs = await orders(deps).find({ user_id: params.uid }, { sort: { created_at: -1 } });
      if (docs.length === 0) throw notFound('No orders found');
      return docs.flatMap(orderRows);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/orders/{orderId}',
      summary: 'One order as rows (owner only)',
      tags: ['Orders'],
      auth: 'user',
      params: z.object({ orderId: idParam }),
      responses: {
        200: 'OrderRow[]',
        401: 'Not signed in',
        403: 'Not your order',
        404: 'Order not found',
      },
    },
    async handle({ user, params, deps }) {
      const order = await orders(deps).findOne({ _id: params.orderId });
      if (!order) throw notFound('Order not found');
      if (order.user_id !== user.uid) throw forbidden();
      return orderRows(order);
    },
  }),
];
