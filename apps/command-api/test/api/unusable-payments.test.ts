/**
 * A payment the processor took for an order that can no longer use it is refunded, once:
 * an order that expired before the payment arrived (swept or not yet), one whose payment had
 * failed and its items were released, and the items of a paid order that were sold to someone
 * else meanwhile (docs/product.md §11.4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamIdOf } from '@rewear/contracts';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { createReservationSweeper } from '../../src/index.ts';
import { createAggregateRepository, handleCommand } from '../../src/shared/decider.ts';
import { orderDecider } from '@rewear/features/order/decider';
import { recordPaymentFailure } from '../../src/order/workflow.ts';
import { eventsAfter, listingBody, shipping, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let seller: TestUser;
let buyer: TestUser;
let rival: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [seller, buyer, rival] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const HOLD_LAPSED_MS = 16 * 60 * 1000;
const card = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };

async function listing(price: number) {
  const brand = await h.call('POST', '/api/brands/find-or-create', {
    token: seller.idToken,
    body: { name: 'Refund brand' },
  });
  const res = await h.call('POST', '/api/products', {
    token: seller.idToken,
    body: listingBody({ price, stock: 1, brand_id: brand.body.id }),
  });
  expect(res.status).toBe(201);
  return res.body.product_id as string;
}

async function placed(user: TestUser, items: Array<[productId: string, price: number]>) {
  const res = await h.call('POST', '/api/orders', {
    token: user.idToken,
    body: {
      userId: user.uid,
      orderItems: items.map(([productId, unitPrice]) => ({ productId, quantity: 1, unitPrice })),
      shippingInfo: shipping,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    orderId: res.body.order.id as string,
    intentId: res.body.paymentIntentId as string,
    clientSecret: res.body.clientSecret as string,
  };
}

const updatePayment = (user: TestUser, o: { orderId: string; intentId: string }) =>
  h.call('PUT', `/api/orders/${o.orderId}/update-payment`, {
    token: user.idToken,
    body: { stripePaymentId: o.intentId },
  });

/** The command environment of a step taken outside the API (the processor's notification). */
const env = () => ({
  aggregates: createAggregateRepository(h.log),
  now: h.now,
  newId: () => crypto.randomUUID(),
  actor: 'test',
  correlationId: crypto.randomUUID(),
});

const typesAfter = async (position: number) =>
  (await eventsAfter(h.log, position)).map((e) => e.type);

