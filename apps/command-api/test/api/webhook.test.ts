import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { eventsAfter, listingBody, shipping, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let user: TestUser;
/** Who sells what `user` buys (no one buys their own listing). */
let seller: TestUser;
let brandId: string;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness({ webhook: true });
  [user, seller] = await Promise.all([createTestUser(), createTestUser()]);
  brandId = (
    await h.call('POST', '/api/brands/find-or-create', {
      token: user.idToken,
      body: { name: 'Hook brand' },
    })
  ).body.id;
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

async function placeOne() {
  const product = (
    await h.call('POST', '/api/products', {
      token: seller.idToken,
      body: listingBody({ brand_id: brandId }),
    })
  ).body;
  const placed = await h.call('POST', '/api/orders', {
    token: user.idToken,
    body: {
      userId: user.uid,
      orderItems: [{ productId: product.product_id, quantity: 1, unitPrice: product.price }],
      shippingInfo: shipping,
    },
  });
  expect(placed.status).toBe(201);
  return { product, placed: placed.body };
}

const card = (number: string) => ({ number, expMonth: 12, expYear: 2035, cvc: '123' });

describe('payment webhook (signed, delivered by the simulated processor)', () => {
  it('pays the order on payment_intent.succeeded; the client’s update-payment afterwards changes nothing', async () => {
    const { placed } = await placeOne();
    const head = await h.log.headPosition();
    await h.payments.confirm(placed.clientSecret, card('4242424242424242'));
    expect((await eventsAfter(h.log, head)).map((e) => e.type)).toEqual(
      expect.arrayContaining(['OrderPaid', 'StockSold']),
    );
    const after = await h.log.headPosition();
    const res = await h.call('PUT', `/api/orders/${placed.order.id}/update-payment`, {
      token: user.idToken,
      body: { stripePaymentId: placed.paymentIntentId },
    });
    expect(res).toMatchObject({ status: 200, body: { order: { status: 'paid' } } });
    expect(await h.log.headPosition()).toBe(after);
  });

  it('fails the order on a declined card and gives its stock back', async () => {
    const { product, placed } = await placeOne();
    const head = await h.log.headPosition();
    await expect(h.payments.confirm(placed.clientSecret, card('4000000000000002'))).rejects.toThrow(
      'Your card was declined.',
    );
    const events = await eventsAfter(h.log, head);
    expect(events.map((e) => e.type)).toEqual(['OrderPaymentFailed', 'StockReleased']);
    expect(events[1]!.data).toMatchObject({
      listingId: product.product_id,
      reason: 'payment_failed',
    });
    const res = await h.call('PUT', `/api/orders/${placed.order.id}/update-payment`, {
      token: user.idToken,
      body: { stripePaymentId: placed.paymentIntentId },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
