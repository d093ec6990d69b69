import { describe, expect, it } from 'vitest';
import { CATEGORIES, COLORS } from '@rewear/contracts';
import { planCatalogue } from '../src/index.ts';

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