describe('a payment the order cannot use', () => {
  it('paid after the order expired: refunded in full, once, whatever the repeats', async () => {
    const o = await placed(buyer, [[await listing(20), 20]]);
    h.advance(HOLD_LAPSED_MS);
    await createReservationSweeper({ eventStore: h.log, clock: h.now }).sweep();
    // The buyer's card goes through late.
    await h.payments.confirm(o.clientSecret, card);
    const before = await h.log.headPosition();
    const [late, repeated] = await Promise.all([updatePayment(buyer, o), updatePayment(buyer, o)]);
    for (const res of [late, repeated]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'This order had expired before the payment arrived: your payment is refunded. Please place it again.',
      );
    }
    const events = await eventsAfter(h.log, before);
    expect(events.map((e) => e.type)).toEqual(['OrderPaymentRefunded', 'OrderRefundIssued']);
    expect(events[0]!.data).toMatchObject({
      orderId: o.orderId,
      amountCents: 2000,
      reason: 'order_expired',
    });
    expect(h.payments.refundsOf(o.intentId)).toEqual([
      expect.objectContaining({ amountCents: 2000, status: 'succeeded' }),
    ]);
    // Later deliveries refund nothing more and append nothing.
    const after = await h.log.headPosition();
    expect((await updatePayment(buyer, o)).status).toBe(409);
    expect(await h.log.headPosition()).toBe(after);
    expect(h.payments.refundsOf(o.intentId)).toHaveLength(1);
  });

  it('a refund the processor did not take is asked again by the sweeper, once', async () => {
    const o = await placed(buyer, [[await listing(18), 18]]);
    await h.payments.confirm(o.clientSecret, card);
    h.advance(HOLD_LAPSED_MS);
    const refund = h.payments.refund;
    h.payments.refund = () => Promise.reject(new Error('processor down'));
    try {
      expect((await updatePayment(buyer, o)).status).toBe(409);
    } finally {
      h.payments.refund = refund;
    }
    expect(h.payments.refundsOf(o.intentId)).toEqual([]);
    const sweeper = createReservationSweeper({
      eventStore: h.log,
      clock: h.now,
      payments: h.payments,
    });
    const before = await h.log.headPosition();
    await sweeper.sweep();
    expect(await typesAfter(before)).toEqual(['OrderRefundIssued']);
    await sweeper.sweep();
    expect(h.payments.refundsOf(o.intentId)).toEqual([
      expect.objectContaining({ amountCents: 1800 }),
    ]);
    expect(await typesAfter(before)).toEqual(['OrderRefundIssued']);
  });

  it('paid past the hold before the sweeper ran: expired, its stock released, and refunded', async () => {
    const productId = await listing(15);
    const o = await placed(buyer, [[productId, 15]]);
    await h.payments.confirm(o.clientSecret, card);
    h.advance(HOLD_LAPSED_MS);
    const before = await h.log.headPosition();
    expect((await updatePayment(buyer, o)).status).toBe(409);
    expect(await typesAfter(before)).toEqual([
      'OrderExpired',
      'StockReleased',
      'OrderPaymentRefunded',
      'OrderRefundIssued',
    ]);
    expect(h.payments.refundsOf(o.intentId)).toEqual([
      expect.objectContaining({ amountCents: 1500 }),
    ]);
  });

  it('paid after its payment had failed and the items were released: refunded', async () => {
    const o = await placed(buyer, [[await listing(12), 12]]);
    // Declined first, and the processor's notification of the failure releases the items ...
    await h.payments
      .confirm(o.clientSecret, { ...card, number: '4000000000000002' })
      .catch(() => {});
    const declined = (await h.payments.retrieveIntent(o.intentId))!;
    const failed = await recordPaymentFailure(
      { env: env(), payments: h.payments, reservationTtlMs: HOLD_LAPSED_MS },
      o.orderId,
      declined,
    );
    expect(failed.state.status).toBe('payment_failed');
    // ... then the same intent succeeds with another card.
    await h.payments.confirm(o.clientSecret, card);
    const before = await h.log.headPosition();
    const res = await updatePayment(buyer, o);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/your payment is refunded/);
    expect(await typesAfter(before)).toEqual(['OrderPaymentRefunded', 'OrderRefundIssued']);
    expect(h.payments.refundsOf(o.intentId)).toHaveLength(1);
  });

  it('paid, but one item was sold to someone else meanwhile: that item is refunded, the rest ships', async () => {
    const [gone, kept] = [await listing(30), await listing(10)];
    const o = await placed(buyer, [
      [gone, 30],
      [kept, 10],
    ]);
    await h.payments.confirm(o.clientSecret, card);
    // The payment was recorded in time, but the work after it stopped there (a crash) ...
    const intent = (await h.payments.retrieveIntent(o.intentId))!;
    await handleCommand(env(), orderDecider, streamIdOf('order', o.orderId), {
      type: 'RecordPayment',
      intent,
    });
    // ... and resumed after the hold lapsed, when a rival had bought one of the items.
    h.advance(HOLD_LAPSED_MS);
    const rivals = await placed(rival, [[gone, 30]]);
    await h.payments.confirm(rivals.clientSecret, card);
    expect((await updatePayment(rival, rivals)).status).toBe(200);
    const before = await h.log.headPosition();
    const res = await updatePayment(buyer, o);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const events = await eventsAfter(h.log, before);
    expect(
      events.map((e) => e.type),
      JSON.stringify(events),
    ).toEqual(['StockSold', 'OrderPaymentRefunded', 'OrderRefundIssued', 'ShipmentOpened']);
    expect(events[0]!.data).toMatchObject({ listingId: kept });
    expect(events[1]!.data).toMatchObject({
      reason: 'items_unavailable',
      productIds: [gone],
      amountCents: 3000,
    });
    expect(events[3]!.data).toMatchObject({ amountCents: 1000 });
    expect(h.payments.refundsOf(o.intentId)).toEqual([
      expect.objectContaining({ amountCents: 3000 }),
    ]);
    // A repeat refunds nothing more.
    await updatePayment(buyer, o);
    expect(h.payments.refundsOf(o.intentId)).toHaveLength(1);
  });
});
