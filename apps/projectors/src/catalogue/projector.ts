/**
 * Wiring of the catalogue: listings, brands, likes, the `products` search index, and the
 * algorithmic collections computed from them. Each step loads the current document, calls the
 * pure projection and writes the result with put/delete, so a redelivery changes nothing.
 *
 * Within a batch the runtime announces (beginBatch … afterBatch), listings are kept in memory:
 * a listing created, repriced and liked in one batch is read once and written once, to the
 * collection and to the search index. Outside a batch every event writes through.
 */
import type { EventEnvelope, EnvelopeOf } from '@rewear/contracts';
import {
  loggerFor,
  type Projector,
  type ReadSide,
  type SearchSettings,
  type IndexSpec,
} from '@rewear/platform';
import {
  FEATURED_ID,
  READ_MODELS,
  SEARCH_INDEXES,
  type AlgorithmicCollectionDoc,
  type BrandDoc,
  type LikeDoc,
  type ListingDoc,
  type ProductSearchDoc,
} from '@rewear/features/shared/read-models';
import {
  LISTING_EVENTS,
  isListed,
  projectListing,
  toSearchDoc,
  type ListingEvent,
  withSellerRating,
} from './listing.ts';
// A seller's rating is the review feature's; the catalogue carries it onto their listings.
import {
  SELLER_RATING_EVENTS,
  emptySellerRating,
  projectSellerRating,
  type SellerRatingDoc,
  type SellerRatingEvent,
} from '@rewear/features/review/projection';
import { likeId, likeKeys, projectLike, type LikeEvent } from './likes.ts';
import { projectBrand } from './brand.ts';
import {
  COLLECTION_RULES,
  computeAllCollections,
  featuredCandidates,
  scoringInput,
  type ScoredProduct,
  type ScoringFields,
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

/** Everything the catalogue projects: listings, brands, likes and the sellers' ratings. */
export const CATALOGUE_EVENTS = [
  ...LISTING_EVENTS,
  'BrandCreated',
  ...LIKE_EVENTS,
  ...SELLER_RATING_EVENTS,
] as const;

export interface CatalogueProjectorOptions {
  /**
   * The algorithmic collections are recomputed at most once per this many milliseconds after
   * a change (trailing edge), and never more often than 10× the last recomputation took, so a
   * large catalogue spends at most about a tenth of a core on them. 0 recomputes inside `apply`.
   */
  collectionsDelayMs?: number;
  onError?: (err: unknown) => void;
}

export interface CatalogueProjector extends Projector<(typeof CATALOGUE_EVENTS)[number]> {
  /** Runs the pending recomputations of the algorithmic collections now. */
  flush(): Promise<void>;
  /** From now until afterBatch, listings of this target are written once each, at afterBatch. */
  beginBatch(target: ReadSide): void;
  /** Writes the batch's listings (collection and search index). */
  afterBatch(target: ReadSide): Promise<void>;
}

const listings = (t: ReadSide) => t.collection<ListingDoc>(READ_MODELS.listings);
const sellerRatings = (t: ReadSide) => t.collection<SellerRatingDoc>(READ_MODELS.sellerRatings);
const likes = (t: ReadSide) => t.collection<LikeDoc>(READ_MODELS.listingLikes);
const products = (t: ReadSide) => t.searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products);

/**
 * A listing's search document, frozen: it has one literal shape and its arrays are the listing's
 * (frozen by freezeParts), so an engine that copies what it stores keeps it as it is.
 */
const frozenSearchDoc = (doc: ListingDoc): ProductSearchDoc => Object.freeze(toSearchDoc(doc));

/**
 * Writes listings to the search index: listed ones upserted, the others removed. Parts frozen.
 * The two name different documents, so they go together: on Meilisearch both tasks are queued
 * before either is waited for, and one indexing batch usually takes both.
 */
async function syncSearch(target: ReadSide, docs: ListingDoc[]): Promise<void> {
  const listed = docs.filter((d) => isListed(d));
  const unlisted = docs.filter((d) => !isListed(d)).map((d) => d._id);
  await Promise.all([
    listed.length ? products(target).upsert(listed.map(frozenSearchDoc)) : null,
    unlisted.length ? products(target).remove(unlisted) : null,
  ]);
}

/**
 * Freezes the arrays and objects inside a listing the projection built (its own, never shared
 * with a caller): an engine that copies what it stores then keeps them as they are instead of
 * copying them, and the collection and the search index share them. The document itself stays
 * unfrozen, so the engine's copy of it gets the engine's own (shared) object shape.
 * Its parts by name (every other field is a primitive): a walk over every field of every
 * listing written cost a replay 4-5% of its time. A part left out here would only be copied.
 */
