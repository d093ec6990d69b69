/** GET /api/sales, /api/sales/balance and /api/orders/{orderId}/shipments on the real read side. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENT_TIMERS, type DomainEvent } from '@rewear/contracts';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;

const shipping = {
  name: 'Ada',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'ada@example.com',
};
const item = (productId: string, unitPriceCents: number) => ({
  productId,
  title: `Item ${productId}`,
  image: '',
  quantity: 1,
  unitPriceCents,
});
const now = Date.now();
const iso = (ms: number) => new Date(now + ms).toISOString();

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  [buyer, seller, stranger] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
  h = await startHarness();
  await h.append('order', 'o-1', [
    {
      type: 'OrderPlaced',
      data: {
        orderId: 'o-1',
        userId: buyer.uid,
        items: [item('p-1', 2500), item('p-2', 1000)],
        totalCents: 3500,
        currency: 'usd',
        shipping,
        paymentIntentId: 'pi_1',
        expiresAt: iso(15 * 60_000),
      },
    },
    { type: 'OrderPaid', data: { orderId: 'o-1', paymentIntentId: 'pi_1', amountCents: 3500 } },
  ]);
  const opened = (
    shipmentId: string,
    productId: string,
    cents: number,
    ms: number,
  ): DomainEvent => ({
    type: 'ShipmentOpened',
    data: {
      shipmentId,
      orderId: 'o-1',
      sellerId: seller.uid,
      buyerId: buyer.uid,
      items: [item(productId, cents)],
      amountCents: cents,
      currency: 'usd',
      shipping,
      paymentIntentId: 'pi_1',
      openedAt: iso(ms),
      shipBy: iso(ms + SHIPMENT_TIMERS.shipWithinMs),
    },
  });
  // One delivered (protection running), one completed: two shipments of the same seller.
  await h.append('shipment', 's-a', [
    opened('s-a', 'p-1', 2500, 0),
    {
      type: 'ShipmentShipped',
      data: { shipmentId: 's-a', carrier: 'UPS', trackingNumber: '1Z', shippedAt: iso(0) },
    },
    {
      type: 'ShipmentDelivered',
      data: {
        shipmentId: 's-a',
        confirmedBy: 'seller',
        deliveredAt: iso(0),
        protectionEndsAt: iso(SHIPMENT_TIMERS.protectionMs),
      },
    },
  ]);
  await h.append('shipment', 's-b', [
    opened('s-b', 'p-2', 1000, 1000),
    {
      type: 'ShipmentCompleted',
      data: {
        shipmentId: 's-b',
        sellerId: seller.uid,
        amountCents: 1000,
        reason: 'buyer_confirmed',
        completedAt: iso(2000),
      },
    },
  ]);
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

describe('GET /api/sales', () => {
  it("answers the seller's shipments newest first, with the buyer's address and the seller's actions", async () => {
    const res = await h.get('/api/sales', { token: seller.idToken });
    expect(res.status).toBe(200);
    expect(res.body.map((s: { shipmentId: string }) => s.shipmentId)).toEqual(['s-b', 's-a']);
    expect(res.body[1]).toEqual({
      shipmentId: 's-a',
      orderId: 'o-1',
      status: 'delivered',
      sellerId: seller.uid,
      buyerId: buyer.uid,
      items: [{ productId: 'p-1', title: 'Item p-1', image: '', quantity: 1, unitPrice: 25 }],
      amount: 25,
      shipping,
      carrier: 'UPS',
      trackingNumber: '1Z',
      openedAt: iso(0),
      shipBy: iso(SHIPMENT_TIMERS.shipWithinMs),
      shippedAt: iso(0),
      deliveredAt: iso(0),
      protectionEndsAt: iso(SHIPMENT_TIMERS.protectionMs),
      problem: null,
      completedAt: null,
      refunded: false,
      cancelReason: null,
      actions: [],
    });
    expect(res.body[0]).toMatchObject({ status: 'completed', amount: 10, actions: [] });
  });

  it('answers another user an empty list and a visitor 401', async () => {
    expect((await h.get('/api/sales', { token: stranger.idToken })).body).toEqual([]);
    expect((await h.get('/api/sales', { token: buyer.idToken })).body).toEqual([]);
    expect((await h.get('/api/sales')).status).toBe(401);
    expect((await h.get('/api/sales', { token: 'not-a-jwt' })).status).toBe(401);
  });
});

describe('GET /api/sales/balance', () => {
  it('answers pending and available in dollars with the movements', async () => {
    const res = await h.get('/api/sales/balance', { token: seller.idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pending: 25,
      available: 10,
      movements: [
        { shipmentId: 's-a', orderId: 'o-1', kind: 'held', amount: 25, at: iso(0) },
        { shipmentId: 's-b', orderId: 'o-1', kind: 'held', amount: 10, at: iso(1000) },
        { shipmentId: 's-b', orderId: 'o-1', kind: 'released', amount: 10, at: iso(2000) },
      ],
    });
  });

  it('answers zeros to someone who sold nothing, 401 to a visitor', async () => {
    expect((await h.get('/api/sales/balance', { token: buyer.idToken })).body).toEqual({
      pending: 0,
      available: 0,
      movements: [],
    });
    expect((await h.get('/api/sales/balance')).status).toBe(401);
  });
});

describe('GET /api/orders/{orderId}/shipments', () => {
  it("answers the buyer the order's shipments with the buyer's actions", async () => {
    const res = await h.get('/api/orders/o-1/shipments', { token: buyer.idToken });
    expect(res.status).toBe(200);
    expect(res.body.map((s: { shipmentId: string }) => s.shipmentId)).toEqual(['s-a', 's-b']);
    expect(res.body[0].actions).toEqual(['confirmOk', 'reportProblem']);
    expect(res.body[1].actions).toEqual([]);
  });

  it('refuses others (403), unknown orders (404) and visitors (401)', async () => {
    expect((await h.get('/api/orders/o-1/shipments', { token: stranger.idToken })).status).toBe(
      403,
    );
    expect((await h.get('/api/orders/o-1/shipments', { token: seller.idToken })).status).toBe(403);
    const unknown = await h.get('/api/orders/nope/shipments', { token: buyer.idToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order not found');
    expect((await h.get('/api/orders/o-1/shipments')).status).toBe(401);
  });

  it('leaves the existing order answer as it was (plus the refund fields, null and false here)', async () => {
    const rows = (await h.get('/api/orders/o-1', { token: buyer.idToken })).body;
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'order_id',
        'created_at',
        'status',
        'total_price',
        'shipping_name',
        'shipping_address',
        'shipping_city',
        'shipping_state',
        'shipping_zip',
        'shipping_email',
        'product_id',
        'product_title',
        'product_image',
        'quantity',
        'unit_price',
        'expires_at',
        'refund',
        'itemRefunded',
      ].sort(),
    );
    expect(rows[0]).toMatchObject({ refund: null, itemRefunded: false });
  });
});
