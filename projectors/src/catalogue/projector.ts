/**
 * Wiring of the catalogue: listings, brands, likes, the `products` search index, and the
 * algorithmic collections computed from them. Each step loads the current document, calls the
 * pure projection and writes the result with put/delete, so a redelivery changes nothing.
 */
import type { EventEnvelope, EnvelopeOf } from '@rewear/contracts';
import type { Projector, ReadSide, SearchSettings, IndexSpec } from '@rewear/platform';
import {
  READ_MODELS,
  SEARCH_INDEXES,
  type AlgorithmicCollectionDoc,
  type BrandDoc,
  type LikeDoc,
  type ListingDoc,
  type ProductSearchDoc,
} from '../read-models.ts';
import {
  LISTING_EVENTS,
  isListed,
  projectListing,
  toSearchDoc,
  type ListingEvent,
} from './listing.ts';
import { likeId, likeKeys, projectLike, type LikeEvent } from './likes.ts';
import { projectBrand } from './brand.ts';
import {
  COLLECTION_RULES,
  computeAllCollections,
  dailyJitter,
  pickFeatured,
  type FeaturedJitter,
  scoringInput,
  type ScoredProduct,
} from '../collections/algorithmic.ts';

export const PRODUCT_SEARCH_SETTINGS: SearchSettings = {
  searchable: ['title', 'brand_name', 'category_name', 'description'],
  filterable: [
    'category_name',
    'brand_name',
    'sizes',
    'colors',
    'conditions',
    'price_cents',
    'stock',
    'in_stock',
    'seller_id',
  ],
  sortable: ['title_key', 'price_cents', 'created_ts', 'num_likes'],
};

const LIKE_EVENTS = [
  'WishlistItemAdded',
  'WishlistItemRemoved',
  'WishlistCleared',
  'ListingLiked',
] as const;

export const FEATURED_ID = 'featured';

export interface CatalogueProjectorOptions {
  /**
   * The algorithmic collections are recomputed at most once per this many milliseconds after
   * a change (trailing edge), and never more often than 10× the last recomputation took, so a
   * large catalogue spends at most about a tenth of a core on them. 0 recomputes inside `apply`.
   */
  collectionsDelayMs?: number;
  /** The random 0-5 part of the featured score. */
  featuredJitter?: FeaturedJitter;
  onError?: (err: unknown) => void;
}

export interface CatalogueProjector extends Projector {
  /** Runs a pending recomputation of the algorithmic collections now. */
  flush(): Promise<void>;
}

const listings = (t: ReadSide) => t.collection<ListingDoc>(READ_MODELS.listings);
const products = (t: ReadSide) => t.searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products);

async function syncSearch(target: ReadSide, docs: ListingDoc[]): Promise<void> {
  const listed = docs.filter((d) => isListed(d));
  const unlisted = docs.filter((d) => !isListed(d)).map((d) => d._id);
  if (listed.length) await products(target).upsert(listed.map(toSearchDoc));
  if (unlisted.length) await products(target).remove(unlisted);
}

async function brandNameOf(target: ReadSide, brandId: string): Promise<string> {
  if (!brandId) return '';
  const brand = await target.collection<BrandDoc>(READ_MODELS.brands).findOne({ _id: brandId });
  return brand?.name ?? '';
}

async function applyListingEvent(event: ListingEvent, target: ReadSide): Promise<void> {
  const id = event.data.listingId;
  const current = await listings(target).findOne({ _id: id });
  const brandId =
    event.type === 'ListingCreated'
      ? event.data.brandId
      : event.type === 'ListingUpdated' && event.data.changes.brandId !== undefined
        ? event.data.changes.brandId
        : (current?.brand_id ?? '');
  const brandName = await brandNameOf(target, brandId);
  const next = projectListing(current, event, { brandName });
  if (!next) return;
  // Likes may have arrived first: the count comes from the like documents.
  next.num_likes = await target
    .collection<LikeDoc>(READ_MODELS.listingLikes)
    .count({ product_id: id });
  await listings(target).put(next);
  await syncSearch(target, [next]);
}

async function applyBrandCreated(
  event: EnvelopeOf<'BrandCreated'>,
  target: ReadSide,
): Promise<void> {
  const brands = target.collection<BrandDoc>(READ_MODELS.brands);
  const brand = projectBrand(await brands.findOne({ _id: event.data.brandId }), event);
  await brands.put(brand);
  // Listings created before their brand was seen get its name now.
  const stale = await listings(target).find({
    brand_id: brand._id,
    brand_name: { $ne: brand.name },
  });
  const renamed = stale.map((doc) => ({ ...doc, brand_name: brand.name }));
  for (const doc of renamed) await listings(target).put(doc);
  await syncSearch(target, renamed);
}

