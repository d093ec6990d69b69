/**
 * Orders as rows (one per item, docs/product.md §3), for their owner only; the reads and the
 * rows are the order module's queries.
 */
import { orderRowsAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import { forbidden, notFound, requireSelf } from '@rewear/platform';
import { orderById, orderRows, ordersOfUser } from '@rewear/features/order/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';

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
        200: { description: 'OrderRow[]', body: orderRowsAnswer },
        401: 'Not signed in',
        403: 'Not your orders',
        404: 'No orders',
      },
    },
    async handle({ ctx, params, deps }) {
      requireSelf(ctx, params.uid);
      const docs = await ordersOfUser(deps.readSide, params.uid);
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
        200: { description: 'OrderRow[]', body: orderRowsAnswer },
        401: 'Not signed in',
        403: 'Not your order',
        404: 'Order not found',
      },
    },
    async handle({ user, params, deps }) {
      const order = await orderById(deps.readSide, params.orderId);
      if (!order) throw notFound('Order not found');
      if (order.user_id !== user.uid) throw forbidden();
      return orderRows(order);
    },
  }),
];
