import { describe, expect, it } from 'vitest';
import { dailyJitter, rankOfTheDay } from '@rewear/contracts';
import {
  computeAllCollections,
  computeCollection,
  curatorScore,
  featuredCandidates,
  featuredScore,
  FEATURED_CANDIDATES_MAX,
  trendingScore,
  weekendScore,
  type ScoredProduct,
} from '../src/index.ts';

const NOW = new Date('2026-03-10T00:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

function product(id: string, overrides: Partial<ScoredProduct> = {}): ScoredProduct {
  const full = {
    product_id: id,
    title: `Item ${id}`,
    description: 'short',
    price_cents: 5000,
    original_price_cents: null,
    image: 'https://img.example/x.jpg',
    gallery: [],
    brand_id: 'b1',
    brand_name: 'Acme',
    category_id: 5,
    category_name: 'Outerwear',
    condition_ids: [3],
    conditions: ['Good'],
    size_ids: [],
    sizes: [],
    color_ids: [],
    colors: [],
    stock: 1,
    num_likes: 0,
    created_at: daysAgo(20),
    seller_id: 's1',
    seller_name: 'S',
    seller_photo: null,
    ...overrides,
  };
  return full;
}

describe('algorithmic collections', () => {
  it('trending favours likes and decays with age', () => {
    expect(trendingScore(product('a', { num_likes: 10 }), NOW)).toBeGreaterThan(
      trendingScore(product('b', { num_likes: 2 }), NOW),
    );
    expect(
      trendingScore(product('a', { num_likes: 5, created_at: daysAgo(1) }), NOW),
    ).toBeGreaterThan(trendingScore(product('b', { num_likes: 5, created_at: daysAgo(30) }), NOW));
  });

  it('hidden gems need fewer than 3 likes, price ≥ $20, an image and a brand', () => {
    const entries = computeCollection(
      'hidden_gems',
      [
        product('ok', { num_likes: 2, price_cents: 2000 }),
        product('liked', { num_likes: 3 }),
        product('cheap', { price_cents: 1999 }),
        product('noimage', { image: '' }),
        product('nobrand', { brand_id: '', brand_name: '' }),
      ],
      NOW,
    );
    expect(entries.map((e) => e.product_id)).toEqual(['ok']);
  });

  it('style steals are 0 < price < $60, biggest discount first', () => {
    const entries = computeCollection(
      'style_steals',
      [
        product('free', { price_cents: 0 }),
        product('sixty', { price_cents: 6000 }),
        product('plain', { price_cents: 5900 }),
        product('deal', { price_cents: 3000, original_price_cents: 10000 }),
      ],
      NOW,
    );
    expect(entries.map((e) => e.product_id)).toEqual(['deal', 'plain']);
  });

  it('fresh drops are created within 7 days, newest first; investment pieces cost ≥ $100', () => {
    const all = computeAllCollections(
      [
        product('new', { created_at: daysAgo(1) }),
        product('week', { created_at: daysAgo(6.9) }),
        product('old', { created_at: daysAgo(8) }),
        product('pricey', { price_cents: 10000 }),
        product('almost', { price_cents: 9999 }),
      ],
      NOW,
    );
    expect(all.fresh_drops.map((e) => e.product_id)).toEqual(['new', 'week']);
    expect(all.investment_pieces.map((e) => e.product_id)).toEqual(['pricey']);
  });

  it('keeps each collection to its size, deterministic on ties', () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      product(`p${String(i).padStart(2, '0')}`, { price_cents: 12000 }),
    );
    const all = computeAllCollections(many, NOW);
    expect(all.trending_hits).toHaveLength(20);
    expect(all.curator_picks).toHaveLength(12);
    expect(all.investment_pieces).toHaveLength(10);
    expect(all.investment_pieces[0]!.product_id).toBe('p00');
    expect(computeAllCollections([...many].reverse(), NOW)).toEqual(all);
  });

  it('curator picks reward presentation and condition; weekend vibes only casual categories', () => {
    expect(
      curatorScore(
        product('a', { gallery: ['1', '2'], conditions: ['NWT'], description: 'x'.repeat(80) }),
      ),
    ).toBeGreaterThan(curatorScore(product('b', { image: '', conditions: ['Fair'] })));
    expect(weekendScore(product('a', { category_name: 'Outerwear' }), NOW)).toBe(0);
    expect(
      weekendScore(product('a', { category_name: 'Dresses', colors: ['yellow', 'pink'] }), NOW),
    ).toBeGreaterThan(
      weekendScore(product('b', { category_name: 'Dresses', colors: ['black'] }), NOW),
    );
    expect(
      computeCollection(
        'weekend_vibes',
        [product('coat'), product('dress', { category_name: 'Dresses' })],
        NOW,
      ).map((e) => e.product_id),
    ).toEqual(['dress']);
  });
});

