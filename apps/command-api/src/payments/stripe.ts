/** The payment port on Stripe (or on stripe-mock, through `apiBase`). */
import Stripe from 'stripe';
import type { PaymentGateway, PaymentIntentView, RefundView } from './port.ts';
import { WebhookSignatureError } from './errors.ts';

export interface StripeGatewayOptions {
  secretKey: string;
  /** A Stripe-compatible API base URL (stripe-mock); api.stripe.com when absent. */
  apiBase?: string | null;
  webhookSecret: string | null;
}

const STATUSES: ReadonlySet<PaymentIntentView['status']> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
]);

export function intentView(intent: Stripe.PaymentIntent): PaymentIntentView {
  const status = STATUSES.has(intent.status as PaymentIntentView['status'])
    ? (intent.status as PaymentIntentView['status'])
    : 'processing'; // requires_capture: authorised, not yet captured
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
    lastError: intent.last_payment_error?.message ?? null,
  };
}

const REFUND_STATUSES: ReadonlySet<RefundView['status']> = new Set([
  'pending',
  'succeeded',
  'failed',
  'canceled',
  'requires_action',
]);

export function refundView(refund: Stripe.Refund, paymentIntentId: string): RefundView {
  const intent = refund.payment_intent;
  return {
    id: refund.id,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? paymentIntentId),
    amountCents: refund.amount,
    status: REFUND_STATUSES.has(refund.status as RefundView['status'])
      ? (refund.status as RefundView['status'])
      : 'pending',
  };
}

function connection(apiBase: string | null | undefined): Partial<Stripe.StripeConfig> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function createStripePaymentGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...connection(options.apiBase),
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  });
  return {
    async createIntent({ orderId, amountCents, currency, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency,
          metadata: { orderId },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey },
      );
      return intentView(intent);
    },
    async retrieveIntent(id) {
      try {
        return intentView(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404)
          return null;
        throw err;
      }
    },
    async refund(paymentIntentId, amountCents, idempotencyKey) {
      // Stripe keeps the key 24 hours: a retry within that gives back the same refund.
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents },
        { idempotencyKey },
      );
      return refundView(refund, paymentIntentId);
    },
    parseWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookSignatureError('Webhooks are not configured');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
      }
      const object = event.data.object as { object?: string };
      if (object.object !== 'payment_intent') {
        throw new WebhookSignatureError(
          `Unsupported webhook object: ${object.object ?? 'unknown'}`,
        );
      }
      return { type: event.type, intent: intentView(event.data.object as Stripe.PaymentIntent) };
    },
  };
}
