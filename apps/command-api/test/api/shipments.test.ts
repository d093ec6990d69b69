/**
 * The order lifecycle through the command API: shipments opened by a payment, each transition
 * by the party allowed to take it, refusals that append nothing, refunds issued once whatever
 * the duplicates and races, and the timers of the shipment sweeper.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENT_TIMERS } from '@rewear/contracts';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { createShipmentSweeper } from '../../src/index.ts';
import type { PaymentGateway } from '../../src/payments/port.ts';
import { eventsAfter, OPS_TOKEN, shipping, startHarness, type Harness } from './harness.ts';
import { advanceShipment, paidOrder } from './shipment-fixtures.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let seller: TestUser;
let otherSeller: TestUser;
let buyer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [seller, otherSeller, buyer, stranger] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const people = () => ({ seller, buyer });
const post = (
  path: string,
  user: TestUser | null,
  body?: unknown,
  headers?: Record<string, string>,
) => h.call('POST', path, { token: user?.idToken, body, headers });
const typesAfter = async (position: number) =>
  (await eventsAfter(h.log, position)).map((e) => e.type);

/** The request is refused with `status` and a message, and nothing is appended. */
async function refused(
  request: () => Promise<{ status: number; body: any }>,
  status: number,
  message?: string | RegExp,
) {
  const before = await h.log.headPosition();
  const res = await request();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toEqual(expect.any(String));
  if (message) expect(res.body.message).toMatch(message);
  expect(await h.log.headPosition()).toBe(before);
  return res;
}

describe('paying an order opens one shipment per seller', () => {
  it('holds the seller, buyer, items, amount and address; paying again opens nothing more', async () => {
    const before = await h.log.headPosition();
    const order = await paidOrder(h, buyer, [seller, otherSeller], 30);
    const opened = (await eventsAfter(h.log, before)).filter((e) => e.type === 'ShipmentOpened');
    expect(opened.map((e) => e.streamId)).toEqual(order.shipmentIds.map((id) => `shipment-${id}`));
    expect(opened[0]!.data).toMatchObject({
      shipmentId: order.shipmentIds[0],
      orderId: order.orderId,
      sellerId: seller.uid,
      buyerId: buyer.uid,
      amountCents: 3000,
      shipping,
      paymentIntentId: order.paymentIntentId,
      items: [expect.objectContaining({ productId: order.productIds[0], quantity: 1 })],
    });
    expect(opened[1]!.data).toMatchObject({ sellerId: otherSeller.uid, amountCents: 3000 });

    const again = await h.log.headPosition();
    const repeat = await h.call('PUT', `/api/orders/${order.orderId}/update-payment`, {
      token: buyer.idToken,
      body: { stripePaymentId: order.paymentIntentId },
    });
    expect(repeat.status).toBe(200);
    expect(await h.log.headPosition()).toBe(again);
  });
});

