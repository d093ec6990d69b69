/**
 * Shipments and balances (docs/product.md §11): a seller's sales and money, a buyer's shipments
 * of one order, each with the actions open to the person asking (the shipment module's queries).
 */
import { sellerBalanceAnswer, shipmentListAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import { forbidden, notFound } from '@rewear/platform';
import { orderById } from '@rewear/features/order/queries';
import { salesOf, sellerBalanceOf, shipmentsOfOrder } from '@rewear/features/shipment/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';

export const shipmentRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/sales',
      summary:
        "The signed-in seller's shipments, newest first: the buyer's address, items, amount, status and the actions open to the seller",
      tags: ['Shipments'],
      auth: 'user',
      responses: {
        200: { description: 'ShipmentView[] (empty when none)', body: shipmentListAnswer },
        401: 'Not signed in',
      },
    },
    async handle({ user, deps }) {
      return salesOf(deps.readSide, user.uid);
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
      responses: {
        200: {
          description: 'SellerBalance (zeros when nothing was sold)',
          body: sellerBalanceAnswer,
        },
        401: 'Not signed in',
      },
    },
    async handle({ user, deps }) {
      return sellerBalanceOf(deps.readSide, user.uid);
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
        200: {
          description: 'ShipmentView[] (empty until the order is paid)',
          body: shipmentListAnswer,
        },
        401: 'Not signed in',
        403: 'Not your order',
        404: 'Order not found',
      },
    },
    async handle({ user, params, deps }) {
      const order = await orderById(deps.readSide, params.orderId);
      if (!order) throw notFound('Order not found');
      if (order.user_id !== user.uid) throw forbidden();
      return shipmentsOfOrder(deps.readSide, params.orderId);
    },
  }),
];