function freezeParts(doc: ListingDoc): ListingDoc {
  Object.freeze(doc.gallery);
  Object.freeze(doc.condition_ids);
  Object.freeze(doc.conditions);
  Object.freeze(doc.size_ids);
  Object.freeze(doc.sizes);
  Object.freeze(doc.color_ids);
  Object.freeze(doc.colors);
  if (!Object.isFrozen(doc.holds)) {
    for (const hold of doc.holds) Object.freeze(hold);
    Object.freeze(doc.holds);
  }
  return doc;
}

/**
 * Where the listing steps read and write listings: straight to the read side, or, during a
 * batch, to the batch's documents (written once each when the batch ends). Like counts too
 * are then counted once per listing when the batch ends, not once per like: a boot's catch-up
 * is one batch, and a seeded catalogue has more likes than listings.
 */
class ListingWrites {
  /** Listings read or written during the batch; null = known to be absent. */
  private readonly seen = new Map<string, ListingDoc | null>();
  private readonly changed = new Set<string>();
  /** Ids of the batch's changed listings by brand id. */
  private readonly byBrand = new Map<string, Set<string>>();
  /** Ids of the batch's changed listings by seller id. */
  private readonly bySeller = new Map<string, Set<string>>();
  /** Listings whose like count is due when the batch ends. */
  private readonly likesToCount = new Set<string>();
  /** The sellers' ratings read or written during the batch (written through at once). */
  private readonly ratings = new Map<string, SellerRatingDoc | null>();

  constructor(
    readonly target: ReadSide,
    private readonly batched: boolean,
  ) {}

  async get(id: string): Promise<ListingDoc | null> {
    if (this.batched) {
      const known = this.seen.get(id);
      if (known !== undefined) return known;
    }
    const doc = await listings(this.target).findOne({ _id: id }, { readonly: true });
    if (this.batched) this.seen.set(id, doc);
    return doc;
  }

  /** Listings of a brand whose brand name differs from `name`, the batch's versions first. */
  async staleForBrand(brandId: string, name: string): Promise<ListingDoc[]> {
    // read-only: a stale listing is replaced by a new document, never changed
    const stored = await listings(this.target).find(
      { brand_id: brandId, brand_name: { $ne: name } },
      { readonly: true },
    );
    const out = new Map<string, ListingDoc>();
    for (const doc of stored) {
      const pending = this.batched ? this.seen.get(doc._id) : undefined;
      if (pending === undefined) out.set(doc._id, doc);
    }
    for (const id of this.byBrand.get(brandId) ?? []) {
      const doc = this.seen.get(id);
      if (doc && doc.brand_id === brandId && doc.brand_name !== name) out.set(doc._id, doc);
    }
    return [...out.values()];
  }

  /** Listings of a seller whose rating differs from (sum, count), the batch's versions first. */
  async staleForSeller(sellerId: string, sum: number, count: number): Promise<ListingDoc[]> {
    const stored = await listings(this.target).find({ seller_id: sellerId }, { readonly: true });
    const out = new Map<string, ListingDoc>();
    const consider = (doc: ListingDoc | null | undefined) => {
      if (doc && doc.seller_id === sellerId && withSellerRating(doc, sum, count) !== doc)
        out.set(doc._id, doc);
    };
    for (const doc of stored) consider(this.batched ? (this.seen.get(doc._id) ?? doc) : doc);
    for (const id of this.bySeller.get(sellerId) ?? []) consider(this.seen.get(id));
    return [...out.values()];
  }

  async rating(sellerId: string): Promise<SellerRatingDoc | null> {
    if (this.batched && this.ratings.has(sellerId)) return this.ratings.get(sellerId)!;
    const doc = await sellerRatings(this.target).findOne({ _id: sellerId }, { readonly: true });
    if (this.batched) this.ratings.set(sellerId, doc);
    return doc;
  }

  async putRating(doc: SellerRatingDoc): Promise<void> {
    await sellerRatings(this.target).put(doc);
    if (this.batched) this.ratings.set(doc._id, doc);
  }

  async put(docs: ListingDoc[]): Promise<void> {
    docs.forEach(freezeParts);
    if (this.batched) {
      for (const doc of docs) {
        this.seen.set(doc._id, doc);
        this.changed.add(doc._id);
        // by brand, for a BrandCreated later in the batch (an id may stay after a brand change)
        let ids = this.byBrand.get(doc.brand_id);
        if (!ids) this.byBrand.set(doc.brand_id, (ids = new Set()));
        ids.add(doc._id);
        let ofSeller = this.bySeller.get(doc.seller_id);
        if (!ofSeller) this.bySeller.set(doc.seller_id, (ofSeller = new Set()));
        ofSeller.add(doc._id);
      }
      return;
    }
    for (const doc of docs) await listings(this.target).put(doc);
    await syncSearch(this.target, docs);
  }

