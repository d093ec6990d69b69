/**
 * Shipments and balances (docs/product.md §11): a seller's sales and money, a buyer's shipments
 * of one order, each with the actions open to the person asking.
 */
import { z } from 'zod';
import {
  actionsOpenTo,
  toDollars,
  type SellerBalance,
  type ShipmentRole,
  type ShipmentView,
} from '@rewear/contracts';
import { forbidden, notFound, type ReadSide } from '@rewear/platform';
import {
  READ_MODELS,
  type SellerBalanceDoc,
  type ShipmentDoc,
} from '@rewear/features/shared/read-models';
import type { OrderDoc } from '@rewear/features/order/projection';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';

/** Pure: one shipment as `role` sees it at `now`. */
export function shipmentView(doc: ShipmentDoc, role: ShipmentRole, now: Date): ShipmentView {
  return {
    shipmentId: doc._id,
    orderId: doc.order_id,
    status: doc.status,
    sellerId: doc.seller_id,
    buyerId: doc.buyer_id,
    items: doc.items.map((item) => ({
      productId: item.product_id,
      title: item.title,
      image: item.image,
      quantity: item.quantity,
      unitPrice: toDollars(item.unit_price_cents),
    })),
    amount: toDollars(doc.amount_cents),
    shipping: { ...doc.shipping },
    carrier: doc.carrier,
    trackingNumber: doc.tracking_number,
    openedAt: doc.opened_at,
    shipBy: doc.ship_by,
    shippedAt: doc.shipped_at,
    deliveredAt: doc.delivered_at,
    protectionEndsAt: doc.protection_ends_at,
    problem: doc.problem
      ? { reason: doc.problem.reason, text: doc.problem.text, reportedAt: doc.problem.reported_at }
      : null,
    completedAt: doc.completed_at,
    refunded: doc.refunded,
    cancelReason: doc.cancel_reason,
    actions: actionsOpenTo(
      role,
      { status: doc.status, protectionEndsAt: doc.protection_ends_at },
      now,
    ),
  };
}

/** Pure: a seller's balance in dollars (the read model keeps cents). */
export function balanceView(doc: SellerBalanceDoc | null): SellerBalance {
  return {
    pending: toDollars(doc?.pending_cents ?? 0),
    available: toDollars(doc?.available_cents ?? 0),
    movements: (doc?.movements ?? []).map((m) => ({
      shipmentId: m.shipment_id,
      orderId: m.order_id,
      kind: m.kind,
      amount: toDollars(m.amount_cents),
      at: m.at,
    })),
  };
}

const shipments = (deps: { readSide: ReadSide }) =>
  deps.readSide.collection<ShipmentDoc>(READ_MODELS.shipments);

export const shipmentRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/sales',
      summary:
        "The signed-in seller's shipments, newest first: the buyer's address, items, amount, status and the actions open to the seller",
      tags: ['Shipments'],
      auth: 'user',
      responses: { 200: 'ShipmentView[] (empty when none)', 401: 'Not signed in' },
    },
    async handle({ user, deps }) {
      const docs = await shipments(deps).find(
        { seller_id: user.uid },
        { sort: { opened_at: -1, _id: 1 } },
      );
      const now = new Date();
      return docs.map((doc) => shipmentView(doc, 'seller', now));
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/sales/balance',
      summary:
        "The signed-in seller's money in dollars: pending (held until buyer protection ends), available (released) and the movements",
      tags: ['Shipments'],
      auth: 'user',
      responses: { 200: 'SellerBalance (zeros when nothing was sold)', 401: 'Not signed in' },
    },
    async handle({ user, deps }) {
      const doc = await deps.readSide
        .collection<SellerBalanceDoc>(READ_MODELS.sellerBalances)
        .findOne({ _id: user.uid });
      return balanceView(doc);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/orders/{orderId}/shipments',
      summary:
        "The shipments of one order (one per seller) with the actions open to the buyer; the buyer's only",
      tags: ['Orders'],
      auth: 'user',
      params: z.object({ orderId: idParam }),
      responses: {
        200: 'ShipmentView[] (empty until the order is paid)',
        401: 'Not signed in',
        403: 'Not your order',
        404: 'Order not found',
      },
    },
    async handle({ user, params, deps }) {
      const order = await deps.readSide
        .collection<OrderDoc>(READ_MODELS.orders)
        .findOne({ _id: params.orderId });
      if (!order) throw notFound('Order not found');
      if (order.user_id !== user.uid) throw forbidden();
      const docs = await shipments(deps).find({ order_id: params.orderId }, { sort: { _id: 1 } });
      const now = new Date();
      return docs.map((doc) => shipmentView(doc, 'buyer', now));
    },
  }),
];
