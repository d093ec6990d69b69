import { describe, expect, it } from 'vitest';
import { CATEGORIES, COLORS } from '@rewear/contracts';
import { openSqliteEventLog } from '../../platform/src/adapters/sqlite-event-log.ts';
import { fold } from '../../../command-api/src/shared/decider.ts';
import { listingDecider, availableStock } from '../../../command-api/src/listing/decider.ts';
import { planCatalogue, seedCatalogue, seedIfEmpty } from '../../../scripts/seed/index.ts';

const now = new Date('2026-03-01T12:00:00Z');

describe('seed catalogue plan', () => {
  const plan = planCatalogue({ seed: 7, listings: 1500, sellers: 150, now });

  it('is the same for the same seed and differs for another', () => {
    const again = planCatalogue({ seed: 7, listings: 1500, sellers: 150, now });
    expect(again).toEqual(plan);
    expect(planCatalogue({ seed: 8, listings: 1500, sellers: 150, now }).listings[0]).not.toEqual(
      plan.listings[0],
    );
  });

  it('has the favoured brands, 150 sellers and realistic listings', () => {
    const names = plan.brands.map((b) => b.name);
    for (const favoured of ['Nike', 'Zara', 'H&M', 'Gap', 'Lululemon', 'J.Crew'])
      expect(names).toContain(favoured);
    expect(names.length).toBeGreaterThanOrEqual(20);
    expect(plan.users).toHaveLength(150);
    expect(plan.listings).toHaveLength(1500);
    const sixMonthsAgo = now.getTime() - 183 * 24 * 3600_000;
    for (const { fields, createdAt } of plan.listings) {
      expect(fields.priceCents).toBeGreaterThanOrEqual(500);
      expect(fields.priceCents).toBeLessThanOrEqual(40000);
      if (fields.originalPriceCents !== null)
        expect(fields.originalPriceCents).toBeGreaterThan(fields.priceCents);
      expect(fields.stock).toBeGreaterThanOrEqual(1);
      expect(fields.stock).toBeLessThanOrEqual(5);
      expect(Date.parse(createdAt)).toBeGreaterThan(sixMonthsAgo);
      expect(Date.parse(createdAt)).toBeLessThanOrEqual(now.getTime());
      const brand = plan.brands.find((b) => b.brandId === fields.brandId)!;
      expect(fields.title).toContain(brand.name);
      const category = CATEGORIES.find((c) => c.id === fields.categoryId)!;
      const color = COLORS.find((c) => c.id === fields.colorIds[0])!;
      expect(fields.image).toBe(
        `/images/garments/${category.name.toLowerCase()}-${color.name}.svg`,
      );
    }
    const stockOne = plan.listings.filter((l) => l.fields.stock === 1).length;
    expect(stockOne / plan.listings.length).toBeGreaterThan(0.7);
    expect(plan.listings.some((l) => l.fields.originalPriceCents !== null)).toBe(true);
    expect(new Set(plan.listings.map((l) => l.fields.categoryId)).size).toBe(CATEGORIES.length);
  });

  it('never has sellers liking their own listings, nor a user liking twice', () => {
    const sellerOf = new Map(plan.listings.map((l) => [l.listingId, l.fields.sellerId]));
    const seen = new Set<string>();
    for (const like of plan.likes) {
      expect(sellerOf.get(like.productId)).not.toBe(like.userId);
      const key = `${like.userId}/${like.productId}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    expect(plan.likes.length).toBeGreaterThan(0);
  });
});

describe('seeding through the command side', () => {
  it('appends users, brands, listings and wishlist adds that the deciders accept', async () => {
    const log = openSqliteEventLog({ file: ':memory:' });
    const result = await seedIfEmpty({ eventStore: log }, { listings: 300, seed: 3, now });
    expect(result).not.toBeNull();
    const events = await log.readAll(0, 100_000);
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count('UserRegistered')).toBe(150);
    expect(count('BrandCreated')).toBe(result!.brands);
    expect(count('ListingCreated')).toBe(300);
    expect(count('WishlistItemAdded')).toBe(result!.likes);
    expect(result!.position).toBe(events.length);

    const created = events.find((e) => e.type === 'ListingCreated')!;
    expect(created.occurredAt).toBe((created.data as { createdAt: string }).createdAt);
    const state = fold(listingDecider, await log.readStream(created.streamId));
    expect(availableStock(state, now)).toBe((created.data as { stock: number }).stock);

    // A second start finds events and leaves the store alone.
    expect(await seedIfEmpty({ eventStore: log }, { listings: 300, seed: 3, now })).toBeNull();
    expect(await log.headPosition()).toBe(events.length);
    await log.close();
  });

  it('refuses more than 100,000 listings', async () => {
    const log = openSqliteEventLog({ file: ':memory:' });
    await expect(seedCatalogue(log, { listings: 100_001 })).rejects.toThrow(/100000/);
    await log.close();
  });
});