  /** `doc` with its like count from the like documents; in a batch, counted when it ends. */
  async withLikeCount(doc: ListingDoc): Promise<ListingDoc> {
    if (this.batched) {
      this.likesToCount.add(doc._id);
      return doc;
    }
    doc.num_likes = await likes(this.target).count({ product_id: doc._id });
    return doc;
  }

  /** Recounts the likes of listing `id` (if it exists yet); in a batch, when it ends. */
  async recountLikes(id: string): Promise<void> {
    if (this.batched) {
      this.likesToCount.add(id);
      return;
    }
    await this.writeLikeCount(id);
  }

  private async writeLikeCount(id: string): Promise<void> {
    const listing = await this.get(id);
    if (!listing) return;
    const numLikes = await likes(this.target).count({ product_id: id });
    if (listing.num_likes !== numLikes) await this.put([{ ...listing, num_likes: numLikes }]);
  }

  /** Writes every listing the batch changed, once. */
  async commit(): Promise<void> {
    for (const id of this.likesToCount) await this.writeLikeCount(id);
    this.likesToCount.clear();
    const docs: ListingDoc[] = [];
    for (const id of this.changed) docs.push(freezeParts(this.seen.get(id)!));
    this.changed.clear();
    this.seen.clear();
    this.byBrand.clear();
    this.bySeller.clear();
    this.ratings.clear();
    const collection = listings(this.target);
    // The collection and the search index are written at the same time: on the distributed
    // engines a new listing is searchable a MongoDB write sooner. (Its document is still in
    // first in practice: Meilisearch takes 60 ms or more to index even one document.)
    await Promise.all([
      (async () => {
        for (const doc of docs) await collection.put(doc);
      })(),
      syncSearch(this.target, docs),
    ]);
  }
}

async function brandNameOf(target: ReadSide, brandId: string): Promise<string> {
  if (!brandId) return '';
  const brand = await target
    .collection<BrandDoc>(READ_MODELS.brands)
    .findOne({ _id: brandId }, { readonly: true });
  return brand?.name ?? '';
}

async function applyListingEvent(event: ListingEvent, writes: ListingWrites): Promise<void> {
  const target = writes.target;
  const id = event.data.listingId;
  const current = await writes.get(id);
  const brandId =
    event.type === 'ListingCreated'
      ? event.data.brandId
      : event.type === 'ListingUpdated' && event.data.changes.brandId !== undefined
        ? event.data.changes.brandId
        : (current?.brand_id ?? '');
  // The brand name carries over unless the brand changes (or was not known yet).
  const brandName =
    current && current.brand_id === brandId && current.brand_name !== ''
      ? current.brand_name
      : await brandNameOf(target, brandId);
  // A listing being created carries its seller's rating; later events keep what it has.
  const rating =
    event.type === 'ListingCreated' ? await writes.rating(event.data.sellerId) : undefined;
  const next = projectListing(current, event, {
    brandName,
    sellerRating: rating ? { sum: rating.rating_sum, count: rating.rating_count } : undefined,
  });
  if (!next) return;
  // Likes may have arrived first: the count comes from the like documents.
  await writes.put([await writes.withLikeCount(next)]);
}

async function applyBrandCreated(
  event: EnvelopeOf<'BrandCreated'>,
  writes: ListingWrites,
): Promise<void> {
  const brands = writes.target.collection<BrandDoc>(READ_MODELS.brands);
  const brand = projectBrand(
    await brands.findOne({ _id: event.data.brandId }, { readonly: true }),
    event,
  );
  await brands.put(brand);
  // Listings created before their brand was seen get its name now.
  const stale = await writes.staleForBrand(brand._id, brand.name);
  await writes.put(stale.map((doc) => ({ ...doc, brand_name: brand.name })));
}

/** A review changes its subject's rating, and with it every listing of theirs. */
async function applySellerRatingEvent(
  event: SellerRatingEvent,
  writes: ListingWrites,
): Promise<void> {
  const sellerId = event.data.subjectId;
  const current = (await writes.rating(sellerId)) ?? emptySellerRating(sellerId);
  const next = projectSellerRating(current, event);
  if (next === current) return;
  await writes.putRating(next);
  const stale = await writes.staleForSeller(sellerId, next.rating_sum, next.rating_count);
  await writes.put(stale.map((doc) => withSellerRating(doc, next.rating_sum, next.rating_count)));
}

async function applyLikeEvent(event: LikeEvent, writes: ListingWrites): Promise<void> {
  const collection = likes(writes.target);
  for (const { productId, userId } of likeKeys(event)) {
    const id = likeId(productId, userId);
    const next = projectLike(
      await collection.findOne({ _id: id }, { readonly: true }),
      event,
      productId,
      userId,
    );
    if (next) await collection.put(next);
    else await collection.delete(id);
    await writes.recountLikes(productId);
  }
}

