/**
 * Offers, messages and bundles through the command API (docs/product.md §13): the buyer's
 * offer, the seller's counter and the acceptance; the order priced from it for that buyer only
 * (a tampered price still 409); bundle discounts; refusals that append nothing; the offer
 * sweeper; the stricter per-user rate limits on offers and messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_RULES } from '@rewear/contracts';
import { createRateLimiter } from '@rewear/platform';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { createOfferSweeper } from '../../src/index.ts';
import { eventsAfter, listingBody, shipping, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [seller, buyer, stranger] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const card = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
const post = (path: string, user: TestUser | null, body?: unknown) =>
  h.call('POST', path, { token: user?.idToken, body });
const typesAfter = async (position: number) =>
  (await eventsAfter(h.log, position)).map((e) => e.type);

async function refused(
  request: () => Promise<{ status: number; body: any }>,
  status: number,
  message?: RegExp,
) {
  const before = await h.log.headPosition();
  const res = await request();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toEqual(expect.any(String));
  if (message) expect(res.body.message).toMatch(message);
  expect(await h.log.headPosition()).toBe(before);
  return res;
}

async function listing(owner = seller, price = 40, stock = 1) {
  const brand = await post('/api/brands/find-or-create', owner, { name: 'Offer brand' });
  const res = await post(
    '/api/products',
    owner,
    listingBody({ brand_id: brand.body.id, price, stock }),
  );
  expect(res.status).toBe(201);
  return res.body.product_id as string;
}

const order = (user: TestUser, lines: Array<{ productId: string; unitPrice: number }>) =>
  post('/api/orders', user, {
    userId: user.uid,
    orderItems: lines.map((line) => ({ ...line, quantity: 1 })),
    shippingInfo: shipping,
  });

describe('offers', () => {
  it('offer, counter, the buyer accepts; the order is priced from it for that buyer only', async () => {
    const productId = await listing(seller, 40, 2);
    const made = await post(`/api/listings/${productId}/offers`, buyer, { amount: 25 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { conversationId } = made.body;
    expect(conversationId).toBe(`${productId}_${buyer.uid}`);
    const offerId = made.body.offer.offerId as string;
    expect(made.body.offer).toMatchObject({ status: 'pending', amount: 25 });

    const countered = await post(
      `/api/conversations/${conversationId}/offers/${offerId}/counter`,
      seller,
      { amount: 32 },
    );
    expect(countered.status).toBe(200);
    expect(countered.body.offer).toMatchObject({ status: 'countered', counterAmount: 32 });
    // The counter waits for the buyer: the seller cannot accept it.
    await refused(
      () => post(`/api/conversations/${conversationId}/offers/${offerId}/accept`, seller),
      403,
      /buyer answers a counter/,
    );
    const accepted = await post(
      `/api/conversations/${conversationId}/offers/${offerId}/accept`,
      buyer,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.offer).toMatchObject({ status: 'accepted' });

    // Anyone else pays the listed price; the buyer's listed-price claim is now a stale price.
    await refused(() => order(stranger, [{ productId, unitPrice: 32 }]), 409, /Price changed/);
    const other = await order(stranger, [{ productId, unitPrice: 40 }]);
    expect(other.status).toBe(201);
    expect(other.body.order.total_price).toBe(40);

    // A tampered price is still a 409 with the server's price.
    const tampered = await refused(() => order(buyer, [{ productId, unitPrice: 1 }]), 409);
    expect(tampered.body.details).toEqual([{ productId, price: 32 }]);
    const placed = await order(buyer, [{ productId, unitPrice: 32 }]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.total_price).toBe(32);
    await h.payments.confirm(placed.body.clientSecret, card);
    const before = await h.log.headPosition();
    const paid = await h.call('PUT', `/api/orders/${placed.body.order.id}/update-payment`, {
      token: buyer.idToken,
      body: { stripePaymentId: placed.body.paymentIntentId },
    });
    expect(paid.status).toBe(200);
    const after = await eventsAfter(h.log, before);
    expect(after.map((e) => e.type)).toContain('OfferRedeemed');
    expect(after.find((e) => e.type === 'ShipmentOpened')!.data).toMatchObject({
      amountCents: 3200,
    });
  });

  it('refuses an offer to oneself, below half the price, a second open one and a fourth, appending nothing', async () => {
    const productId = await listing();
    await refused(
      () => post(`/api/listings/${productId}/offers`, seller, { amount: 30 }),
      400,
      /own listing/,
    );
    await refused(
      () => post(`/api/listings/${productId}/messages`, seller, { text: 'Hi me' }),
      400,
      /yourself/,
    );
    await refused(
      () => post(`/api/listings/${productId}/offers`, buyer, { amount: 19.99 }),
      400,
      /at least \$20\.00/,
    );
    await refused(() => post(`/api/listings/${productId}/offers`, buyer, { amount: 'abc' }), 400);
    await refused(() => post(`/api/listings/nope/offers`, buyer, { amount: 30 }), 404);
    const first = await post(`/api/listings/${productId}/offers`, buyer, { amount: 21 });
    expect(first.status).toBe(201);
    await refused(
      () => post(`/api/listings/${productId}/offers`, buyer, { amount: 22 }),
      409,
      /open offer/,
    );
    const path = (offerId: string, action: string) =>
      `/api/conversations/${first.body.conversationId}/offers/${offerId}/${action}`;
    await refused(() => post(path(first.body.offer.offerId, 'decline'), stranger), 403);
    await refused(
      () => post(path(first.body.offer.offerId, 'counter'), seller, { amount: 20 }),
      400,
      /above the offer/,
    );
    expect((await post(path(first.body.offer.offerId, 'decline'), seller)).status).toBe(200);
    for (const amount of [22, 23]) {
      const next = await post(`/api/listings/${productId}/offers`, buyer, { amount });
      expect(next.status).toBe(201);
      expect((await post(path(next.body.offer.offerId, 'decline'), seller)).status).toBe(200);
    }
    await refused(
      () => post(`/api/listings/${productId}/offers`, buyer, { amount: 24 }),
      409,
      /at most 3 offers/,
    );
  });

  it('the sweeper expires an unanswered offer after 48 hours and an accepted one’s hold after 24', async () => {
    const a = await listing();
    const b = await listing();
    const offerA = await post(`/api/listings/${a}/offers`, buyer, { amount: 30 });
    const offerB = await post(`/api/listings/${b}/offers`, buyer, { amount: 30 });
    await post(
      `/api/conversations/${offerB.body.conversationId}/offers/${offerB.body.offer.offerId}/accept`,
      seller,
    );
    const sweeper = createOfferSweeper({ eventStore: h.log, clock: h.now, onError: () => {} });
    const ours = (changed: string[]) =>
      changed.filter((id) => [offerA, offerB].some((o) => o.body.conversationId === id));
    expect(ours(await sweeper.sweep())).toEqual([]);
    h.advance(OFFER_RULES.holdMs);
    expect(ours(await sweeper.sweep())).toEqual([offerB.body.conversationId]);
    // The hold lapsed: the buyer pays the listed price again.
    await refused(() => order(buyer, [{ productId: b, unitPrice: 30 }]), 409, /Price changed/);
    h.advance(OFFER_RULES.answerWithinMs - OFFER_RULES.holdMs);
    const before = await h.log.headPosition();
    expect(ours(await sweeper.sweep())).toEqual([offerA.body.conversationId]);
    expect(await typesAfter(before)).toEqual(['OfferExpired']);
    await refused(
      () =>
        post(
          `/api/conversations/${offerA.body.conversationId}/offers/${offerA.body.offer.offerId}/accept`,
          seller,
        ),
      409,
      /expired/,
    );
  });
});

describe('messages', () => {
  it('the buyer writes first, the seller answers; a stranger and a reply to no conversation are refused', async () => {
    const productId = await listing();
    const first = await post(`/api/listings/${productId}/messages`, buyer, {
      text: 'Is it lined?',
    });
    expect(first.status).toBe(201);
    const path = `/api/conversations/${first.body.conversationId}/messages`;
    expect((await post(path, seller, { text: 'Yes, silk.' })).status).toBe(201);
    await refused(() => post(path, stranger, { text: 'Me too' }), 403);
    await refused(
      () =>
        post(`/api/conversations/${productId}_${stranger.uid}/messages`, seller, { text: 'Hi' }),
      404,
    );
    await refused(() => post(path, buyer, { text: 'x'.repeat(2001) }), 400, /2000 characters/);
    await refused(() => post(path, buyer, { text: '   ' }), 400, /write a message/);
  });
});

describe('bundles', () => {
  it('takes the seller’s bundle discount off an order of several of their items', async () => {
    const set = await h.call('PUT', '/api/bundle-discounts', {
      token: seller.idToken,
      body: {
        tiers: [
          { minItems: 2, percent: 10 },
          { minItems: 3, percent: 20 },
        ],
      },
    });
    expect(set.status).toBe(200);
    await refused(
      () =>
        h.call('PUT', '/api/bundle-discounts', {
          token: seller.idToken,
          body: { tiers: [{ minItems: 1, percent: 10 }] },
        }),
      400,
    );
    const [a, b] = [await listing(seller, 20), await listing(seller, 30)];
    const placed = await order(buyer, [
      { productId: a, unitPrice: 20 },
      { productId: b, unitPrice: 30 },
    ]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.total_price).toBe(45);
    const placedEvent = (await eventsAfter(h.log, 0)).findLast((e) => e.type === 'OrderPlaced')!;
    expect(placedEvent.data).toMatchObject({
      totalCents: 4500,
      discounts: [{ sellerId: seller.uid, percent: 10, amountCents: 500 }],
    });
  });
});

describe('rate limits on offers and messages', () => {
  it('answers 429 with Retry-After past the per-user limit of a scope, appending nothing', async () => {
    const t = await startHarness({
      rateLimiter: createRateLimiter({
        perAddress: [],
        perUser: [{ points: 1000, windowMs: 60_000 }],
        perUserScoped: { messages: [{ points: 2, windowMs: 60_000 }] },
      }),
    });
    try {
      const brand = await t.call('POST', '/api/brands/find-or-create', {
        token: seller.idToken,
        body: { name: 'Limit brand' },
      });
      const product = await t.call('POST', '/api/products', {
        token: seller.idToken,
        body: listingBody({ brand_id: brand.body.id }),
      });
      const send = () =>
        t.call('POST', `/api/listings/${product.body.product_id}/messages`, {
          token: buyer.idToken,
          body: { text: 'Hello' },
        });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const before = await t.log.headPosition();
      const third = await send();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(third.body.message).toMatch(/Too many requests/);
      expect(await t.log.headPosition()).toBe(before);
      // Other commands of the same user are not held back by the messages' limit.
      const other = await t.call('PUT', '/api/bundle-discounts', {
        token: buyer.idToken,
        body: { tiers: [] },
      });
      expect(other.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
