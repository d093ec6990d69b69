/**
 * Holiday mode and sellers' badges on the real read side: an away seller's listing leaves the
 * catalogue and search but its page answers, saying until when; the seller reads their own
 * holiday; a seller's badges ride on their listings and their profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@rewear/contracts';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let seller: TestUser;

const listing = (id: string, sellerId: string, title: string): DomainEvent => ({
  type: 'ListingCreated',
  data: {
    listingId: id,
    sellerId,
    sellerName: `Seller ${sellerId}`,
    sellerPhoto: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    stock: 1,
    title,
    description: 'Kept with care',
    priceCents: 3000,
    originalPriceCents: null,
    image: '',
    gallery: [],
    brandId: 'b1',
    categoryId: 2,
    conditionIds: [3],
    sizeIds: [2],
    colorIds: [2],
  },
});

const HOUR = 3_600_000;
const T0 = Date.parse('2026-02-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
/** Sale `i` of `sellerId`, shipped within a day and completed. */
function sale(i: number, sellerId: string): DomainEvent[] {
  const shipmentId = `o${i}.${sellerId}`;
  const opened = T0 + i * 24 * HOUR;
  return [
    {
      type: 'ShipmentOpened',
      data: {
        shipmentId,
        orderId: `o${i}`,
        sellerId,
        buyerId: `buyer-${i}`,
        items: [{ productId: 'x', title: 'Tee', image: '', quantity: 1, unitPriceCents: 1000 }],
        amountCents: 1000,
        currency: 'usd',
        shipping: { name: 'A', address: 'B', city: 'C', state: 'D', zip: '1', email: 'a@b.co' },
        paymentIntentId: `pi-${i}`,
        openedAt: iso(opened),
        shipBy: iso(opened + 72 * HOUR),
      },
    },
    {
      type: 'ShipmentShipped',
      data: { shipmentId, carrier: 'UPS', trackingNumber: `1Z${i}`, shippedAt: iso(opened + HOUR) },
    },
  ];
}

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  seller = await createTestUser();
  h = await startHarness();
  await h.append('listing', 'away-1', [listing('away-1', seller.uid, 'Corduroy blazer')]);
  await h.append('listing', 'fast-1', [listing('fast-1', 'fast-seller', 'Velvet scarf')]);
  for (let i = 0; i < 10; i++)
    await h.append('shipment', `o${i}.fast-seller`, sale(i, 'fast-seller'), { wait: i === 9 });
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

describe('holiday mode on the read side', () => {
  it('hides an away seller’s listing from search but answers its page with the day they are back', async () => {
    const found = async () =>
      (await h.get('/api/products/search?keyword=corduroy')).body.map((p: { id: string }) => p.id);
    expect(await found()).toEqual(['away-1']);
    expect((await h.get('/api/products/away-1')).body.sellerAwayUntil).toBeNull();
    expect((await h.get('/api/me/holiday', { token: seller.idToken })).body).toEqual({
      holiday: null,
    });

    const days = { uid: seller.uid, from: '2026-03-01', until: '2026-03-20' };
    await h.append('holiday', seller.uid, [
      { type: 'HolidayModeSet', data: { ...days, setAt: '2026-03-01T09:00:00.000Z' } },
      { type: 'HolidayModeStarted', data: { ...days, startedAt: '2026-03-01T09:00:00.000Z' } },
    ]);
    expect(await found()).toEqual([]);
    const page = await h.get('/api/products/away-1');
    expect(page.status).toBe(200);
    expect(page.body.sellerAwayUntil).toBe('2026-03-20');
    expect((await h.get(`/api/sellers/${seller.uid}`)).body.awayUntil).toBe('2026-03-20');
    expect((await h.get('/api/me/holiday', { token: seller.idToken })).body).toEqual({
      holiday: { from: '2026-03-01', until: '2026-03-20', started: true },
    });
    expect((await h.get('/api/me/holiday')).status).toBe(401);

    await h.append('holiday', seller.uid, [
      {
        type: 'HolidayModeEnded',
        data: { uid: seller.uid, why: 'seller', endedAt: '2026-03-02T09:00:00.000Z' },
      },
    ]);
    expect(await found()).toEqual(['away-1']);
    expect((await h.get('/api/products/away-1')).body.sellerAwayUntil).toBeNull();
  });
});

describe('badges on the read side', () => {
  it('carries a seller’s badges on their listings and their profile', async () => {
    expect((await h.get('/api/products/fast-1')).body.sellerBadges).toEqual(['ships_fast']);
    expect((await h.get('/api/sellers/fast-seller')).body.badges).toEqual(['ships_fast']);
    expect((await h.get('/api/products/away-1')).body.sellerBadges).toEqual([]);
  });
});
