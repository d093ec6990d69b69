/**
 * The catalogue projector: the listing module's jobs (listings, brands, likes, the sellers'
 * ratings and badges onto listings, the holidays hiding a seller's listings, the search index; packages/features/src/listing/projection.ts) composed
 * over one write cache per target, and the algorithmic collections recomputed from the listings
 * they write.
 *
 * Within a batch the runtime announces (beginBatch … afterBatch), listings are kept in memory:
 * a listing created, repriced and liked in one batch is read once and written once, to the
 * collection and to the search index. Outside a batch every event writes through.
 */
import type { EnvelopeOf, EventEnvelope } from '@rewear/contracts';
import { loggerFor, type Projector, type ReadSide, type IndexSpec } from '@rewear/platform';
import { READ_MODELS, SEARCH_INDEXES } from '@rewear/features/shared/read-models';
import {
  CATALOGUE_EVENTS,
  HOLIDAY_VISIBILITY_EVENTS,
  LIKE_EVENTS,
  LISTING_EVENTS,
  ListingWrites,
  MODERATION_VISIBILITY_EVENTS,
  PRODUCT_SEARCH_SETTINGS,
  SELLER_BADGE_EVENTS,
  brandsJob,
  likesJob,
  listingRemovedJob,
  listingsJob,
  sellerBadgesJob,
  sellerBadgesRatingJob,
  sellerHiddenJob,
  sellerErasedJob,
  sellerRatingsJob,
  type BrandEnvelope,
  type LikeEnvelope,
  type ListingEnvelope,
  type SellerBadgeEvent,
} from '@rewear/features/listing/projection';
import { SELLER_RATING_EVENTS, type SellerRatingEvent } from '@rewear/features/review/projection';
import { recomputeCollections } from './collections.ts';

type ModerationEnvelope = EnvelopeOf<(typeof MODERATION_VISIBILITY_EVENTS)[number]>;

/**
 * A moderator's decision onto the listings (the shared visibility jobs): a listing removed, or
 * reinstated when its removal is reversed on appeal; a seller's listings hidden while they are
 * suspended or banned ('suspended'), shown again when the sanction is lifted. False: the event
 * changes no listing.
 */
async function moderationJob(event: ModerationEnvelope, writes: ListingWrites): Promise<boolean> {
  switch (event.type) {
    case 'ModerationDecided':
      if (event.data.action !== 'remove_listing') return false;
      await listingRemovedJob(event.data.target.id, true, writes);
      return true;
    case 'AppealDecided':
      if (event.data.action !== 'remove_listing' || event.data.outcome !== 'reversed') return false;
      await listingRemovedJob(event.data.target.id, false, writes);
      return true;
    case 'MemberSuspended':
    case 'MemberBanned':
      await sellerHiddenJob(event.data.uid, 'suspended', true, writes);
      return true;
    case 'SanctionLifted':
      await sellerHiddenJob(event.data.uid, 'suspended', false, writes);
      return true;
  }
}

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
      [READ_MODELS.sellerVisibility]: [],
      [READ_MODELS.sellerBadges]: [{ keys: { 'shipments.id': 1 } }],
    },
    searchIndexes: { [SEARCH_INDEXES.products]: PRODUCT_SEARCH_SETTINGS },
    handles: CATALOGUE_EVENTS,
    async apply(event: EventEnvelope, target: ReadSide) {
      const batch = batches.get(target);
      const writes = batch ?? new ListingWrites(target, false);
      if ((LISTING_EVENTS as readonly string[]).includes(event.type))
        await listingsJob(event as ListingEnvelope, writes);
      else if (event.type === 'BrandCreated') await brandsJob(event as BrandEnvelope, writes);
      else if (event.type === 'AccountDeleted')
        await sellerErasedJob((event.data as { userId: string }).userId, writes);
      else if ((LIKE_EVENTS as readonly string[]).includes(event.type))
        await likesJob(event as LikeEnvelope, writes);
      else if ((SELLER_RATING_EVENTS as readonly string[]).includes(event.type)) {
        // Ratings change no score of the collections: nothing to recompute.
        await sellerRatingsJob(event as SellerRatingEvent, writes);
        // The rating is a figure of the badges: the subject's badges again.
        await sellerBadgesRatingJob((event as SellerRatingEvent).data.subjectId, writes);
        return;
      } else if ((SELLER_BADGE_EVENTS as readonly string[]).includes(event.type)) {
        await sellerBadgesJob(event as SellerBadgeEvent, writes);
        return;
      } else if ((HOLIDAY_VISIBILITY_EVENTS as readonly string[]).includes(event.type)) {
        // The seller's listings leave the catalogue (and its collections) or come back.
        const { uid } = (event as EnvelopeOf<'HolidayModeStarted' | 'HolidayModeEnded'>).data;
        await sellerHiddenJob(uid, 'holiday', event.type === 'HolidayModeStarted', writes);
      } else if ((MODERATION_VISIBILITY_EVENTS as readonly string[]).includes(event.type)) {
        if (!(await moderationJob(event as ModerationEnvelope, writes))) return;
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
