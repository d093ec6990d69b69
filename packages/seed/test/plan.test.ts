import { describe, expect, it } from 'vitest';
import { CATEGORIES, COLORS } from '@rewear/contracts';
import { GARMENT_SLUGS, garmentSvg } from '@rewear/images';
import { GARMENT_NOUNS, GARMENT_PICTURES, planCatalogue } from '../src/index.ts';

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
      const color = COLORS.find((c) => c.id === fields.colorIds[0])!;
      expect(fields.image).toMatch(new RegExp(`^/images/garments/[a-z-]+-${color.name}\\.svg$`));
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

  /**
   * What a title's garment word says it is, read from the words alone (first match wins: a
   * shirt dress is a dress, high tops are shoes, a belt bag is a bag), and the drawing that
   * shows that kind of garment.
   */
  const KINDS: Array<[RegExp, string]> = [
    [/\b(jacket|coat|blazer)\b/i, 'outerwear'],
    [/\bshorts\b/i, 'shorts'],
    [/\bjeans\b/i, 'jeans'],
    [/\b(leggings|joggers)\b/i, 'activewear'],
    [/\bskirt\b/i, 'skirts'],
    [/\b(dress|sundress)\b/i, 'dresses'],
    [/\b(sneakers|boots|loafers|flats|high tops|sandals|heels)\b/i, 'shoes'],
    [/\bbra\b/i, 'sports-bra'],
    [/\b(tee|shirt|blouse|top|henley)\b/i, 'tops'],
    [/\b(sweater|jumper|cardigan|turtleneck|knit|vest)\b/i, 'knitwear'],
    [/\b(hat|beanie|cap)\b/i, 'accessories'],
    [/\b(bag|backpack|clutch)\b/i, 'bags'],
    [/\bscarf\b/i, 'scarf'],
    [/\bbelt\b/i, 'belt'],
    [/\bsunglasses\b/i, 'sunglasses'],
    [/\bnecklace\b/i, 'necklace'],
  ];
  const kindOf = (title: string) => KINDS.find(([words]) => words.test(title))?.[1] ?? null;
  /** The drawing a picture path names: `/images/garments/{drawing}-{colour}.svg`. */
  const drawingOf = (image: string) =>
    /^\/images\/garments\/([a-z-]+)-[a-z]+\.svg$/.exec(image)?.[1];

  it('pictures every listing with a drawing of the garment its title names', () => {
    const wrong = plan.listings
      .filter(({ fields }) =>
        [fields.image, ...fields.gallery].some(
          (image) => drawingOf(image) !== kindOf(fields.title),
        ),
      )
      .map(({ fields }) => `${fields.title}: ${fields.image}`);
    expect(wrong).toEqual([]);
    const jacket = plan.listings.find(({ fields }) => /Track Jacket$/.test(fields.title))!;
    expect(drawingOf(jacket.fields.image)).toBe('outerwear');
  });

  it('has a drawing for every garment noun, of the kind the noun names, in every colour', () => {
    for (const noun of Object.values(GARMENT_NOUNS).flat()) {
      const drawing = GARMENT_PICTURES[noun];
      expect(drawing, noun).toBe(kindOf(noun));
      expect(GARMENT_SLUGS, noun).toContain(drawing);
      for (const color of COLORS) expect(garmentSvg(drawing!, color.name), noun).not.toBeNull();
    }
  });
});