describe('Product of the Day (docs/product.md §4)', () => {
  it('scores exactly as the spec writes it', () => {
    // image 20 + brand 15 + category 10 + likes log10(100)*8 = 16 + price 30-100 8 + within 7 days 12
    const p = product('a', {
      brand_name: 'Nike',
      category_name: 'Tops',
      num_likes: 99,
      price_cents: 5000,
      created_at: daysAgo(3),
    });
    expect(featuredScore(p, NOW)).toBeCloseTo(20 + 15 + 10 + 16 + 8 + 12);
    // no image, other brand/category, no likes, $120 → 5, 20 days → 6
    expect(featuredScore(product('b', { image: '', price_cents: 12000 }), NOW)).toBe(11);
    // likes are capped at 25
    expect(
      featuredScore(
        product('c', {
          image: '',
          num_likes: 10 ** 6,
          price_cents: 100000,
          created_at: daysAgo(90),
        }),
        NOW,
      ),
    ).toBe(25);
  });

  it('keeps as candidates the products the random part can lift to the best, in title order', () => {
    const best = product('best', { title: 'Zed', brand_name: 'Nike' }); // 15 points more
    const near = product('near', { title: 'Beta', price_cents: 200000, brand_name: 'Nike' }); // 8 less
    const close = product('close', { title: 'Alpha', price_cents: 12000, brand_name: 'Nike' }); // 3 less
    const far = product('far', { title: 'Aaa' });
    expect(featuredCandidates([best, near, close, far], NOW)).toEqual([
      { product_id: 'close', score: featuredScore(close, NOW) },
      { product_id: 'best', score: featuredScore(best, NOW) },
    ]);
    // At most FEATURED_CANDIDATES_MAX, the best kept.
    const many = Array.from({ length: FEATURED_CANDIDATES_MAX + 10 }, (_, i) =>
      product(`m${i}`, { title: `M ${String(i).padStart(3, '0')}`, num_likes: 100 + i }),
    );
    const kept = featuredCandidates(many, NOW);
    expect(kept).toHaveLength(FEATURED_CANDIDATES_MAX);
    expect(kept.map((c) => c.product_id)).not.toContain('m0');
    expect(kept.map((c) => c.product_id)).toContain(`m${FEATURED_CANDIDATES_MAX + 9}`);
  });

  it('finds the candidates of a catalogue larger than an argument list can hold', () => {
    // A million-listing catalogue once overflowed the stack here (Math.max over a spread).
    const plain = product('plain', { image: '', num_likes: 0 });
    const catalogue = Array.from({ length: 300_000 }, (_, i) => ({
      ...plain,
      product_id: `p${i}`,
    }));
    const star = product('star', { num_likes: 500, brand_name: 'Nike' });
    catalogue.push(star);
    const candidates = featuredCandidates(catalogue, NOW);
    expect(candidates.map((c) => c.product_id)).toEqual(['star']);
    expect(candidates[0]!.score).toBeCloseTo(featuredScore(star, NOW), 2);
  });

  it('ranks the candidates for the day: the random part decides, the first by title wins a tie', () => {
    const candidates = [
      { product_id: 'a', score: 50 },
      { product_id: 'z', score: 50 },
    ];
    const day = new Date('2026-03-10T12:00:00.000Z');
    expect(rankOfTheDay(candidates, day, () => 0)[0]!.product_id).toBe('a');
    expect(rankOfTheDay(candidates, day, (id) => (id === 'z' ? 5 : 0))[0]).toEqual({
      product_id: 'z',
      score: 55,
    });
    expect(rankOfTheDay([], day)).toEqual([]);
    // Twenty alike: the same pick all day, and over a month the pick moves around.
    const alike = Array.from({ length: 20 }, (_, i) => ({ product_id: `p${i}`, score: 40 }));
    const pick = (iso: string) => rankOfTheDay(alike, new Date(iso))[0]!.product_id;
    expect(pick('2026-03-10T00:00:00.000Z')).toBe(pick('2026-03-10T23:59:59.999Z'));
    const picks = new Set(
      Array.from({ length: 30 }, (_, d) => pick(new Date(Date.UTC(2026, 5, d + 1)).toISOString())),
    );
    expect(picks.size).toBeGreaterThan(8);
  });

  it('draws the daily random part from the product and the UTC day: the same all day, another the next', () => {
    // FNV-1a of `${productId}:${YYYY-MM-DD}`, MurmurHash3's finaliser, scaled to [0, 5]
    const reference = (seed: string) => {
      let h = 2166136261;
      for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      return ((h >>> 0) / 0xffffffff) * 5;
    };
    for (const id of ['l1', 'listing-with-a-long-id-42', 'ü']) {
      expect(dailyJitter(id, '2026-03-10')).toBe(reference(`${id}:2026-03-10`));
      expect(dailyJitter(id, '2026-03-11')).toBe(reference(`${id}:2026-03-11`));
      expect(dailyJitter(id, '2026-03-10')).toBeGreaterThanOrEqual(0);
      expect(dailyJitter(id, '2026-03-10')).toBeLessThanOrEqual(5);
    }
    // Neighbouring days move the part by more than a little (the finaliser mixes the last characters).
    const moves = Array.from({ length: 30 }, (_, d) =>
      Math.abs(
        dailyJitter('l1', `2026-06-${String(d + 1).padStart(2, '0')}`) -
          dailyJitter('l1', `2026-06-${String(d + 2).padStart(2, '0')}`),
      ),
    );
    expect(Math.max(...moves)).toBeGreaterThan(1);
  });
});
