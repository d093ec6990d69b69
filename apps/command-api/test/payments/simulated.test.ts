import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSimulatedPaymentGateway,
  createSimulatedProcessorRouter,
  type SimulatedPaymentGateway,
  type WebhookDelivery,
} from '../../src/payments/index.ts';

const visa = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rewear-payments-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('simulated payment gateway', () => {
  it('creates an intent with a Stripe-style client secret, idempotently', async () => {
    const gateway = createSimulatedPaymentGateway({ file: join(dir, 'p.sqlite') });
    const input = {
      orderId: 'o1',
      amountCents: 2599,
      currency: 'usd' as const,
      idempotencyKey: 'order-o1',
    };
    const intent = await gateway.createIntent(input);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 2599,
      currency: 'usd',
      orderId: 'o1',
      lastError: null,
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    expect(await gateway.createIntent(input)).toEqual(intent);
    await expect(gateway.createIntent({ ...input, amountCents: 100 })).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      gateway.createIntent({ ...input, idempotencyKey: 'x', amountCents: 10 }),
    ).rejects.toMatchObject({ status: 400 });
    gateway.close();
  });

  it('confirms with a good card, records declines, and keeps intents across restarts', async () => {
    const file = join(dir, 'p.sqlite');
    const first = createSimulatedPaymentGateway({ file });
    const intent = await first.createIntent({
      orderId: 'o2',
      amountCents: 5000,
      currency: 'usd',
      idempotencyKey: 'k2',
    });
    await expect(
      first.confirm(intent.clientSecret, { ...visa, number: '4000000000009995' }),
    ).rejects.toMatchObject({
      status: 402,
      message: 'Your card has insufficient funds.',
    });
    expect(await first.retrieveIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card has insufficient funds.',
    });
    first.close();

    const second = createSimulatedPaymentGateway({ file });
    expect((await second.confirm(intent.clientSecret, visa)).status).toBe('succeeded');
    expect(await second.retrieveIntent(intent.id)).toMatchObject({
      status: 'succeeded',
      lastError: null,
      orderId: 'o2',
    });
    await expect(second.confirm(intent.clientSecret, visa)).rejects.toMatchObject({ status: 400 });
    expect(await second.retrieveIntent('pi_unknown')).toBeNull();
    second.close();
  });

  it('refuses a client secret that does not match', async () => {
    const gateway = createSimulatedPaymentGateway({ file: ':memory:' });
    const intent = await gateway.createIntent({
      orderId: 'o3',
      amountCents: 900,
      currency: 'usd',
      idempotencyKey: 'k3',
    });
    await expect(gateway.confirm(`${intent.id}_secret_wrong`, visa)).rejects.toMatchObject({
      status: 404,
    });
    expect((await gateway.retrieveIntent(intent.id))?.status).toBe('requires_payment_method');
    gateway.close();
  });

  it('delivers signed webhooks that parseWebhook verifies, and rejects tampered ones', async () => {
    const deliveries: WebhookDelivery[] = [];
    const gateway = createSimulatedPaymentGateway({
      file: ':memory:',
      webhook: async (d) => {
        deliveries.push(d);
      },
    });
    const intent = await gateway.createIntent({
      orderId: 'o4',
      amountCents: 1200,
      currency: 'usd',
      idempotencyKey: 'k4',
    });
    await expect(
      gateway.confirm(intent.clientSecret, { ...visa, number: '4000000000000002' }),
    ).rejects.toThrow('Your card was declined.');
    await gateway.confirm(intent.clientSecret, visa);
    expect(deliveries).toHaveLength(2);
    const failed = gateway.parseWebhook(deliveries[0]!.rawBody, deliveries[0]!.signature);
    expect(failed.type).toBe('payment_intent.payment_failed');
    expect(failed.intent).toMatchObject({
      id: intent.id,
      lastError: 'Your card was declined.',
      orderId: 'o4',
    });
    const ok = gateway.parseWebhook(deliveries[1]!.rawBody, deliveries[1]!.signature);
    expect(ok).toMatchObject({
      type: 'payment_intent.succeeded',
      intent: { status: 'succeeded', amountCents: 1200, currency: 'usd' },
    });

    const tampered = Buffer.from(deliveries[1]!.rawBody.toString().replace('1200', '1'));
    expect(() => gateway.parseWebhook(tampered, deliveries[1]!.signature)).toThrow(
      /Webhook rejected/,
    );
    expect(() => gateway.parseWebhook(deliveries[1]!.rawBody, undefined)).toThrow(/Missing/);
    gateway.close();
  });
});

