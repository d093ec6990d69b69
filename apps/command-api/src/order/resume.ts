/**
 * Resuming the payment of an unpaid order (My Orders' "Pay now"): the buyer gets the client
 * secret of the order's own PaymentIntent back, so the card is confirmed for that order and
 * amount. Nothing is written: paying still goes through update-payment.
 */
import { orderCreatedAnswer } from '@rewear/contracts/command-answers';
import { orderParams, type OrderCreated } from '@rewear/contracts';
import { HttpError, notFound, requireSelf, loggerFor } from '@rewear/platform';
import { defineRoute } from '../shared/http.ts';
import { isPastExpiry, orderExpiredMessage } from '@rewear/features/order/decider';
import { loadOrder } from './workflow.ts';

export const resumePaymentRoute = defineRoute({
  doc: {
    method: 'post',
    path: '/api/orders/{id}/resume-payment',
    summary:
      "Answers an unpaid order's PaymentIntent (client secret) so its buyer can pay it before the hold lapses",
    tags: ['orders'],
    auth: 'user',
    params: orderParams,
    responses: {
      200: {
        description:
          'OrderCreated { order: { id, status, total_price, expires_at }, clientSecret, paymentIntentId, position }',
        body: orderCreatedAnswer,
      },
      403: 'Not your order',
      404: 'Order not found',
      409: "'This order is already paid.', 'This order has expired. Please place it again.' or 'The payment for this order failed. Please place it again.'",
      502: 'The payment service is not available',
    },
  },
  async handle({ params, ctx, deps: services }) {
    const { state, position } = await loadOrder(services.envFor(ctx), params.id);
    if (!state.placed) throw notFound('Order not found');
    requireSelf(ctx, state.placed.userId);
    if (state.status === 'paid') throw new HttpError(409, 'This order is already paid.');
    if (state.status === 'payment_failed')
      throw new HttpError(409, 'The payment for this order failed. Please place it again.');
    // Past its hold the stock may be someone else's already, even before the sweeper runs.
    if (state.status === 'expired' || isPastExpiry(state.placed, services.now()))
      throw new HttpError(409, orderExpiredMessage);
    const intent = await services.payments
      .retrieveIntent(state.placed.paymentIntentId)
      .catch((err: unknown) => {
        loggerFor('orders').error(
          { err },
          `[orders] reading the intent of order ${params.id} failed`,
        );
        return undefined;
      });
    if (intent === undefined)
      throw new HttpError(502, 'The payment service is not available. Please try again.');
    if (!intent || intent.status === 'canceled')
      throw new HttpError(409, 'The payment for this order failed. Please place it again.');
    const answer: Omit<OrderCreated, 'position'> = {
      order: {
        id: params.id,
        status: 'pending',
        total_price: state.placed.totalCents / 100,
        expires_at: state.placed.expiresAt,
      },
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
    };
    return { status: 200, body: { ...answer }, position };
  },
});