const toScored = (doc: Pick<ListingDoc, '_id'> & ScoringFields): ScoredProduct =>
  scoringInput(doc._id, doc);

/** The listing fields the scoring reads (a catalogue's worth of documents is read per run). */
const SCORING_PROJECTION = Object.fromEntries(
  [
    'title',
    'description',
    'price_cents',
    'original_price_cents',
    'image',
    'gallery',
    'brand_id',
    'brand_name',
    'category_name',
    'conditions',
    'colors',
    'num_likes',
    'created_at',
  ].map((field) => [field, 1 as const]),
);

/**
 * Recomputes the seven algorithmic collections and the Product of the Day's candidates from the
 * listed products.
 */
export async function recomputeCollections(target: ReadSide, now: Date): Promise<void> {
  const listed = (
    await listings(target).find(
      { deleted: false, stock: { $gt: 0 }, created_at: { $ne: '' } },
      { projection: SCORING_PROJECTION, readonly: true },
    )
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
  // The candidates with their scores without the random part: the day's pick is drawn when it
  // is read, from the server's calendar day (rankOfTheDay).
  await store.put({
    _id: FEATURED_ID,
    title: 'Product of the Day',
    description: 'Our pick of the day',
    criteria:
      'Image, favoured brand and category, likes, price band, recency, and a daily random part',
    products: listed.length ? featuredCandidates(listed, now) : [],
    updated,
  });
}

export function createCatalogueProjector(
  options: CatalogueProjectorOptions = {},
): CatalogueProjector {
  const delayMs = options.collectionsDelayMs ?? 2000;
  const onError =
    options.onError ??
    ((err) =>
      loggerFor('catalogue').error({ err }, '[catalogue] collections recomputation failed'));
  let newest = 0;
  /**
   * One pending recomputation per target: during a rebuild the live generation and the one being
   * built both change, and each must get its own recomputation.
   */
  const pending = new Map<ReadSide, NodeJS.Timeout>();
  const batches = new Map<ReadSide, ListingWrites>();
  let running: Promise<void> = Promise.resolve();

  let lastDurationMs = 0;
  const run = (target: ReadSide) => {
    running = running
      .then(async () => {
        const started = performance.now();
        await recomputeCollections(target, new Date(newest));
        lastDurationMs = performance.now() - started;
      })
      .catch(onError);
    return running;
  };
  const schedule = (target: ReadSide) => {
    if (pending.has(target)) return;
    const timer = setTimeout(
      () => {
        pending.delete(target);
        // Listings of an open batch are not written yet (a boot's catch-up keeps one open across
        // many deliveries): recomputed once it is closed.
        if (batches.has(target)) schedule(target);
        else void run(target);
      },
      Math.max(delayMs, 10 * lastDurationMs),
    );
    timer.unref?.();
    pending.set(target, timer);
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
      [READ_MODELS.sellerRatings]: [],
    },
    searchIndexes: { [SEARCH_INDEXES.products]: PRODUCT_SEARCH_SETTINGS },
    handles: CATALOGUE_EVENTS,
    async apply(event: EventEnvelope, target: ReadSide) {
      const batch = batches.get(target);
      const writes = batch ?? new ListingWrites(target, false);
      if ((LISTING_EVENTS as readonly string[]).includes(event.type))
        await applyListingEvent(event as ListingEvent, writes);
      else if (event.type === 'BrandCreated')
        await applyBrandCreated(event as EnvelopeOf<'BrandCreated'>, writes);
      else if ((LIKE_EVENTS as readonly string[]).includes(event.type))
        await applyLikeEvent(event as LikeEvent, writes);
      else if ((SELLER_RATING_EVENTS as readonly string[]).includes(event.type)) {
        // Ratings change no score of the collections: nothing to recompute.
        await applySellerRatingEvent(event as SellerRatingEvent, writes);
        return;
      } else return;
      newest = Math.max(newest, Date.parse(event.occurredAt) || 0);
      if (delayMs === 0) {
        // Recomputed from the written listings: at the end of the batch when there is one.
        if (!batch) await run(target);
        return;
      }
      schedule(target);
    },
    beginBatch(target: ReadSide) {
      if (!batches.has(target)) batches.set(target, new ListingWrites(target, true));
    },
    async afterBatch(target: ReadSide) {
      const batch = batches.get(target);
      if (!batch) return;
      // Open until its writes are in: a recomputation due meanwhile waits (it would read some
      // of them, and, the timer spent, none would follow).
      try {
        await batch.commit();
      } finally {
        batches.delete(target);
      }
      if (delayMs === 0) await run(target);
    },
    async flush() {
      const targets = [...pending.entries()];
      pending.clear();
      for (const [target, timer] of targets) {
        clearTimeout(timer);
        void run(target);
      }
      await running;
    },
  };
}
