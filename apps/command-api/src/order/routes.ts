import { orderCreatedAnswer, orderPaidAnswer } from '@rewear/contracts/command-answers';
import {
  toCents,
  type OrderCreated,
  createOrderBody,
  orderParams,
  updatePaymentBody,
} from '@rewear/contracts';
import { HttpError, isEngineUnavailable, notFound, requireSelf, loggerFor } from '@rewear/platform';
import { defineRoute, toHttpError, type CommandRoute } from '../shared/http.ts';
import { CommandRejected, TooMuchContention } from '../shared/decider.ts';
import type { CommandServices } from '../shared/services.ts';
import {
  loadOrder,
  placeOrder,
  recordPayment,
  recordPaymentFailure,
  type OrderServices,
} from './workflow.ts';
import { requireGoodStanding, requireListingShown, SANCTIONED } from '../moderation/standing.ts';

export const orderServicesFor = (
  services: CommandServices,
  env: OrderServices['env'],
): OrderServices => ({
  env,
  payments: services.payments,
  reservationTtlMs: services.reservationTtlMs,
});

export const orderRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/orders',
      summary:
        'Places an order: prices it from the listings, holds the stock for 15 minutes, creates the PaymentIntent',
      tags: ['orders'],
      auth: 'user',
      body: createOrderBody,
      responses: {
        201: {
          description:
            'OrderCreated { order: { id, status, total_price, expires_at }, clientSecret, paymentIntentId, position }',
          body: orderCreatedAnswer,
        },
        400: "'You cannot buy your own listing' (a line is the buyer’s own listing); nothing is held",
        403: `userId is not the token’s; or ${SANCTIONED}`,
        404: 'Product not found',
        409: "'Price changed' (details: current prices), '\"{title}\" is no longer available', 'The seller is away until {date}', or 'Too many changes at once. Please try again.' (the listing is busy); nothing is held",
      },
    },
    async handle({ body, ctx, deps: services }) {
      requireSelf(ctx, body.userId);
      await requireGoodStanding(services, body.userId);
      for (const item of body.orderItems) await requireListingShown(services, item.productId);
      const env = services.envFor(ctx);
      const orderId = services.newId();
      let result;
      try {
        result = await placeOrder(orderServicesFor(services, env), {
          orderId,
          userId: body.userId,
          items: body.orderItems.map((item) => ({
            productId: item.productId,
            quantity: item.quantity,
            unitPriceCents: toCents(item.unitPrice)!,
          })),
          shipping: body.shippingInfo,
        });
      } catch (err) {
        if (err instanceof CommandRejected) throw err;
        if (err instanceof HttpError) throw err;
        // A listing too busy to reserve (409) and an engine out of reach (503) are answered as
        // such; only what is left is the payment service's failure.
        if (err instanceof TooMuchContention) throw toHttpError(err);
        if (isEngineUnavailable(err)) throw err;
        loggerFor('orders').error({ err }, `[orders] placing order ${orderId} failed`);
        throw new HttpError(502, 'The payment service is not available. Please try again.');
      }
      const answer: Omit<OrderCreated, 'position'> = {
        order: {
          id: orderId,
          status: 'pending',
          total_price: result.state.totalCents / 100,
          expires_at: result.state.expiresAt,
        },
        clientSecret: result.clientSecret,
        paymentIntentId: result.state.paymentIntentId,
      };
      return { status: 201, body: { ...answer }, position: result.position };
    },
  }),
  defineRoute({
    doc: {
      method: 'put',
      path: '/api/orders/{id}/update-payment',
      summary:
        'Marks the order paid once the processor confirms the PaymentIntent succeeded for this order, amount and currency',
      tags: ['orders'],
      auth: 'user',
      params: orderParams,
      body: updatePaymentBody,
      responses: {
        200: { description: "{ order: { id, status: 'paid' }, position }", body: orderPaidAnswer },
        402: 'The payment has not succeeded (or failed)',
        403: 'Not your order',
        404: 'Order not found',
        409: 'The payment belongs to another order or amount, or the order expired',
      },
    },
    async handle({ params, body, ctx, deps: services }) {
      const env = services.envFor(ctx);
      const { state } = await loadOrder(env, params.id);
      if (!state.placed) throw notFound('Order not found');
      requireSelf(ctx, state.placed.userId);
      const intent = await services.payments.retrieveIntent(body.stripePaymentId);
      if (!intent) throw new HttpError(402, 'Payment not found');
      if (intent.status === 'canceled') {
        const failed = await recordPaymentFailure(
          orderServicesFor(services, env),
          params.id,
          intent,
        );
        throw new HttpError(402, failed.state.failureReason ?? 'The payment was canceled');
      }
      const paid = await recordPayment(orderServicesFor(services, env), params.id, intent);
      return {
        status: 200,
        body: { order: { id: params.id, status: paid.state.status } },
        position: paid.position,
      };
    },
  }),
];