describe('shipping, delivery and completion', () => {
  it('seller ships and marks delivered, buyer says everything is OK: completed', async () => {
    const { shipmentId } = await paidOrder(h, buyer, [seller]);
    const before = await h.log.headPosition();
    const shipped = await post(`/api/shipments/${shipmentId}/ship`, seller, {
      carrier: ' UPS ',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      shipment: { shipmentId, status: 'shipped', refunded: false },
      position: expect.any(Number),
    });
    const [event] = await eventsAfter(h.log, before);
    expect(event!.data).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(
      (await post(`/api/shipments/${shipmentId}/delivered`, seller)).body.shipment.status,
    ).toBe('delivered');
    expect((await post(`/api/shipments/${shipmentId}/complete`, buyer)).body.shipment.status).toBe(
      'completed',
    );
    expect(await typesAfter(before)).toEqual([
      'ShipmentShipped',
      'ShipmentDelivered',
      'ShipmentCompleted',
    ]);
  });

  it('the buyer may confirm receipt instead of the seller', async () => {
    const { shipmentId } = await paidOrder(h, buyer, [seller]);
    await advanceShipment(h, shipmentId, people(), ['ship']);
    const before = await h.log.headPosition();
    expect((await post(`/api/shipments/${shipmentId}/delivered`, buyer)).status).toBe(200);
    const [event] = await eventsAfter(h.log, before);
    expect(event!.data).toMatchObject({ confirmedBy: 'buyer' });
  });

  it('refuses transitions not open from the current status, with the reason (409)', async () => {
    const { shipmentId } = await paidOrder(h, buyer, [seller]);
    const path = (action: string) => `/api/shipments/${shipmentId}/${action}`;
    await refused(() => post(path('delivered'), seller), 409, 'This order has not shipped yet');
    await refused(() => post(path('complete'), buyer), 409, 'This order has not shipped yet');
    await refused(() => post(path('accept-return'), seller), 409, /not shipped yet/);
    await advanceShipment(h, shipmentId, people(), ['ship']);
    await refused(
      () => post(path('ship'), seller, { carrier: 'UPS', trackingNumber: '1' }),
      409,
      /already shipped/,
    );
    await refused(() => post(path('cancel'), buyer), 409, /already shipped/);
    await refused(
      () => post(path('problem'), buyer, { reason: 'damaged', text: '' }),
      409,
      /already shipped/,
    );
    await advanceShipment(h, shipmentId, people(), ['delivered']);
    await refused(
      () => post(path('dispute'), seller),
      409,
      'This order has already been delivered',
    );
    expect((await post(path('complete'), buyer)).status).toBe(200);
    await refused(() => post(path('complete'), buyer), 409, 'This order is already completed');
  });

  it('refuses the wrong party (403) and unknown shipments (404)', async () => {
    const { shipmentId } = await paidOrder(h, buyer, [seller]);
    const path = (action: string) => `/api/shipments/${shipmentId}/${action}`;
    const ship = { carrier: 'UPS', trackingNumber: '1' };
    await refused(() => post(path('ship'), buyer, ship), 403, 'Only the seller can do this');
    await refused(() => post(path('ship'), stranger, ship), 403, /not yours/);
    await refused(() => post(path('cancel'), seller), 403, 'Only the buyer can do this');
    await refused(() => post(path('delivered'), stranger), 403);
    await refused(() => post('/api/shipments/nope/ship', seller, ship), 404, 'Shipment not found');
    await refused(() => post(path('ship'), null, ship), 401);
  });

  it('refuses bad input with a message a person understands (400)', async () => {
    const { shipmentId } = await paidOrder(h, buyer, [seller]);
    const path = (action: string) => `/api/shipments/${shipmentId}/${action}`;
    const missing = await refused(() => post(path('ship'), seller, { carrier: 'UPS' }), 400);
    expect(JSON.stringify(missing.body)).toMatch(/trackingNumber/);
    await refused(
      () => post(path('ship'), seller, { carrier: '  ', trackingNumber: '1' }),
      400,
    ).then((res) => expect(JSON.stringify(res.body)).toMatch(/Please name the carrier/));
    await advanceShipment(h, shipmentId, people(), ['ship', 'delivered']);
    const badReason = await refused(
      () => post(path('problem'), buyer, { reason: 'ugly', text: 'x' }),
      400,
    );
    expect(JSON.stringify(badReason.body)).toMatch(/not_as_described, damaged, not_received/);
    const tooLong = await refused(
      () => post(path('problem'), buyer, { reason: 'damaged', text: 'x'.repeat(1001) }),
      400,
    );
    expect(JSON.stringify(tooLong.body)).toMatch(/at most 1000 characters/);
  });
});

