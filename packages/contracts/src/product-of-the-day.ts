/**
 * The Product of the Day's random part (docs/product.md §4.10), drawn on the read side from the
 * calendar day of the server's clock: the projection stores the products that can win with their
 * score without it, and the day's pick follows from the day alone. So it is the same all day,
 * changes at midnight UTC even when nothing happens on the site, and a replay of the event log
 * gives the same document.
 */

/** The largest random part: a product more than this below the best cannot win. */
export const FEATURED_JITTER_MAX = 5;

/** A product that can be the Product of the Day, with its score without the random part. */
export interface FeaturedCandidate {
  product_id: string;
  score: number;
}

/** The UTC calendar day of `now`, YYYY-MM-DD. */
export const utcDayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The random part of `productId` on `day`: 0 to 5, a hash of `${productId}:${day}` (FNV-1a, then
 * MurmurHash3's finaliser). Without the finaliser the next day, which changes only the last
 * characters, moved every product's part by about the same little: the same product won for
 * weeks.
 */
export function dailyJitter(productId: string, day: string): number {
  let h = 2166136261;
  for (let i = 0; i < productId.length; i++) h = Math.imul(h ^ productId.charCodeAt(i), 16777619);
  h = Math.imul(h ^ 58 /* ':' */, 16777619);
  for (let i = 0; i < day.length; i++) h = Math.imul(h ^ day.charCodeAt(i), 16777619);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return ((h >>> 0) / 0xffffffff) * FEATURED_JITTER_MAX;
}

/**
 * The candidates (in title order, as stored) ranked for the day of `now`: best total first; on a
 * tie the first in title order. The first one still for sale is the Product of the Day.
 */
export function rankOfTheDay(
  candidates: readonly FeaturedCandidate[],
  now: Date,
  jitter: (productId: string, day: string) => number = dailyJitter,
): FeaturedCandidate[] {
  const day = utcDayOf(now);
  return candidates
    .map((c, order) => ({
      order,
      entry: { product_id: c.product_id, score: c.score + jitter(c.product_id, day) },
    }))
    .sort((a, b) => b.entry.score - a.entry.score || a.order - b.order)
    .map(({ entry }) => entry);
}
