import type { PaymentIntentReport } from '@rewear/features/order/domain';

/**
 * What the order flow needs to know about a card payment, whatever processor runs it: what the
 * order's rules read of it (the order module's report) and the secret the buyer's card confirms.
 */
export interface PaymentIntentView extends PaymentIntentReport {
  clientSecret: string;
}

/** A refund as the processor reports it. */
export interface RefundView {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
}

/** The payment processor as the command side sees it (Stripe or the simulated processor). */
export interface PaymentGateway {
  createIntent(input: {
    orderId: string;
    amountCents: number;
    currency: 'usd';
    idempotencyKey: string;
  }): Promise<PaymentIntentView>;
  retrieveIntent(id: string): Promise<PaymentIntentView | null>;
  /**
   * Refunds part or all of a succeeded payment. The same idempotency key gives the same refund
   * back, never a second one.
   */
  refund(paymentIntentId: string, amountCents: number, idempotencyKey: string): Promise<RefundView>;
  /** Verifies the signature and returns the event; throws on a bad signature or body. */
  parseWebhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): { type: string; intent: PaymentIntentView };
}