describe('buyer protection', () => {
  it('a problem within 2 days puts it on hold; the seller accepts the return: refunded once', async () => {
    const { shipmentId, paymentIntentId } = await paidOrder(h, buyer, [seller, otherSeller], 40);
    await advanceShipment(h, shipmentId, people(), ['ship', 'delivered']);
    const before = await h.log.headPosition();
    const reported = await post(`/api/shipments/${shipmentId}/problem`, buyer, {
      reason: 'not_as_described',
      text: 'The colour is not the one pictured',
    });
    expect(reported.body.shipment.status).toBe('on_hold');
    const accepted = await post(`/api/shipments/${shipmentId}/accept-return`, seller);
    expect(accepted.body.shipment).toMatchObject({ status: 'refunded', refunded: true });
    expect(await typesAfter(before)).toEqual([
      'ShipmentProblemReported',
      'ShipmentRefunded',
      'ShipmentRefundIssued',
    ]);
    // Only this seller's part of the payment goes back.
    expect(h.payments.refundsOf(paymentIntentId)).toEqual([
      expect.objectContaining({ amountCents: 4000, status: 'succeeded' }),
    ]);
  });

  it('the seller may dispute instead: disputed, no refund', async () => {
    const { shipmentId, paymentIntentId } = await paidOrder(h, buyer, [seller]);
    await advanceShipment(h, shipmentId, people(), ['ship', 'delivered', 'problem']);
    expect((await post(`/api/shipments/${shipmentId}/dispute`, seller)).body.shipment.status).toBe(
      'disputed',
    );
    await refused(
      () => post(`/api/shipments/${shipmentId}/accept-return`, seller),
      409,
      /disputed/,
    );
    expect(h.payments.refundsOf(paymentIntentId)).toEqual([]);
  });

  it('an operator settles a dispute for the buyer: refunded once, recorded with who and when', async () => {
    const { shipmentId, paymentIntentId } = await paidOrder(h, buyer, [seller], 30);
    await advanceShipment(h, shipmentId, people(), ['ship', 'delivered', 'problem', 'dispute']);
    const before = await h.log.headPosition();
    const settle = (outcome: string, key?: string) =>
      h.call('POST', `/api/ops/disputes/${shipmentId}/settle`, {
        token: OPS_TOKEN,
        body: { outcome },
        headers: { 'x-operator': 'Olga', ...(key ? { 'idempotency-key': key } : {}) },
      });
    const [first, retried] = await Promise.all([settle('buyer', 'k1'), settle('buyer', 'k1')]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.shipment).toMatchObject({ status: 'refunded', refunded: true });
    expect(retried.body).toEqual(first.body);
    const appended = await eventsAfter(h.log, before);
    // Once in the operators' own stream (their audit log), beside the shipment's history.
    expect(
      appended.filter((e) => e.streamId === 'operator-actions').map((e) => [e.type, e.data]),
    ).toEqual([
      [
        'DisputeSettlementRecorded',
        {
          operator: 'Olga',
          address: expect.any(String),
          shipmentId,
          outcome: 'buyer',
          status: 'refunded',
        },
      ],
    ]);
    const events = appended.filter((e) => e.streamId !== 'operator-actions');
    expect(events.map((e) => e.type)).toEqual([
      'ShipmentDisputeSettled',
      'ShipmentRefunded',
      'ShipmentRefundIssued',
    ]);
    expect(events[0]!.data).toEqual({
      shipmentId,
      outcome: 'buyer',
      operator: 'Olga',
      address: expect.any(String),
      settledAt: expect.any(String),
    });
    const settledAt = Date.parse((events[0]!.data as { settledAt: string }).settledAt);
    expect(Math.abs(settledAt - h.now().getTime())).toBeLessThan(60_000);
    expect(events[0]!.actor).toBe('operator:Olga');
    expect(events[1]!.data).toMatchObject({ reason: 'dispute_settled', amountCents: 3000 });
    expect(h.payments.refundsOf(paymentIntentId)).toEqual([
      expect.objectContaining({ amountCents: 3000, status: 'succeeded' }),
    ]);
    // Settled once: a second settlement, either way, is refused and changes nothing.
    for (const outcome of ['buyer', 'seller'])
      await refused(() => settle(outcome), 409, 'This dispute has already been settled');
    expect(h.payments.refundsOf(paymentIntentId)).toHaveLength(1);
  });

  it('an operator settles a dispute for the seller: completed, the money released, no refund', async () => {
    const { shipmentId, paymentIntentId } = await paidOrder(h, buyer, [seller], 30);
    await advanceShipment(h, shipmentId, people(), ['ship', 'delivered', 'problem', 'dispute']);
    const before = await h.log.headPosition();
    const res = await h.call('POST', `/api/ops/disputes/${shipmentId}/settle`, {
      token: OPS_TOKEN,
      body: { outcome: 'seller' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shipment).toMatchObject({ status: 'completed', refunded: false });
    const events = (await eventsAfter(h.log, before)).filter(
      (e) => e.streamId !== 'operator-actions',
    );
    expect(events.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
      ['ShipmentDisputeSettled', undefined],
      ['ShipmentCompleted', 'dispute_settled'],
    ]);
    // No X-Operator header: recorded as 'operator'.
    expect(events[0]!.data).toMatchObject({ outcome: 'seller', operator: 'operator' });
    expect(h.payments.refundsOf(paymentIntentId)).toEqual([]);
  });

  it('`npm run ops -- settle-dispute <shipmentId> seller` settles it and prints the outcome', async () => {
    const { shipmentId } = await paidOrder(h, buyer, [seller]);
    await advanceShipment(h, shipmentId, people(), ['ship', 'delivered', 'problem', 'dispute']);
    const script = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../scripts/ops.ts',
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        createRequire(import.meta.url).resolve('tsx'),
        script,
        'settle-dispute',
        shipmentId,
        'seller',
      ],
      { env: { ...process.env, OPS_URL: `${h.url}/api/ops`, OPS_TOKEN, OPS_OPERATOR: 'cli' } },
    );
    expect(stdout).toContain(shipmentId);
    expect(stdout).toMatch(/completed\s+false/);
    const [settled] = (await eventsAfter(h.log, 0)).filter(
      (e) => e.type === 'ShipmentDisputeSettled' && e.streamId === `shipment-${shipmentId}`,
    );
    expect(settled!.data).toMatchObject({ outcome: 'seller', operator: 'cli' });
  });

  it('settles only a disputed shipment, for buyer or seller, with the operators token', async () => {
    const { shipmentId } = await paidOrder(h, buyer, [seller]);
    await advanceShipment(h, shipmentId, people(), ['ship', 'delivered', 'problem']);
    const path = `/api/ops/disputes/${shipmentId}/settle`;
    await refused(
      () => h.call('POST', path, { token: OPS_TOKEN, body: { outcome: 'buyer' } }),
      409,
      'Only a disputed order can be settled: a problem has been reported with this order; it is on hold',
    );
    await refused(
      () => h.call('POST', path, { token: OPS_TOKEN, body: { outcome: 'both' } }),
      400,
      'outcome must be buyer or seller',
    );
    await refused(
      () =>
        h.call('POST', '/api/ops/disputes/nope/settle', {
          token: OPS_TOKEN,
          body: { outcome: 'buyer' },
        }),
      404,
      'Shipment not found',
    );
    // An account without the operator role cannot settle, not even the seller's.
    await refused(
      () => h.call('POST', path, { token: seller.idToken, body: { outcome: 'seller' } }),
      403,
      'Operators only: this account has no operator role',
    );
  });

  it('refuses a problem reported 2 days or more after delivery', async () => {
    const { shipmentId } = await paidOrder(h, buyer, [seller]);
    await advanceShipment(h, shipmentId, people(), ['ship', 'delivered']);
    h.advance(SHIPMENT_TIMERS.protectionMs);
    try {
      await refused(
        () =>
          post(`/api/shipments/${shipmentId}/problem`, buyer, { reason: 'damaged', text: 'late' }),
        409,
        'Problems can be reported only within 2 days after delivery',
      );
    } finally {
      h.advance(-SHIPMENT_TIMERS.protectionMs);
    }
  });
});

