/** Follows and saved searches on the real read side: counts, the home row, each user's own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, SavedSearchQuery } from '@rewear/contracts';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let fan: TestUser;
let other: TestUser;

const listing = (id: string, sellerId: string, minute: number, title: string): DomainEvent => ({
  type: 'ListingCreated',
  data: {
    listingId: id,
    sellerId,
    sellerName: `Seller ${sellerId}`,
    sellerPhoto: null,
    createdAt: new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString(),
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
const query: SavedSearchQuery = {
  q: 'dress',
  category: null,
  brand: null,
  size: null,
  color: null,
  condition: null,
  minPriceCents: null,
  maxPriceCents: 5000,
};

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  [fan, other] = await Promise.all([createTestUser(), createTestUser()]);
  h = await startHarness();
  await h.append('searches', fan.uid, [
    {
      type: 'SearchSaved',
      data: {
        userId: fan.uid,
        searchId: 'ss-1',
        name: 'Dresses',
        query,
        savedAt: '2026-03-01T11:00:00.000Z',
      },
    },
  ]);
  await h.append('listing', 'q-old', [listing('q-old', 'seller-a', 1, 'Linen dress')]);
  await h.append('listing', 'q-new', [listing('q-new', 'seller-a', 3, 'Silk dress')]);
  await h.append('listing', 'q-else', [listing('q-else', 'seller-b', 5, 'Wool coat')]);
  await h.append('listing', 'q-gone', [listing('q-gone', 'seller-a', 7, 'Old skirt')]);
  await h.append('listing', 'q-gone', [{ type: 'ListingDeleted', data: { listingId: 'q-gone' } }]);
  await h.append('follows', fan.uid, [
    { type: 'SellerFollowed', data: { followerId: fan.uid, sellerId: 'seller-a' } },
  ]);
  await h.append(
    'follows',
    other.uid,
    [{ type: 'SellerFollowed', data: { followerId: other.uid, sellerId: 'seller-a' } }],
    { wait: true },
  );
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

describe('follows', () => {
  it('counts a seller’s followers, and says whether the caller is one', async () => {
    expect((await h.get('/api/sellers/seller-a/follow')).body).toEqual({
      sellerId: 'seller-a',
      followerCount: 2,
      following: false,
    });
    expect((await h.get('/api/sellers/seller-a/follow', { token: fan.idToken })).body).toEqual({
      sellerId: 'seller-a',
      followerCount: 2,
      following: true,
    });
    expect((await h.get('/api/sellers/seller-b/follow', { token: fan.idToken })).body).toEqual({
      sellerId: 'seller-b',
      followerCount: 0,
      following: false,
    });
  });

  it('gives the followed sellers’ listings for sale, newest first, to the signed-in user', async () => {
    expect((await h.get('/api/follows/listings')).status).toBe(401);
    const row = await h.get('/api/follows/listings', { token: fan.idToken });
    expect(row.body.followingCount).toBe(1);
    expect(row.body.products.map((p: { product_id: string }) => p.product_id)).toEqual([
      'q-new',
      'q-old',
    ]);
  });
});

describe('saved searches', () => {
  it('lists the owner’s own, with the listings that matched since it was opened', async () => {
    expect((await h.get('/api/saved-searches')).status).toBe(401);
    expect((await h.get('/api/saved-searches', { token: other.idToken })).body).toEqual([]);
    const mine = await h.get('/api/saved-searches', { token: fan.idToken });
    expect(mine.body).toEqual([
      {
        id: 'ss-1',
        name: 'Dresses',
        query: {
          q: 'dress',
          category: null,
          brand: null,
          size: null,
          color: null,
          condition: null,
          minPrice: null,
          maxPrice: 50,
        },
        savedAt: '2026-03-01T11:00:00.000Z',
        lastOpenedAt: null,
        newMatches: 2,
      },
    ]);
  });
});
