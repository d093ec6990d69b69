import { describe, expect, it } from 'vitest';
import { priceLines, reachedTier, type LineToPrice } from '../src/pricing.ts';

const line = (productId: string, sellerId: string, listPriceCents: number, quantity = 1) =>
  ({ productId, sellerId, listPriceCents, quantity }) satisfies LineToPrice;
const none = new Map();

describe('pricing order lines', () => {
  it('prices every line at its listed price without offers or bundles', () => {
    const priced = priceLines([line('a', 's1', 1000, 2), line('b', 's2', 550)], none, none);
    expect(priced.lines.map((l) => [l.unitPriceCents, l.offerId])).toEqual([
      [1000, null],
      [550, null],
    ]);
    expect(priced).toMatchObject({ subtotalCents: 2550, totalCents: 2550, discounts: [] });
  });

  it('prices a one-unit line from the buyer’s held offer', () => {
    const offers = new Map([['a', { offerId: 'o1', amountCents: 700 }]]);
    const priced = priceLines([line('a', 's1', 1000), line('b', 's1', 500)], offers, none);
    expect(priced.lines[0]).toMatchObject({ unitPriceCents: 700, offerId: 'o1' });
    expect(priced.lines[1]).toMatchObject({ unitPriceCents: 500, offerId: null });
    expect(priced.totalCents).toBe(1200);
  });

  it('an offer prices one unit only: a line of two is at the listed price', () => {
    const offers = new Map([['a', { offerId: 'o1', amountCents: 700 }]]);
    expect(priceLines([line('a', 's1', 1000, 2)], offers, none).totalCents).toBe(2000);
  });

  it('takes the reached bundle tier off the seller’s listed-price lines only', () => {
    const bundles = new Map([
      [
        's1',
        [
          { minItems: 2, percent: 10 },
          { minItems: 3, percent: 20 },
        ],
      ],
    ]);
    // Two items of s1: 10 % off 1000 + 500; s2's single item is not part of the bundle.
    const two = priceLines(
      [line('a', 's1', 1000), line('b', 's1', 500), line('c', 's2', 800)],
      none,
      bundles,
    );
    expect(two.discounts).toEqual([{ sellerId: 's1', percent: 10, amountCents: 150 }]);
    expect(two.totalCents).toBe(2300 - 150);
    // Three units (one line of two): 20 %.
    const three = priceLines([line('a', 's1', 1000), line('b', 's1', 500, 2)], none, bundles);
    expect(three.discounts).toEqual([{ sellerId: 's1', percent: 20, amountCents: 400 }]);
    // An offered line counts towards the tier and is not discounted again.
    const offered = priceLines(
      [line('a', 's1', 1000), line('b', 's1', 500)],
      new Map([['a', { offerId: 'o1', amountCents: 800 }]]),
      bundles,
    );
    expect(offered.discounts).toEqual([{ sellerId: 's1', percent: 10, amountCents: 50 }]);
    expect(offered.totalCents).toBe(1300 - 50);
  });

  it('finds the tier with the most items reached', () => {
    const tiers = [
      { minItems: 3, percent: 20 },
      { minItems: 2, percent: 10 },
    ];
    expect(reachedTier(tiers, 1)).toBeNull();
    expect(reachedTier(tiers, 2)?.percent).toBe(10);
    expect(reachedTier(tiers, 7)?.percent).toBe(20);
  });
});
