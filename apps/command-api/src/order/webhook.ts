/**
 * Payment processor notifications (Stripe's webhook, or the simulated processor's). The
 * signature is verified by the gateway; the intent it carries is then re-read from the
 * processor, so only the processor's own word moves an order.
 */
import type { CommandEnvironment } from '../shared/decider.ts';
import { CommandRejected } from '../shared/decider.ts';
import type { PaymentGateway } from '../payments/port.ts';
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
      console.warn(
        `[payments] webhook ${event.type} for order ${orderId} not applied: ${err.message}`,
      );
      return { received: true, handled: false, position: 0 };
    }
    throw err;
  }
}
