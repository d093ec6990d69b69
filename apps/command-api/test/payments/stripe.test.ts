/**
 * The Stripe adapter against stripe-mock (scripts/engines/stripe-mock.sh start), reached through
 * STRIPE_API_BASE (default http://127.0.0.1:12111). stripe-mock answers with fixtures, so these
 * tests check the wiring (request shape, mapping, errors), not Stripe's business rules.
 */
import net from 'node:net';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripePaymentGateway } from '../../src/payments/stripe.ts';

const apiBase = process.env.STRIPE_API_BASE ?? 'http://127.0.0.1:12111';

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 80 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const mockUp = await reachable(apiBase);
if (!mockUp)
  console.warn(
    `[skipped] Stripe adapter against stripe-mock: nothing answers at ${apiBase} (run scripts/engines/stripe-mock.sh start)`,
  );

const webhookSecret = 'whsec_test_secret';
const gateway = createStripePaymentGateway({ secretKey: 'sk_test_123', apiBase, webhookSecret });

describe.skipIf(!mockUp)('Stripe payment gateway (stripe-mock)', () => {
  it('creates a PaymentIntent and maps it to the port view', async () => {
    const intent = await gateway.createIntent({
      orderId: 'order-1',
      amountCents: 2599,
      currency: 'usd',
      idempotencyKey: 'order-1',
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toContain('_secret_');
    expect(intent.amountCents).toBe(2599);
    expect(intent.currency).toBe('usd');
    expect(['requires_payment_method', 'requires_confirmation', 'succeeded']).toContain(
      intent.status,
    );
  });

  it('retrieves an intent by id', async () => {
    const created = await gateway.createIntent({
      orderId: 'order-2',
      amountCents: 1000,
      currency: 'usd',
      idempotencyKey: 'order-2',
    });
    const found = await gateway.retrieveIntent(created.id);
    expect(found?.id).toMatch(/^pi_/);
    expect(typeof found?.amountCents).toBe('number');
  });

  it('refunds part of a payment, with the idempotency key on the request', async () => {
    const intent = await gateway.createIntent({
      orderId: 'order-3',
      amountCents: 5000,
      currency: 'usd',
      idempotencyKey: 'order-3',
    });
    const refund = await gateway.refund(intent.id, 2000, 'shipment-refund-order-3.s1');
    expect(refund.id).toMatch(/^re_/);
    expect(typeof refund.amountCents).toBe('number');
    expect(['pending', 'succeeded', 'failed', 'canceled', 'requires_action']).toContain(
      refund.status,
    );
    expect(refund.paymentIntentId).toEqual(expect.any(String));
  });

  it('surfaces invalid requests as errors', async () => {
    await expect(
      gateway.createIntent({
        orderId: 'o',
        amountCents: 10.5,
        currency: 'usd',
        idempotencyKey: 'bad',
      }),
    ).rejects.toThrow();
  });
});

describe('Stripe webhook verification', () => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: 'pi_123',
        object: 'payment_intent',
        amount: 4500,
        currency: 'usd',
        status: 'succeeded',
        client_secret: 'pi_123_secret_abc',
        metadata: { orderId: 'order-9' },
        last_payment_error: null,
      },
    },
  });

  it('accepts a correctly signed event', () => {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(gateway.parseWebhook(Buffer.from(payload), signature)).toEqual({
      type: 'payment_intent.succeeded',
      intent: {
        id: 'pi_123',
        clientSecret: 'pi_123_secret_abc',
        status: 'succeeded',
        amountCents: 4500,
        currency: 'usd',
        orderId: 'order-9',
        lastError: null,
      },
    });
  });

  it('rejects a wrong secret, a missing header, and a tampered body with 400', () => {
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => gateway.parseWebhook(Buffer.from(payload), forged)).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(() => gateway.parseWebhook(Buffer.from(payload), undefined)).toThrow(/Missing/);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(() =>
      gateway.parseWebhook(Buffer.from(payload.replace('4500', '1')), signature),
    ).toThrow(/Webhook rejected/);
  });
});
