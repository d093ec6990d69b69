/**
 * Collections' read face: the user collections read model (one document per collection, who
 * follows it), and the algorithmic collections with the Product of the Day's candidates, which
 * the catalogue projector computes from the listed products and keeps (their document types and
 * the pure computation are here). A follow counts once (the domain's `withFollower`).
 */
import {
  COLLECTION_SIZES,
  FAVOURED_BRANDS,
  FAVOURED_CATEGORIES,
  discountPercent,
  FEATURED_JITTER_MAX,
  type CollectionId,
  type EnvelopeOf,
  type FeaturedCandidate,
} from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { ProductRecord } from '../listing/domain.ts';
import { COLLECTION_EVENTS, withFollower } from './domain.ts';

// ---------------------------------------------------------------- user collections

export interface UserCollectionDoc extends Doc {
  _id: string;
  owner_id: string;
  title: string;
  description: string;
  product_ids: string[];
  is_public: boolean;
  followers: string[];
  created_at: string;
}

export type UserCollectionEvent = EnvelopeOf<(typeof COLLECTION_EVENTS)[number]>;

export function projectUserCollection(
  current: UserCollectionDoc | null,
  event: UserCollectionEvent,
): UserCollectionDoc | null {
  if (event.type === 'CollectionCreated') {
    const d = event.data;
    return {
      _id: d.collectionId,
      owner_id: d.ownerId,
      title: d.title,
      description: d.description,
      product_ids: [...d.productIds],
      is_public: d.isPublic,
      // A follow seen before the creation (another partition) is kept.
      followers: current?.followers ?? [],
      created_at: event.occurredAt,
    };
  }
  const base: UserCollectionDoc = current ?? {
    _id: event.data.collectionId,
    owner_id: '',
    title: '',
    description: '',
    product_ids: [],
    is_public: false,
    followers: [],
    created_at: '',
  };
  const followers = withFollower(base.followers, event.data.userId);
  if (followers === base.followers) return base;
  // Sorted, not in arrival order: a replay must give the same document.
  return { ...base, followers: followers.sort() };
}

export const userCollectionsProjector = documentProjector({
  name: 'user-collections',
  collectionName: READ_MODELS.userCollections,
  indexes: [{ keys: { owner_id: 1 } }, { keys: { is_public: 1 } }],
  canHandle: COLLECTION_EVENTS,
  documentId: (event) => event.data.collectionId,
  evolve: projectUserCollection,
});

// ---------------------------------------------------------------- algorithmic collections

export interface CollectionEntry {
  product_id: string;
  score: number;
}

/** The `_id` of the Product of the Day's document among the algorithmic collections. */
export const FEATURED_ID = 'featured';

/**
 * An algorithmic collection (docs/product.md §3, §9), or the Product of the Day's candidates
 * (`_id: 'featured'`): the products that can win, in title order, each with its score without the
 * day's random part, which query-api draws from the server's calendar day (rankOfTheDay).
 */
export interface AlgorithmicCollectionDoc extends Doc {
  _id: string;
  title: string;
  description: string;
  criteria: string;
  products: CollectionEntry[];
  /** Time reference of the computation: the newest event's time. */
  updated: string;
}

/**
 * The algorithmic collections (docs/product.md §3, §9) and the Product of the Day (docs/product.md §4), computed from
 * the listed products at a time reference (the newest event's time, so a replay gives the same
 * answer). Pure functions; ties are broken by product id so the result is deterministic.
 *
 * Scorings the spec leaves open, defined here:
 * - trending_hits: likes with a recency decay, score = (likes + 1) / (ageDays + 2)^1.5
 *   (a listing loses half its pull in roughly its first three days).
 * - curator_picks: presentation and value: image 5, each gallery picture 2 (up to 4), a
 *   description of 80+ characters 3, condition NWT 10 / NWOT 8 / Good 6 / Gently Used 4 / Fair 2,
 *   discount percent / 5, plus log10(likes + 1) * 4.
 * - weekend_vibes: casual categories (Dresses, Activewear, Shoes, Accessories, Bags, Jeans) only;
 *   10 for the category, 3 per bright colour (yellow, orange, pink, red, white), up to 6 for
 *   recency (6 − ageDays, not below 0), plus log10(likes + 1) * 3.
 * - hidden_gems (likes < 3, price ≥ $20, an image, a brand): condition points + discount / 5.
 * - style_steals ($0 < price < $60): discount percent, then cheaper first (score = discount + (60 − price) / 60).
 * - fresh_drops (created within 7 days): newer first, score = hours left in the 7-day window.
 * - investment_pieces (price ≥ $100): price in dollars + condition points.
 */

