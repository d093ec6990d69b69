/**
 * GET /api/sellers/{uid}, GET /api/shipments/{shipmentId}/reviews and the seller's rating on a
 * product's detail, on the real read side (docs/product.md §12).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_RULES, SHIPMENT_TIMERS, type DomainEvent } from '@rewear/contracts';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { listing, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;

const shipping = {
  name: 'Ada',
  address: '1 Main St',
  city: 'X',
  state: 'IL',
  zip: '1',
  email: 'a@b.co',
};
const iso = (day: number) => new Date(Date.UTC(2026, 2, day, 12)).toISOString();

function shipmentLife(shipmentId: string, quantity: number, completed: boolean): DomainEvent[] {
  const events: DomainEvent[] = [
    {
      type: 'ShipmentOpened',
      data: {
        shipmentId,
        orderId: shipmentId.split('.')[0]!,
        sellerId: seller.uid,
        buyerId: buyer.uid,
        items: [{ productId: 'p-sold', title: 'Sold', image: '', quantity, unitPriceCents: 1000 }],
        amountCents: 1000 * quantity,
        currency: 'usd',
        shipping,
        paymentIntentId: `pi-${shipmentId}`,
        openedAt: iso(1),
        shipBy: new Date(Date.parse(iso(1)) + SHIPMENT_TIMERS.shipWithinMs).toISOString(),
      },
    },
  ];
  if (completed)
    events.push({
      type: 'ShipmentCompleted',
      data: {
        shipmentId,
        sellerId: seller.uid,
        amountCents: 1000 * quantity,
        reason: 'buyer_confirmed',
        completedAt: iso(2),
      },
    });
  return events;
}

const reviewLeft = (
  shipmentId: string,
  by: 'buyer' | 'seller',
  rating: number,
  day: number,
  text = `Review ${shipmentId}`,
): DomainEvent => ({
  type: 'ReviewLeft',
  data: {
    shipmentId,
    authorId: by === 'buyer' ? buyer.uid : seller.uid,
    authorRole: by,
    subjectId: by === 'buyer' ? seller.uid : buyer.uid,
    rating,
    text,
    leftAt: iso(day),
  },
});

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  [buyer, seller, stranger] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
  h = await startHarness();
  for (const [user, name] of [
    [buyer, 'Bea Buyer'],
    [seller, 'Sid Seller'],
  ] as const)
    await h.append('user', user.uid, [
      {
        type: 'UserRegistered',
        data: {
          uid: user.uid,
          email: `${user.uid}@example.com`,
          displayName: name,
          photoUrl: null,
        },
      },
    ]);
  await h.append('listing', 'p-on-sale', [
    listing('p-on-sale', { sellerId: seller.uid, sellerName: 'Sid Seller' }),
  ]);
  await h.append('listing', 'p-sold-out', [
    listing('p-sold-out', { sellerId: seller.uid, sellerName: 'Sid Seller', stock: 0 }),
  ]);
  await h.append('shipment', 'o1.s', shipmentLife('o1.s', 2, true));
  await h.append('shipment', 'o2.s', shipmentLife('o2.s', 1, true));
  await h.append('shipment', 'o3.s', shipmentLife('o3.s', 5, false));
  await h.append('review', 'o1.s', [
    reviewLeft('o1.s', 'buyer', 5, 3, '<b>Great</b> seller'),
    reviewLeft('o1.s', 'seller', 4, 4),
  ]);
  await h.append('review', 'o2.s', [
    reviewLeft('o2.s', 'buyer', 2, 5),
    {
      type: 'ReviewEdited',
      data: {
        shipmentId: 'o2.s',
        authorId: buyer.uid,
        authorRole: 'buyer',
        subjectId: seller.uid,
        rating: 3,
        text: 'Slow, but fine',
        editedAt: iso(6),
      },
    },
  ]);
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

describe('GET /api/sellers/{uid}', () => {
  it('answers the public profile: rating, reviews newest first, listings for sale, items sold', async () => {
    const res = await h.get(`/api/sellers/${seller.uid}`);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      uid: seller.uid,
      displayName: 'Sid Seller',
      photoUrl: null,
      rating: { average: 4, count: 2 },
      itemsSold: 3,
    });
    expect(body.memberSince).toEqual(expect.any(String));
    expect(body.reviews).toEqual([
      {
        shipmentId: 'o2.s',
        authorId: buyer.uid,
        authorName: 'Bea Buyer',
        authorRole: 'buyer',
        subjectId: seller.uid,
        rating: 3,
        text: 'Slow, but fine',
        leftAt: iso(5),
        editedAt: iso(6),
        editableUntil: new Date(Date.parse(iso(5)) + REVIEW_RULES.editWindowMs).toISOString(),
      },
      expect.objectContaining({ shipmentId: 'o1.s', rating: 5, text: '<b>Great</b> seller' }),
    ]);
    expect(body.listings.map((p: { id: string }) => p.id)).toEqual(['p-on-sale']);
  });

  it("answers a buyer's profile with the reviews sellers left them", async () => {
    const res = await h.get(`/api/sellers/${buyer.uid}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      displayName: 'Bea Buyer',
      rating: { average: 4, count: 1 },
      itemsSold: 0,
      listings: [],
    });
    expect(res.body.reviews[0]).toMatchObject({ authorName: 'Sid Seller', authorRole: 'seller' });
  });

  it('answers 404 for someone unknown', async () => {
    const res = await h.get('/api/sellers/nobody-at-all');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Seller not found');
  });
});

describe('GET /api/products/{id}', () => {
  it("adds the seller's rating and keeps the product's fields", async () => {
    const res = await h.get('/api/products/p-on-sale');
    expect(res.status).toBe(200);
    expect(res.body.sellerRating).toEqual({ average: 4, count: 2 });
    expect(res.body).toMatchObject({
      product_id: 'p-on-sale',
      seller_id: seller.uid,
      seller_name: 'Sid Seller',
    });
  });

  it('answers a count of 0 for a seller nobody reviewed', async () => {
    await h.append('listing', 'p-new', [listing('p-new', { sellerId: 'fresh-seller' })]);
    expect((await h.get('/api/products/p-new')).body.sellerRating).toEqual({
      average: 0,
      count: 0,
    });
  });
});

describe('GET /api/shipments/{shipmentId}/reviews', () => {
  it("answers the buyer and the seller their own review and the other's", async () => {
    const asBuyer = await h.get('/api/shipments/o1.s/reviews', { token: buyer.idToken });
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.body).toMatchObject({
      shipmentId: 'o1.s',
      role: 'buyer',
      otherPartyId: seller.uid,
      open: true,
      mine: { authorId: buyer.uid, rating: 5, subjectId: seller.uid },
      theirs: { authorId: seller.uid, rating: 4, subjectId: buyer.uid, authorName: 'Sid Seller' },
    });
    const asSeller = await h.get('/api/shipments/o1.s/reviews', { token: seller.idToken });
    expect(asSeller.body).toMatchObject({
      role: 'seller',
      mine: { rating: 4 },
      theirs: { rating: 5 },
    });
  });

  it('says reviews are not open before completion', async () => {
    const res = await h.get('/api/shipments/o3.s/reviews', { token: buyer.idToken });
    expect(res.body).toMatchObject({ open: false, mine: null, theirs: null });
  });

  it('refuses others (403), visitors and bad tokens (401), unknown shipments (404)', async () => {
    expect((await h.get('/api/shipments/o1.s/reviews', { token: stranger.idToken })).status).toBe(
      403,
    );
    expect((await h.get('/api/shipments/o1.s/reviews')).status).toBe(401);
    expect((await h.get('/api/shipments/o1.s/reviews', { token: 'not-a-jwt' })).status).toBe(401);
    const unknown = await h.get('/api/shipments/nope/reviews', { token: buyer.idToken });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Shipment not found');
  });
});
