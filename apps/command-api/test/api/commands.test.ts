import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '@rewear/platform';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { createReservationSweeper } from '../../src/index.ts';
import { eventsAfter, listingBody, shipping, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let seller: TestUser;
let buyer: TestUser;
let rival: TestUser;
let brandId: string;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [seller, buyer, rival] = await Promise.all([
    createTestUser(undefined, undefined, 'Sam Seller'),
    createTestUser(),
    createTestUser(),
  ]);
  const brand = await h.call('POST', '/api/brands/find-or-create', {
    token: seller.idToken,
    body: { name: 'Levi’s' },
  });
  brandId = brand.body.id;
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

async function newListing(over: Record<string, unknown> = {}) {
  const res = await h.call('POST', '/api/products', {
    token: seller.idToken,
    body: listingBody({ brand_id: brandId, ...over }),
  });
  expect(res.status).toBe(201);
  return res.body as { product_id: string; price: number; title: string; stock: number };
}

async function cartOf(user: TestUser) {
  const res = await h.call('POST', '/api/cart/create', {
    token: user.idToken,
    body: { userId: user.uid },
  });
  return res.body.id as string;
}

const order = (user: TestUser, productId: string, unitPrice: number, quantity = 1) =>
  h.call('POST', '/api/orders', {
    token: user.idToken,
    body: {
      userId: user.uid,
      orderItems: [{ productId, quantity, unitPrice }],
      shippingInfo: shipping,
    },
  });

const card = (number: string) => ({ number, expMonth: 12, expYear: 2035, cvc: '123' });

describe('registration', () => {
  it('registers the token’s user once, with the position in body and header', async () => {
    const user = await createTestUser();
    const body = { uid: user.uid, email: user.email, display_name: 'Ada' };
    const first = await h.call('POST', '/api/users/register', { token: user.idToken, body });
    expect(first.status).toBe(201);
    expect(first.body.uid).toBe(user.uid);
    expect(first.body.position).toBeGreaterThan(0);
    expect(first.headers.get('x-event-position')).toBe(String(first.body.position));
    const second = await h.call('POST', '/api/users/register', { token: user.idToken, body });
    expect(second).toMatchObject({ status: 409, body: { message: 'User already registered' } });
    const someoneElse = await h.call('POST', '/api/users/register', { token: rival.idToken, body });
    expect(someoneElse.status).toBe(403);
  });
});

describe('listings', () => {
  it('makes the token user the seller whatever the body says, and only the seller edits or deletes', async () => {
    const created = await h.call('POST', '/api/products', {
      token: seller.idToken,
      body: listingBody({ brand_id: brandId, seller_id: rival.uid, price: '19.99' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      seller_id: seller.uid,
      seller_name: 'Sam Seller',
      price: 19.99,
      brand_name: 'Levi’s',
      stock: 1,
      category_name: 'Outerwear',
    });
    const id = created.body.product_id;
    expect(
      (await h.call('PUT', `/api/products/${id}`, { token: rival.idToken, body: { price: 1 } }))
        .status,
    ).toBe(403);
    expect((await h.call('DELETE', `/api/products/${id}`, { token: rival.idToken })).status).toBe(
      403,
    );
    const updated = await h.call('PUT', `/api/products/${id}`, {
      token: seller.idToken,
      body: { price: 21.5, title: 'Denim jacket' },
    });
    expect(updated.body).toMatchObject({ price: 21.5, title: 'Denim jacket' });
    expect((await h.call('DELETE', `/api/products/${id}`, { token: seller.idToken })).status).toBe(
      200,
    );
    expect((await h.call('DELETE', `/api/products/${id}`, { token: seller.idToken })).status).toBe(
      404,
    );
    expect(
      (
        await h.call('PUT', '/api/products/no-such-id', {
          token: seller.idToken,
          body: { price: 1 },
        })
      ).status,
    ).toBe(404);
  });

  it('rejects invalid bodies with 400 {message, details} and appends nothing', async () => {
    const head = await h.log.headPosition();
    const operator = await h.call('POST', '/api/products', {
      token: seller.idToken,
      body: listingBody({ brand_id: brandId, title: { $gt: '' } }),
    });
    expect(operator.status).toBe(400);
    expect(operator.body.message).toMatch(/\$/);
    const missing = await h.call('POST', '/api/products', {
      token: seller.idToken,
      body: { title: 'x' },
    });
    expect(missing.status).toBe(400);
    expect(Array.isArray(missing.body.details)).toBe(true);
    const badBrand = await h.call('POST', '/api/products', {
      token: seller.idToken,
      body: listingBody({ brand_id: 'nope' }),
    });
    expect(badBrand).toMatchObject({
      status: 400,
      body: { message: 'Invalid brand_id: brand not found' },
    });
    const badJson = await h.call('POST', '/api/products', {
      token: seller.idToken,
      raw: '{"title": ',
    });
    expect(badJson.status).toBe(400);
    expect(JSON.stringify(badJson.body)).not.toMatch(/at .*\.(ts|js)/);
    expect(await h.log.headPosition()).toBe(head);
  });

  it('answers 405 with a message to a method no route takes (not 501), and appends nothing', async () => {
    const head = await h.log.headPosition();
    // fetch refuses TRACE itself.
    const trace = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${h.url}/api/products`, { method: 'TRACE' }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.once('error', reject);
      request.end();
    });
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body)).toEqual({ message: 'TRACE is not allowed on /api/products' });
    const put = await h.call('PUT', '/api/cart/add-item', { token: buyer.idToken, body: {} });
    expect(put).toMatchObject({
      status: 405,
      body: { message: 'PUT is not allowed on /api/cart/add-item' },
    });
    expect(put.headers.get('allow')).toBe('POST');
    expect(await h.log.headPosition()).toBe(head);
  });

  it('answers 413 to a body over 1 MB', async () => {
    const res = await h.call('POST', '/api/products', {
      token: seller.idToken,
      body: listingBody({ brand_id: brandId, description: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBeTruthy();
  });
});

describe('brands', () => {
  it('finds a brand by trimmed, case-insensitive name, and refuses a duplicate', async () => {
    const again = await h.call('POST', '/api/brands/find-or-create', {
      token: seller.idToken,
      body: { name: '  levi’s ' },
    });
    expect(again).toMatchObject({
      status: 200,
      body: { id: brandId, name: 'Levi’s', created: false },
    });
    const fresh = await h.call('POST', '/api/brands/find-or-create', {
      token: seller.idToken,
      body: { name: `Brand ${Date.now()}` },
    });
    expect(fresh).toMatchObject({ status: 201, body: { created: true } });
    expect(
      (await h.call('POST', '/api/brands', { token: seller.idToken, body: { name: 'LEVI’S' } }))
        .status,
    ).toBe(409);
  });
});

describe('cart', () => {
  it('keeps one cart per user and caps lines by available stock', async () => {
    const product = await newListing({ stock: 2 });
    const cartId = await cartOf(buyer);
    const again = await h.call('POST', '/api/cart/create', {
      token: buyer.idToken,
      body: { userId: buyer.uid },
    });
    expect(again).toMatchObject({ status: 200, body: { id: cartId } });
    const added = await h.call('POST', '/api/cart/add-item', {
      token: buyer.idToken,
      body: { cartId, productId: product.product_id, quantity: 2 },
    });
    expect(added).toMatchObject({ status: 200, body: { quantity: 2 } });
    const tooMany = await h.call('POST', '/api/cart/add-item', {
      token: buyer.idToken,
      body: { cartId, productId: product.product_id, quantity: 1 },
    });
    expect(tooMany).toMatchObject({ status: 409, body: { message: 'Only 2 available' } });
    const unknown = await h.call('POST', '/api/cart/add-item', {
      token: buyer.idToken,
      body: { cartId, productId: 'nope', quantity: 1 },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    const notYours = await h.call('POST', '/api/cart/add-item', {
      token: rival.idToken,
      body: { cartId, productId: product.product_id, quantity: 1 },
    });
    expect(notYours.status).toBe(403);
    const removed = await h.call('DELETE', '/api/cart/remove-item', {
      token: buyer.idToken,
      body: { cartId, productId: product.product_id, quantity: 1 },
    });
    expect(removed.status).toBe(204);
    expect(Number(removed.headers.get('x-event-position'))).toBeGreaterThan(0);
    const zero = await h.call('PUT', '/api/cart/update-item', {
      token: buyer.idToken,
      body: { cartId, productId: product.product_id, quantity: 0 },
    });
    expect(zero).toMatchObject({ status: 200, body: { quantity: 0 } });
    expect(
      (await h.call('POST', '/api/cart/clear', { token: buyer.idToken, body: { cartId } })).status,
    ).toBe(200);
    expect(
      (
        await h.call('POST', '/api/cart/clear', {
          token: buyer.idToken,
          body: { cartId: 'u_nobody' },
        })
      ).status,
    ).toBe(404);
  });

  it('merges a visitor cart at sign-in: quantities add up, capped by stock; unknown and sold-out items are skipped', async () => {
    const user = await createTestUser();
    const two = await newListing({ stock: 2 });
    const soldOut = await newListing({ stock: 1 });
    await order(rival, soldOut.product_id, soldOut.price);
    const cartId = await cartOf(user);
    await h.call('POST', '/api/cart/add-item', {
      token: user.idToken,
      body: { cartId, productId: two.product_id, quantity: 1 },
    });
    const merged = await h.call('POST', '/api/cart/merge', {
      token: user.idToken,
      body: {
        cartId,
        items: [
          { productId: two.product_id, quantity: 5 },
          { productId: 'gone', quantity: 1 },
          { productId: soldOut.product_id, quantity: 1 },
        ],
      },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.items).toEqual([{ productId: two.product_id, quantity: 2 }]);
    expect(merged.body.skipped).toEqual([
      { productId: 'gone', reason: 'not_found' },
      { productId: soldOut.product_id, reason: 'sold_out' },
    ]);
    expect(
      (
        await h.call('POST', '/api/cart/merge', {
          token: rival.idToken,
          body: { cartId, items: [] },
        })
      ).status,
    ).toBe(403);
  });
});

describe('wishlist, newsletter, collections', () => {
  it('saves and removes wishlist items of the token user only', async () => {
    const product = await newListing();
    const save = (userId: string, productId: string) =>
      h.call('POST', '/api/wishlist', { token: buyer.idToken, body: { userId, productId } });
    const removeAs = (token: string) =>
      h.call('DELETE', `/api/wishlist/user/${buyer.uid}/product/${product.product_id}`, { token });
    expect((await save(buyer.uid, product.product_id)).status).toBe(201);
    expect((await save(buyer.uid, product.product_id)).status).toBe(200);
    expect((await save(rival.uid, product.product_id)).status).toBe(403);
    expect((await save(buyer.uid, 'nope')).status).toBe(404);
    expect((await removeAs(rival.idToken)).status).toBe(403);
    expect((await removeAs(buyer.idToken)).status).toBe(200);
    expect(
      (await h.call('DELETE', `/api/wishlist/user/${buyer.uid}`, { token: buyer.idToken })).status,
    ).toBe(200);
  });

  it('subscribes and unsubscribes emails', async () => {
    const email = `news-${Date.now()}@example.com`;
    expect((await h.call('POST', '/api/newsletter/subscribe', { body: { email } })).status).toBe(
      201,
    );
    expect(
      (await h.call('POST', '/api/newsletter/subscribe', { body: { email: email.toUpperCase() } }))
        .status,
    ).toBe(200);
    expect(
      (await h.call('POST', '/api/newsletter/subscribe', { body: { email: 'not-an-email' } }))
        .status,
    ).toBe(400);
    expect((await h.call('POST', '/api/newsletter/unsubscribe', { body: { email } })).status).toBe(
      200,
    );
    expect((await h.call('POST', '/api/newsletter/unsubscribe', { body: { email } })).status).toBe(
      404,
    );
  });

  it('creates and follows collections', async () => {
    const product = await newListing();
    const created = await h.call('POST', '/api/collections', {
      token: buyer.idToken,
      body: { title: 'Denim', productIds: [product.product_id], isPublic: true },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { owner_id: buyer.uid, productIds: [product.product_id] },
    });
    expect(
      (await h.call('POST', `/api/collections/${created.body.id}/follow`, { token: rival.idToken }))
        .status,
    ).toBe(200);
    expect(
      (await h.call('POST', '/api/collections/nope/follow', { token: rival.idToken })).status,
    ).toBe(404);
    expect(
      (
        await h.call('POST', '/api/collections', {
          token: buyer.idToken,
          body: { title: 'X', productIds: ['nope'] },
        })
      ).status,
    ).toBe(404);
  });
});

describe('orders and stock', () => {
  it('refuses a tampered price with 409 "Price changed" and holds nothing', async () => {
    const product = await newListing({ price: 40 });
    const head = await h.log.headPosition();
    const res = await order(buyer, product.product_id, 0.5);
    expect(res).toMatchObject({ status: 409, body: { message: 'Price changed' } });
    expect(res.body.details).toEqual([{ productId: product.product_id, price: 40 }]);
    expect(await eventsAfter(h.log, head)).toEqual([]);
  });

  it('sells the last unit to exactly one of two buyers racing for it', async () => {
    const product = await newListing({ stock: 1 });
    const head = await h.log.headPosition();
    const [a, b] = await Promise.all([
      order(buyer, product.product_id, product.price),
      order(rival, product.product_id, product.price),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toBe(`"${product.title}" is no longer available`);
    const events = await eventsAfter(h.log, head);
    expect(events.filter((e) => e.type === 'OrderPlaced')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'StockReserved')).toHaveLength(1);
    const third = await order(buyer, product.product_id, product.price);
    expect(third.status).toBe(409);
  });

  it('answers 409 "Too many changes at once" when every reservation attempt loses its race, not a payment failure', async () => {
    const product = await newListing({ stock: 5 });
    const listingStream = `listing-${product.product_id}`;
    const head = await h.log.headPosition();
    // Other writers win every race for the listing's stream: each append finds it moved on.
    const append = h.log.append.bind(h.log);
    h.log.append = async (streamId, events, options) => {
      if (streamId === listingStream)
        throw new ConcurrencyError(streamId, options.expectedVersion ?? 0, 99);
      return append(streamId, events, options);
    };
    let res: Awaited<ReturnType<typeof order>>;
    try {
      res = await order(buyer, product.product_id, product.price);
    } finally {
      h.log.append = append;
    }
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'Too many changes at once. Please try again.' },
    });
    expect(await eventsAfter(h.log, head)).toEqual([]);
    // Once the stream is free again, the same order goes through.
    expect((await order(buyer, product.product_id, product.price)).status).toBe(201);
  });

  it('pays an order only with the processor’s word: forged or unconfirmed intents leave it unpaid', async () => {
    const product = await newListing({ stock: 2, price: 30 });
    const other = await newListing({ price: 30 });
    const cartId = await cartOf(buyer);
    await h.call('POST', '/api/cart/add-item', {
      token: buyer.idToken,
      body: { cartId, productId: other.product_id, quantity: 1 },
    });
    const placed = await order(buyer, product.product_id, 30, 2);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'pending', total_price: 60 });
    const orderId = placed.body.order.id;
    expect(placed.body.position).toBeGreaterThan(0);

    // Someone else's paid intent (another order, a smaller amount) does not pay this order.
    const cheap = await order(rival, other.product_id, 30);
    await h.payments.confirm(cheap.body.clientSecret, card('4242424242424242'));
    const forged = await h.call('PUT', `/api/orders/${orderId}/update-payment`, {
      token: buyer.idToken,
      body: { stripePaymentId: cheap.body.paymentIntentId },
    });
    expect(forged).toMatchObject({
      status: 409,
      body: { message: 'This payment does not belong to this order' },
    });
    // Its own intent, not yet confirmed.
    const early = await h.call('PUT', `/api/orders/${orderId}/update-payment`, {
      token: buyer.idToken,
      body: { stripePaymentId: placed.body.paymentIntentId },
    });
    expect(early.status).toBe(402);
    expect(
      (
        await h.call('PUT', `/api/orders/${orderId}/update-payment`, {
          token: rival.idToken,
          body: { stripePaymentId: placed.body.paymentIntentId },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.call('PUT', `/api/orders/nope/update-payment`, {
          token: buyer.idToken,
          body: { stripePaymentId: 'pi_x' },
        })
      ).status,
    ).toBe(404);

    const declined = await h.call('POST', '/api/orders', {
      token: buyer.idToken,
      body: { userId: buyer.uid, orderItems: [], shippingInfo: shipping },
    });
    expect(declined.status).toBe(400);

    await h.payments.confirm(placed.body.clientSecret, card('4242424242424242'));
    const head = await h.log.headPosition();
    const paid = await h.call('PUT', `/api/orders/${orderId}/update-payment`, {
      token: buyer.idToken,
      body: { stripePaymentId: placed.body.paymentIntentId },
    });
    expect(paid).toMatchObject({ status: 200, body: { order: { id: orderId, status: 'paid' } } });
    const events = await eventsAfter(h.log, head);
    expect(events.map((e) => e.type)).toEqual([
      'OrderPaid',
      'StockSold',
      'ShipmentOpened',
      'CartCleared',
    ]);
    expect(events[2]!.data).toMatchObject({ orderId, sellerId: seller.uid, buyerId: buyer.uid });
    expect(events[3]!.data).toMatchObject({ cartId, reason: 'order_paid', orderId });
    // A second success changes nothing.
    const again = await h.call('PUT', `/api/orders/${orderId}/update-payment`, {
      token: buyer.idToken,
      body: { stripePaymentId: placed.body.paymentIntentId },
    });
    expect(again.status).toBe(200);
    expect(await h.log.headPosition()).toBe(paid.body.position);
    // Sold out now: the stock never goes below zero.
    expect((await order(rival, product.product_id, 30)).status).toBe(409);
  });

  it('expires unpaid orders past their hold with an injected clock: stock returns, the order cannot be paid', async () => {
    const product = await newListing({ stock: 1 });
    const placed = await order(buyer, product.product_id, product.price);
    expect(placed.status).toBe(201);
    const sweeper = createReservationSweeper({ eventStore: h.log, clock: h.now });
    expect(await sweeper.sweep()).not.toContain(placed.body.order.id);
    h.advance(16 * 60 * 1000);
    const head = await h.log.headPosition();
    expect(await sweeper.sweep()).toContain(placed.body.order.id);
    const events = await eventsAfter(h.log, head);
    expect(events.filter((e) => e.type === 'OrderExpired').map((e) => e.data)).toContainEqual({
      orderId: placed.body.order.id,
    });
    expect(
      events.find(
        (e) =>
          e.type === 'StockReleased' &&
          (e.data as { listingId: string }).listingId === product.product_id,
      )?.data,
    ).toMatchObject({ reason: 'expired', quantity: 1 });
    await h.payments.confirm(placed.body.clientSecret, card('4242424242424242')).catch(() => {});
    const late = await h.call('PUT', `/api/orders/${placed.body.order.id}/update-payment`, {
      token: buyer.idToken,
      body: { stripePaymentId: placed.body.paymentIntentId },
    });
    expect(late.status).toBe(409);
    expect((await order(rival, product.product_id, product.price)).status).toBe(201);
  });

  it('resumes an unpaid order’s own payment for its buyer only, and not once paid or expired', async () => {
    const product = await newListing({ price: 25 });
    const placed = await order(buyer, product.product_id, 25);
    expect(placed.status).toBe(201);
    const orderId = placed.body.order.id as string;
    const path = `/api/orders/${orderId}/resume-payment`;

    expect((await h.call('POST', path, {})).status).toBe(401);
    expect((await h.call('POST', path, { token: rival.idToken })).status).toBe(403);
    expect(
      (await h.call('POST', '/api/orders/nope/resume-payment', { token: buyer.idToken })).status,
    ).toBe(404);

    const head = await h.log.headPosition();
    const resumed = await h.call('POST', path, { token: buyer.idToken });
    expect(resumed).toMatchObject({
      status: 200,
      body: {
        order: {
          id: orderId,
          status: 'pending',
          total_price: 25,
          expires_at: placed.body.order.expires_at,
        },
        clientSecret: placed.body.clientSecret,
        paymentIntentId: placed.body.paymentIntentId,
      },
    });
    expect(await h.log.headPosition()).toBe(head);

    // The secret it answers pays this order.
    await h.payments.confirm(resumed.body.clientSecret, card('4242424242424242'));
    const paid = await h.call('PUT', `/api/orders/${orderId}/update-payment`, {
      token: buyer.idToken,
      body: { stripePaymentId: resumed.body.paymentIntentId },
    });
    expect(paid.status).toBe(200);
    expect(await h.call('POST', path, { token: buyer.idToken })).toMatchObject({
      status: 409,
      body: { message: 'This order is already paid.' },
    });

    // Past its hold (before the sweeper has run, too) it cannot be resumed.
    const late = await newListing({ price: 25 });
    const unpaid = await order(buyer, late.product_id, 25);
    h.advance(16 * 60 * 1000);
    expect(
      await h.call('POST', `/api/orders/${unpaid.body.order.id}/resume-payment`, {
        token: buyer.idToken,
      }),
    ).toMatchObject({
      status: 409,
      body: { message: 'This order has expired. Please place it again.' },
    });
  });

  it('rejects a webhook with a bad signature', async () => {
    const res = await h.call('POST', '/api/payments/webhook', {
      body: { type: 'payment_intent.succeeded' },
      headers: { 'stripe-signature': 't=1,v1=bad' },
    });
    expect(res.status).toBe(400);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and appends nothing', async () => {
    const product = await newListing({ stock: 5 });
    const cartId = await cartOf(buyer);
    const send = () =>
      h.call('POST', '/api/cart/add-item', {
        token: buyer.idToken,
        body: { cartId, productId: product.product_id, quantity: 1 },
        headers: { 'Idempotency-Key': `k-${product.product_id}` },
      });
    const first = await send();
    const head = await h.log.headPosition();
    const retry = await send();
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('x-event-position')).toBe(first.headers.get('x-event-position'));
    expect(await h.log.headPosition()).toBe(head);
    // The same key from another user is a different request.
    const theirs = await h.call('POST', '/api/cart/add-item', {
      token: rival.idToken,
      body: { cartId, productId: product.product_id, quantity: 1 },
      headers: { 'Idempotency-Key': `k-${product.product_id}` },
    });
    expect(theirs.status).toBe(403);
  });
});