describe('cancelling before shipping', () => {
  it('cancels, refunds and puts the stock back on sale', async () => {
    const { shipmentId, paymentIntentId, productIds } = await paidOrder(h, buyer, [seller]);
    const before = await h.log.headPosition();
    const res = await post(`/api/shipments/${shipmentId}/cancel`, buyer);
    expect(res.body.shipment).toMatchObject({ status: 'cancelled', refunded: true });
    expect(await typesAfter(before)).toEqual([
      'ShipmentCancelled',
      'ShipmentRefunded',
      'StockReturned',
      'ShipmentRefundIssued',
    ]);
    expect(h.payments.refundsOf(paymentIntentId)).toHaveLength(1);
    // The unit can be bought again.
    const again = await h.call('POST', '/api/orders', {
      token: stranger.idToken,
      body: {
        userId: stranger.uid,
        orderItems: [{ productId: productIds[0], quantity: 1, unitPrice: 25 }],
        shippingInfo: shipping,
      },
    });
    expect(again.status).toBe(201);
  });

  it('duplicate requests refund once: a retried key replays, a second cancel is 409', async () => {
    const { shipmentId, paymentIntentId } = await paidOrder(h, buyer, [seller]);
    const key = { 'idempotency-key': `cancel-${shipmentId}` };
    const first = await post(`/api/shipments/${shipmentId}/cancel`, buyer, undefined, key);
    const retried = await post(`/api/shipments/${shipmentId}/cancel`, buyer, undefined, key);
    expect(first.status).toBe(200);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(first.body);
    await refused(
      () => post(`/api/shipments/${shipmentId}/cancel`, buyer),
      409,
      'This order has already been cancelled',
    );
    expect(h.payments.refundsOf(paymentIntentId)).toHaveLength(1);
  });

  it('concurrent cancels and returns refund once', async () => {
    const a = await paidOrder(h, buyer, [seller]);
    const cancels = await Promise.all(
      Array.from({ length: 6 }, () => post(`/api/shipments/${a.shipmentId}/cancel`, buyer)),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(h.payments.refundsOf(a.paymentIntentId)).toHaveLength(1);

    const b = await paidOrder(h, buyer, [seller]);
    await advanceShipment(h, b.shipmentId, people(), ['ship', 'delivered', 'problem']);
    const before = await h.log.headPosition();
    const returns = await Promise.all(
      Array.from({ length: 6 }, () => post(`/api/shipments/${b.shipmentId}/accept-return`, seller)),
    );
    expect(returns.filter((r) => r.status === 200)).toHaveLength(1);
    expect(h.payments.refundsOf(b.paymentIntentId)).toHaveLength(1);
    expect((await typesAfter(before)).filter((t) => t === 'ShipmentRefunded')).toHaveLength(1);
  });
});

describe('the shipment sweeper', () => {
  let t: Harness;
  beforeAll(async () => {
    t = await startHarness();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cancels and refunds a shipment not shipped within 5 days; retries a refund the processor failed', async () => {
    const { shipmentId, paymentIntentId } = await paidOrder(t, buyer, [seller]);
    let failing = true;
    const payments: Pick<PaymentGateway, 'refund'> = {
      refund: (...args) =>
        failing ? Promise.reject(new Error('processor down')) : t.payments.refund(...args),
    };
    const sweeper = createShipmentSweeper({
      eventStore: t.log,
      payments,
      clock: t.now,
      onError: () => {},
    });
    expect((await sweeper.sweep()).cancelled).toEqual([]);
    t.advance(SHIPMENT_TIMERS.shipWithinMs - 60_000);
    expect((await sweeper.sweep()).cancelled).toEqual([]);
    t.advance(60_000);
    const before = await t.log.headPosition();
    expect((await sweeper.sweep()).cancelled).toEqual([shipmentId]);
    expect((await eventsAfter(t.log, before)).map((e) => e.type)).toEqual([
      'ShipmentCancelled',
      'ShipmentRefunded',
      'StockReturned',
    ]);
    expect(t.payments.refundsOf(paymentIntentId)).toEqual([]);
    failing = false;
    expect((await sweeper.sweep()).refundsIssued).toEqual([shipmentId]);
    expect(t.payments.refundsOf(paymentIntentId)).toHaveLength(1);
    const quiet = await t.log.headPosition();
    expect(await sweeper.sweep()).toEqual({ cancelled: [], completed: [], refundsIssued: [] });
    expect(await t.log.headPosition()).toBe(quiet);
  });

  it('completes a delivered shipment 2 days after delivery without a problem, not one on hold', async () => {
    const a = await paidOrder(t, buyer, [seller]);
    const b = await paidOrder(t, buyer, [seller]);
    await advanceShipment(t, a.shipmentId, people(), ['ship', 'delivered']);
    await advanceShipment(t, b.shipmentId, people(), ['ship', 'delivered', 'problem']);
    const sweeper = createShipmentSweeper({
      eventStore: t.log,
      payments: t.payments,
      clock: t.now,
    });
    t.advance(SHIPMENT_TIMERS.protectionMs - 1000);
    expect((await sweeper.sweep()).completed).toEqual([]);
    t.advance(1000);
    expect((await sweeper.sweep()).completed).toEqual([a.shipmentId]);
    const res = await t.call('POST', `/api/shipments/${a.shipmentId}/problem`, {
      token: buyer.idToken,
      body: { reason: 'damaged', text: 'too late' },
    });
    expect(res.status).toBe(409);
  });
});