describe('simulated refunds', () => {
  async function paid(gateway: SimulatedPaymentGateway, amountCents = 5000) {
    const intent = await gateway.createIntent({
      orderId: 'o-r',
      amountCents,
      currency: 'usd',
      idempotencyKey: `k-${amountCents}`,
    });
    return gateway.confirm(intent.clientSecret, visa);
  }

  it('refunds parts of a succeeded payment; the same key gives the same refund back', async () => {
    const gateway = createSimulatedPaymentGateway({ file: ':memory:' });
    const intent = await paid(gateway);
    const first = await gateway.refund(intent.id, 2000, 'shipment-refund-a');
    expect(first).toMatchObject({
      paymentIntentId: intent.id,
      amountCents: 2000,
      status: 'succeeded',
    });
    expect(await gateway.refund(intent.id, 2000, 'shipment-refund-a')).toEqual(first);
    const all = await Promise.all(
      Array.from({ length: 5 }, () => gateway.refund(intent.id, 3000, 'shipment-refund-b')),
    );
    expect(new Set(all.map((r) => r.id)).size).toBe(1);
    expect(gateway.refundsOf(intent.id).map((r) => r.amountCents)).toEqual([2000, 3000]);
    gateway.close();
  });

  it('refuses more than was paid, an unpaid intent and a key reused with other amounts', async () => {
    const gateway = createSimulatedPaymentGateway({ file: ':memory:' });
    const intent = await paid(gateway);
    await expect(gateway.refund(intent.id, 5001, 'k1')).rejects.toMatchObject({ status: 400 });
    await gateway.refund(intent.id, 1000, 'k2');
    await expect(gateway.refund(intent.id, 500, 'k2')).rejects.toMatchObject({ status: 409 });
    const unpaid = await gateway.createIntent({
      orderId: 'o-u',
      amountCents: 900,
      currency: 'usd',
      idempotencyKey: 'k-unpaid',
    });
    await expect(gateway.refund(unpaid.id, 900, 'k3')).rejects.toMatchObject({ status: 400 });
    await expect(gateway.refund('pi_nope', 900, 'k4')).rejects.toMatchObject({ status: 404 });
    gateway.close();
  });
});

describe('POST /api/payments/simulated/confirm', () => {
  let gateway: SimulatedPaymentGateway;
  let base: string;
  let close: () => void;
  beforeEach(async () => {
    gateway = createSimulatedPaymentGateway({ file: ':memory:' });
    const app = new Koa();
    app.use(createSimulatedProcessorRouter(gateway).routes());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    close = () => {
      server.close();
      gateway.close();
    };
  });
  afterEach(() => close());

  const confirm = (body: unknown) =>
    fetch(`${base}/api/payments/simulated/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers 200 with the succeeded intent', async () => {
    const intent = await gateway.createIntent({
      orderId: 'o5',
      amountCents: 4200,
      currency: 'usd',
      idempotencyKey: 'k5',
    });
    const res = await confirm({ clientSecret: intent.clientSecret, card: visa });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ paymentIntent: { id: intent.id, status: 'succeeded' } });
  });

  it('answers 402 { message, code } for a declined card', async () => {
    const intent = await gateway.createIntent({
      orderId: 'o6',
      amountCents: 4200,
      currency: 'usd',
      idempotencyKey: 'k6',
    });
    const res = await confirm({
      clientSecret: intent.clientSecret,
      card: { ...visa, number: '4000 0000 0000 0002' },
    });
    expect(res.status).toBe(402);
    expect(await res.json()).toMatchObject({
      message: 'Your card was declined.',
      code: 'card_declined',
    });
  });

  it('answers 400 for a malformed body and 404 for an unknown secret', async () => {
    const bad = await confirm({ clientSecret: 'pi_x_secret_y' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/card/);
    const unknown = await confirm({ clientSecret: 'pi_x_secret_y', card: visa });
    expect(unknown.status).toBe(404);
  });
});
