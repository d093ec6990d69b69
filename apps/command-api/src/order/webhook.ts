/**
 * Payment processor notifications (Stripe's webhook, or the simulated processor's). The
 * signature is verified by the gateway; the intent it carries is then re-read from the
 * processor, so only the processor's own word moves an order.
 */
import { paymentWebhookAnswer } from '@rewear/contracts/command-answers';
import { loggerFor } from '@rewear/platform';
import type { CommandEnvironment } from '../shared/decider.ts';
import { CommandRejected } from '../shared/decider.ts';
import type { PaymentGateway } from '../payments/port.ts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { loadOrder, recordPayment, recordPaymentFailure } from './workflow.ts';

export interface WebhookOutcome {
  received: true;
  handled: boolean;
  position: number;
}

export async function handlePaymentWebhook(
  deps: { payments: PaymentGateway; reservationTtlMs: number; env: CommandEnvironment },
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const event = deps.payments.parseWebhook(rawBody, signature);
  const handled =
    event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed';
  const orderId = event.intent.orderId;
  if (!handled || !orderId) return { received: true, handled: false, position: 0 };
  const intent = (await deps.payments.retrieveIntent(event.intent.id)) ?? event.intent;
  const { state } = await loadOrder(deps.env, orderId);
  if (!state.placed) return { received: true, handled: false, position: 0 };
  const services = {
    env: deps.env,
    payments: deps.payments,
    reservationTtlMs: deps.reservationTtlMs,
  };
  try {
    const result =
      intent.status === 'succeeded'
        ? await recordPayment(services, orderId, intent)
        : await recordPaymentFailure(services, orderId, intent);
    return { received: true, handled: true, position: result.position };
  } catch (err) {
    // A notification the order cannot take (expired, another order's intent) is acknowledged,
    // so the processor does not resend it forever; the order stays as it is.
    if (err instanceof CommandRejected) {
      loggerFor('payments').warn(
        `[payments] webhook ${event.type} for order ${orderId} not applied: ${err.message}`,
      );
      return { received: true, handled: false, position: 0 };
    }
    throw err;
  }
}

/** The processor's notifications: signed, so neither replayed nor rate limited. */
export const webhookRoute: CommandRoute = defineRoute({
  idempotent: false,
  // The processor's retries must get through; its signature is what guards the route.
  rateLimited: false,
  doc: {
    method: 'post',
    path: '/api/payments/webhook',
    summary:
      'Payment processor notifications (signature verified): payment_intent.succeeded / payment_intent.payment_failed',
    tags: ['payments'],
    auth: 'none',
    responses: {
      200: { description: '{ received: true, handled, position }', body: paymentWebhookAnswer },
      400: 'Bad signature or body',
    },
  },
  async handle({ ctx, deps: services }) {
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    const outcome = await handlePaymentWebhook(
      {
        payments: services.payments,
        reservationTtlMs: services.reservationTtlMs,
        env: services.envFor(ctx),
      },
      Buffer.from(raw, 'utf8'),
      ctx.get('stripe-signature') || undefined,
    );
    return {
      status: 200,
      body: { received: true, handled: outcome.handled },
      position: outcome.position,
    };
  },
});
