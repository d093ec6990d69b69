/** GET /api/notifications on the real read side: each party's own, newest first, unread counted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENT_TIMERS } from '@rewear/contracts';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;
let readMark: string;

const later = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  [buyer, seller, stranger] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
  h = await startHarness();
  const now = Date.now();
  const iso = (ms: number) => new Date(now + ms).toISOString();
  await h.append('shipment', 's-n', [
    {
      type: 'ShipmentOpened',
      data: {
        shipmentId: 's-n',
        orderId: 'o-n',
        sellerId: seller.uid,
        buyerId: buyer.uid,
        items: [
          { productId: 'p-n', title: 'Wool coat', image: '', quantity: 1, unitPriceCents: 8000 },
        ],
        amountCents: 8000,
        currency: 'usd',
        shipping: {
          name: 'Ada',
          address: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          email: 'ada@example.com',
        },
        paymentIntentId: 'pi_n',
        openedAt: iso(0),
        shipBy: iso(SHIPMENT_TIMERS.shipWithinMs),
      },
    },
  ]);
  await later();
  readMark = new Date().toISOString();
  await later();
  await h.append(
    'shipment',
    's-n',
    [
      {
        type: 'ShipmentShipped',
        data: { shipmentId: 's-n', carrier: 'USPS', trackingNumber: '9400', shippedAt: iso(1000) },
      },
      {
        type: 'ShipmentDelivered',
        data: {
          shipmentId: 's-n',
          confirmedBy: 'buyer',
          deliveredAt: iso(2000),
          protectionEndsAt: iso(2000 + SHIPMENT_TIMERS.protectionMs),
        },
      },
    ],
    { wait: true },
  );
  await h.append('notifications', seller.uid, [
    { type: 'NotificationsRead', data: { userId: seller.uid, upTo: readMark } },
  ]);
});

afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

describe('GET /api/notifications', () => {
  it('gives the seller their own, newest first, read up to their mark', async () => {
    const res = await h.get('/api/notifications', { token: seller.idToken });
    expect(res.status).toBe(200);
    expect(res.body.unreadCount).toBe(1);
    expect(res.body.notifications).toEqual([
      {
        id: 'shipment-s-n:3',
        kind: 'receipt_confirmed',
        text: 'The buyer received “Wool coat”.',
        link: '/sales',
        at: expect.any(String),
        read: false,
      },
      expect.objectContaining({ id: 'shipment-s-n:1', kind: 'sale', link: '/sales', read: true }),
    ]);
  });

  it("gives the buyer the shipping news with carrier and tracking, none of the seller's", async () => {
    const res = await h.get('/api/notifications', { token: buyer.idToken });
    expect(res.body.unreadCount).toBe(1);
    expect(res.body.notifications).toEqual([
      expect.objectContaining({ kind: 'shipped', link: '/order-confirmation/o-n', read: false }),
    ]);
    expect(res.body.notifications[0].text).toContain('USPS');
    expect(res.body.notifications[0].text).toContain('9400');
  });

  it('shows others nothing and a visitor 401', async () => {
    expect((await h.get('/api/notifications', { token: stranger.idToken })).body).toEqual({
      notifications: [],
      unreadCount: 0,
    });
    expect((await h.get('/api/notifications')).status).toBe(401);
    expect((await h.get('/api/notifications', { token: 'not-a-jwt' })).status).toBe(401);
  });
});
