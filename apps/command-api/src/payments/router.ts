/** POST /api/payments/simulated/confirm: the simulated processor's stand-in for Stripe.js. */
import { paymentIntentConfirmedAnswer } from '@rewear/contracts/command-answers';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { z } from 'zod';
import { boundedInput, errorHandler, parse, type RouteDoc } from '@rewear/platform';
import type { SimulatedPaymentGateway } from './simulated.ts';
import { CardDeclinedError } from './errors.ts';

export const simulatedConfirmBody = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().max(40),
    expMonth: z.coerce.number().int(),
    expYear: z.coerce.number().int(),
    cvc: z.string().max(8),
  }),
});

export const paymentRoutes: RouteDoc[] = [
  {
    method: 'post',
    path: '/api/payments/simulated/confirm',
    summary:
      "Confirms a PaymentIntent with a card on the simulated processor (Stripe's test cards: 4242… succeeds, 4000 0000 0000 0002 declined, 4000 0000 0000 9995 insufficient funds)",
    tags: ['payments'],
    auth: 'none',
    body: simulatedConfirmBody,
    responses: {
      200: { description: '{ paymentIntent: { id, status } }', body: paymentIntentConfirmedAnswer },
      400: 'Invalid body, or the intent is already succeeded or canceled',
      402: 'Card refused: { message, code, decline_code? }',
      404: 'No such payment_intent',
    },
  },
];

export function createSimulatedProcessorRouter(gateway: SimulatedPaymentGateway): Router {
  const router = new Router();
  router.post(
    '/api/payments/simulated/confirm',
    errorHandler(),
    bodyParser({ enableTypes: ['json'], jsonLimit: '16kb' }),
    boundedInput(),
    async (ctx) => {
      const input = parse(simulatedConfirmBody, ctx.request.body, 'payment confirmation');
      try {
        const intent = await gateway.confirm(input.clientSecret, input.card);
        ctx.body = { paymentIntent: { id: intent.id, status: intent.status } };
      } catch (err) {
        if (!(err instanceof CardDeclinedError)) throw err;
        // Card errors carry `code` at the top level, like Stripe's.
        ctx.status = 402;
        ctx.body = {
          message: err.message,
          code: err.code,
          ...(err.declineCode ? { decline_code: err.declineCode } : {}),
        };
      }
    },
  );
  return router;
}