/** What the scorings read of a product. */
export type ScoringFields = Pick<
  ProductRecord,
  | 'title'
  | 'description'
  | 'price_cents'
  | 'original_price_cents'
  | 'image'
  | 'gallery'
  | 'brand_id'
  | 'brand_name'
  | 'category_name'
  | 'conditions'
  | 'colors'
  | 'num_likes'
  | 'created_at'
>;
export type ScoredProduct = ScoringFields & {
  product_id: string;
  /** created_at parsed once */
  created_ms?: number;
};

/** A compact copy with only the scored fields: scanning a large catalogue stays fast. */
export function scoringInput(id: string, r: ScoringFields): ScoredProduct {
  return {
    product_id: id,
    title: r.title,
    description: r.description,
    price_cents: r.price_cents,
    original_price_cents: r.original_price_cents,
    image: r.image,
    gallery: r.gallery,
    brand_id: r.brand_id,
    brand_name: r.brand_name,
    category_name: r.category_name,
    conditions: r.conditions,
    colors: r.colors,
    num_likes: r.num_likes,
    created_at: r.created_at,
    created_ms: Date.parse(r.created_at),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CONDITION_POINTS: Record<string, number> = {
  NWT: 10,
  NWOT: 8,
  Good: 6,
  'Gently Used': 4,
  Fair: 2,
};
const WEEKEND_CATEGORIES = new Set([
  'Dresses',
  'Activewear',
  'Shoes',
  'Accessories',
  'Bags',
  'Jeans',
]);
const BRIGHT_COLORS = new Set(['yellow', 'orange', 'pink', 'red', 'white']);

const dollars = (p: ScoringFields) => p.price_cents / 100;
const discount = (p: ScoringFields) =>
  discountPercent(
    p.price_cents / 100,
    p.original_price_cents === null ? null : p.original_price_cents / 100,
  );
const createdMs = (p: ScoringFields & { created_ms?: number }) =>
  p.created_ms ?? Date.parse(p.created_at);
const ageDays = (p: ScoringFields, now: Date) =>
  Math.max(0, (now.getTime() - createdMs(p)) / DAY_MS);
const conditionPoints = (p: ScoringFields) => CONDITION_POINTS[p.conditions[0] ?? ''] ?? 0;

export const trendingScore = (p: ScoringFields, now: Date) =>
  (p.num_likes + 1) / Math.pow(ageDays(p, now) + 2, 1.5);

export const curatorScore = (p: ScoringFields) =>
  (p.image ? 5 : 0) +
  2 * Math.min(p.gallery.length, 4) +
  (p.description.length >= 80 ? 3 : 0) +
  conditionPoints(p) +
  discount(p) / 5 +
  Math.log10(p.num_likes + 1) * 4;

export const weekendScore = (p: ScoringFields, now: Date) =>
  WEEKEND_CATEGORIES.has(p.category_name)
    ? 10 +
      3 * p.colors.filter((c) => BRIGHT_COLORS.has(c)).length +
      Math.max(0, 6 - ageDays(p, now)) +
      Math.log10(p.num_likes + 1) * 3
    : 0;

interface CollectionRule {
  title: string;
  description: string;
  criteria: string;
  /** null excludes the product. */
  score(p: ScoringFields, now: Date): number | null;
}

export const COLLECTION_RULES: Record<CollectionId, CollectionRule> = {
  trending_hits: {
    title: 'Trending Hits',
    description: 'The pieces shoppers are loving right now',
    criteria: 'Most liked, weighted towards recent listings',
    score: trendingScore,
  },
  hidden_gems: {
    title: 'Hidden Gems',
    description: 'Quality finds that have not been discovered yet',
    criteria: 'Fewer than 3 likes, price at least $20, with an image and a brand',
    score: (p) =>
      p.num_likes < 3 &&
      p.price_cents >= 2000 &&
      p.image !== '' &&
      p.brand_id !== '' &&
      p.brand_name !== ''
        ? conditionPoints(p) + discount(p) / 5
        : null,
  },
  style_steals: {
    title: 'Style Steals',
    description: 'Great style for under $60',
    criteria: 'Price above $0 and below $60, biggest discounts first',
    score: (p) =>
      p.price_cents > 0 && p.price_cents < 6000 ? discount(p) + (60 - dollars(p)) / 60 : null,
  },
  fresh_drops: {
    title: 'Fresh Drops',
    description: 'Just listed this week',
    criteria: 'Listed within the last 7 days, newest first',
    score: (p, now) => {
      const age = ageDays(p, now);
      return age <= 7 && createdMs(p) <= now.getTime() + DAY_MS ? (7 - age) * 24 : null;
    },
  },
  curator_picks: {
    title: "Curator's Picks",
    description: 'Hand-picked for presentation, condition and value',
    criteria: 'Image, gallery, description, condition, discount and likes',
    score: curatorScore,
  },
  weekend_vibes: {
    title: 'Weekend Vibes',
    description: 'Easy, bright pieces for your days off',
    criteria: 'Casual categories, bright colours, recent listings',
    score: (p, now) => {
      const s = weekendScore(p, now);
      return s > 0 ? s : null;
    },
  },
  investment_pieces: {
    title: 'Investment Pieces',
    description: 'Quality pieces worth the splurge',
    criteria: 'Price at least $100',
    score: (p) => (p.price_cents >= 10000 ? dollars(p) + conditionPoints(p) : null),
  },
};

const round = (n: number) => Math.round(n * 1000) / 1000;

const better = (a: CollectionEntry, b: CollectionEntry) =>
  a.score > b.score || (a.score === b.score && a.product_id < b.product_id);

/** The `size` best entries, best first, keeping only a small sorted window (no full sort of the catalogue). */
function topBy(
  products: ScoredProduct[],
  size: number,
  score: (p: ScoredProduct) => number | null,
): CollectionEntry[] {
  const top: CollectionEntry[] = [];
  for (const p of products) {
    const s = score(p);
    if (s === null || !Number.isFinite(s)) continue;
    const rounded = round(s);
    // Compared before an entry is made: most of a catalogue does not get in.
    if (top.length === size) {
      const last = top[size - 1]!;
      if (rounded < last.score || (rounded === last.score && p.product_id >= last.product_id))
        continue;
    }
    const entry = { product_id: p.product_id, score: rounded };
    let at = top.length;
    while (at > 0 && better(entry, top[at - 1]!)) at--;
    top.splice(at, 0, entry);
    if (top.length > size) top.pop();
  }
  return top;
}

export function computeCollection(
  id: CollectionId,
  products: ScoredProduct[],
  now: Date,
): CollectionEntry[] {
  const rule = COLLECTION_RULES[id];
  return topBy(products, COLLECTION_SIZES[id], (p) => rule.score(p, now));
}

export function computeAllCollections(
  products: ScoredProduct[],
  now: Date,
): Record<CollectionId, CollectionEntry[]> {
  const ids = Object.keys(COLLECTION_SIZES) as CollectionId[];
  return Object.fromEntries(ids.map((id) => [id, computeCollection(id, products, now)])) as Record<
    CollectionId,
    CollectionEntry[]
  >;
}

// ---------------------------------------------------------------- Product of the Day (docs/product.md §4)

/** The §4 score without its random part. */
export function featuredScore(p: ScoringFields, now: Date): number {
  let score = 0;
  if (p.image) score += 20;
  if ((FAVOURED_BRANDS as readonly string[]).includes(p.brand_name)) score += 15;
  if ((FAVOURED_CATEGORIES as readonly string[]).includes(p.category_name)) score += 10;
  score += Math.min(25, Math.log10(p.num_likes + 1) * 8);
  const price = dollars(p);
  if (price >= 30 && price <= 100) score += 8;
  else if (price >= 15 && price <= 150) score += 5;
  const age = ageDays(p, now);
  if (age <= 7) score += 12;
  else if (age <= 30) score += 6;
  return score;
}

/** At most this many candidates are kept: the best by score, if more are within reach of the best. */
export const FEATURED_CANDIDATES_MAX = 50;

/**
 * The products that can be the Product of the Day, each with its score without the random part
 * (the read side draws that from the day, `rankOfTheDay`): those at most the random part's
 * largest value below the best, since no other can pass it. In title order (then id), the order
 * that wins a tie.
 */
export function featuredCandidates(products: ScoredProduct[], now: Date): FeaturedCandidate[] {
  const scored = products.map((p) => ({ p, score: featuredScore(p, now) }));
  // a loop, not Math.max(...scores): a catalogue of a million overflows an argument list
  let best = -Infinity;
  for (const s of scored) if (s.score > best) best = s.score;
  const inReach = scored.filter((s) => s.score >= best - FEATURED_JITTER_MAX);
  const byTitle = (a: { p: ScoredProduct }, b: { p: ScoredProduct }) =>
    a.p.title < b.p.title
      ? -1
      : a.p.title > b.p.title
        ? 1
        : a.p.product_id < b.p.product_id
          ? -1
          : a.p.product_id > b.p.product_id
            ? 1
            : 0;
  const kept =
    inReach.length > FEATURED_CANDIDATES_MAX
      ? [...inReach]
          .sort((a, b) => b.score - a.score || byTitle(a, b))
          .slice(0, FEATURED_CANDIDATES_MAX)
      : inReach;
  return kept.sort(byTitle).map((s) => ({ product_id: s.p.product_id, score: round(s.score) }));
}