async function applyLikeEvent(event: LikeEvent, target: ReadSide): Promise<void> {
  const likes = target.collection<LikeDoc>(READ_MODELS.listingLikes);
  const touched: ListingDoc[] = [];
  for (const { productId, userId } of likeKeys(event)) {
    const id = likeId(productId, userId);
    const next = projectLike(await likes.findOne({ _id: id }), event, productId, userId);
    if (next) await likes.put(next);
    else await likes.delete(id);
    const listing = await listings(target).findOne({ _id: productId });
    if (!listing) continue;
    const numLikes = await likes.count({ product_id: productId });
    if (listing.num_likes !== numLikes) {
      const updated = { ...listing, num_likes: numLikes };
      await listings(target).put(updated);
      touched.push(updated);
    }
  }
  await syncSearch(target, touched);
}

const toScored = (doc: ListingDoc): ScoredProduct => scoringInput(doc._id, doc);

/** Recomputes the seven algorithmic collections and the featured product from the listed products. */
export async function recomputeCollections(
  target: ReadSide,
  now: Date,
  jitter: FeaturedJitter = dailyJitter,
): Promise<void> {
  const listed = (
    await listings(target).find({ deleted: false, stock: { $gt: 0 }, created_at: { $ne: '' } })
  ).map(toScored);
  const computed = computeAllCollections(listed, now);
  const store = target.collection<AlgorithmicCollectionDoc>(READ_MODELS.algorithmicCollections);
  const updated = now.toISOString();
  for (const [id, entries] of Object.entries(computed)) {
    const rule = COLLECTION_RULES[id as keyof typeof COLLECTION_RULES];
    await store.put({
      _id: id,
      title: rule.title,
      description: rule.description,
      criteria: rule.criteria,
      products: entries,
      updated,
    });
  }
  const featured = pickFeatured(listed, now, jitter);
  await store.put({
    _id: FEATURED_ID,
    title: 'Product of the Day',
    description: 'Our pick of the day',
    criteria:
      'Image, favoured brand and category, likes, price band, recency, and a daily random part',
    products: featured ? [featured] : [],
    updated,
  });
}

export function createCatalogueProjector(
  options: CatalogueProjectorOptions = {},
): CatalogueProjector {
  const delayMs = options.collectionsDelayMs ?? 2000;
  const jitter = options.featuredJitter ?? dailyJitter;
  const onError =
    options.onError ??
    ((err) => console.error('[catalogue] collections recomputation failed', err));
  let newest = 0;
  let pending: { target: ReadSide; timer: NodeJS.Timeout | null } | null = null;
  let running: Promise<void> = Promise.resolve();

  let lastDurationMs = 0;
  const run = (target: ReadSide) => {
    running = running
      .then(async () => {
        const started = performance.now();
        await recomputeCollections(target, new Date(newest), jitter);
        lastDurationMs = performance.now() - started;
      })
      .catch(onError);
    return running;
  };

  return {
    name: 'catalogue',
    collections: {
      [READ_MODELS.listings]: [
        { keys: { brand_id: 1 } },
        { keys: { seller_id: 1 } },
        { keys: { deleted: 1, stock: 1 } },
      ] satisfies IndexSpec[],
      [READ_MODELS.brands]: [{ keys: { name: 1 } }],
      [READ_MODELS.listingLikes]: [{ keys: { product_id: 1 } }],
      [READ_MODELS.algorithmicCollections]: [],
    },
    searchIndexes: { [SEARCH_INDEXES.products]: PRODUCT_SEARCH_SETTINGS },
    handles: [...LISTING_EVENTS, 'BrandCreated', ...LIKE_EVENTS],
    async apply(event: EventEnvelope, target: ReadSide) {
      if ((LISTING_EVENTS as readonly string[]).includes(event.type))
        await applyListingEvent(event as ListingEvent, target);
      else if (event.type === 'BrandCreated')
        await applyBrandCreated(event as EnvelopeOf<'BrandCreated'>, target);
      else if ((LIKE_EVENTS as readonly string[]).includes(event.type))
        await applyLikeEvent(event as LikeEvent, target);
      else return;
      newest = Math.max(newest, Date.parse(event.occurredAt) || 0);
      if (delayMs === 0) {
        await run(target);
        return;
      }
      if (pending) {
        pending.target = target;
        return;
      }
      const entry: { target: ReadSide; timer: NodeJS.Timeout | null } = { target, timer: null };
      entry.timer = setTimeout(
        () => {
          pending = null;
          void run(entry.target);
        },
        Math.max(delayMs, 10 * lastDurationMs),
      );
      entry.timer.unref?.();
      pending = entry;
    },
    async flush() {
      if (pending) {
        const { target, timer } = pending;
        if (timer) clearTimeout(timer);
        pending = null;
        await run(target);
      }
      await running;
    },
  };
}
