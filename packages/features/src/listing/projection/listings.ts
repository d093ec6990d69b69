/**
 * The listings read model: pure functions from (current document, event) to the next document,
 * and the catalogue's job that applies a listing's events. Stock is kept as per-order holds (the
 * domain's `holdAfter`) so that reserving, releasing and selling are idempotent and do not depend
 * on the order in which a redelivery brings them.
 */
import {
  categoryById,
  colorName,
  conditionName,
  sizeName,
  type EnvelopeOf,
  type EventData,
} from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import {
  LISTING_EVENTS,
  availableUnits,
  holdAfter,
  referenceNames as names,
  type StockEvent,
} from '../domain.ts';
import {
  brandsOf,
  hiddenReasonsOf,
  type HiddenReason,
  type ListingDoc,
  type SellerHiddenReason,
} from './documents.ts';
import type { ListingWrites } from './writes.ts';

export { LISTING_EVENTS, availableUnits } from '../domain.ts';

export type ListingEnvelope = EnvelopeOf<(typeof LISTING_EVENTS)[number]>;
/** The name the projectors have always given a delivered listing event. */
export type { ListingEnvelope as ListingEvent };

/** What the projection needs to know beyond the event: looked up by the job. */
export interface ListingLookups {
  /** Name of the listing's brand (after the event), '' when the brand is not known yet. */
  brandName: string;
  /** The seller's rating as the catalogue knows it, for a listing being created. */
  sellerRating?: { sum: number; count: number };
  /** The seller's badges now, for a listing being created. */
  sellerBadges?: readonly string[];
  /** What hides the seller's listings now, for a listing being created (none: shown). */
  sellerHidden?: readonly SellerHiddenReason[];
}

type ListingFields = Partial<EventData<'ListingUpdated'>['changes']>;

function applyFields(doc: ListingDoc, fields: ListingFields, lookups: ListingLookups): ListingDoc {
  const next: ListingDoc = { ...doc };
  if (fields.title !== undefined) next.title = fields.title;
  if (fields.description !== undefined) next.description = fields.description;
  if (fields.priceCents !== undefined) next.price_cents = fields.priceCents;
  if (fields.originalPriceCents !== undefined)
    next.original_price_cents = fields.originalPriceCents;
  if (fields.image !== undefined) next.image = fields.image;
  if (fields.gallery !== undefined) next.gallery = [...fields.gallery];
  if (fields.photos !== undefined) next.photos = [...fields.photos];
  if (fields.stock !== undefined) {
    next.stocked = fields.stock;
    next.stock = availableUnits(fields.stock, next.holds);
  }
  if (fields.brandId !== undefined) next.brand_id = fields.brandId;
  if (fields.categoryId !== undefined) {
    next.category_id = fields.categoryId;
    next.category_name = categoryById(fields.categoryId)?.name ?? '';
  }
  if (fields.conditionIds !== undefined) {
    next.condition_ids = [...fields.conditionIds];
    next.conditions = names(fields.conditionIds, conditionName);
  }
  if (fields.sizeIds !== undefined) {
    next.size_ids = [...fields.sizeIds];
    next.sizes = names(fields.sizeIds, sizeName);
  }
  if (fields.colorIds !== undefined) {
    next.color_ids = [...fields.colorIds];
    next.colors = names(fields.colorIds, colorName);
  }
  next.brand_name = lookups.brandName;
  return next;
}

/** `doc` after a stock event: its order's hold folded by the domain, the units recounted. */
function withHold(doc: ListingDoc, event: EnvelopeOf<StockEvent['type']>): ListingDoc {
  const { orderId } = event.data;
  const current = doc.holds.find((h) => h.orderId === orderId);
  const holds = [...doc.holds.filter((h) => h.orderId !== orderId), holdAfter(current, event)];
  return { ...doc, holds, stock: availableUnits(doc.stocked, holds) };
}

/** A listing that existed only through stock events (they can arrive before ListingCreated on a bus). */
function placeholder(listingId: string): ListingDoc {
  return {
    _id: listingId,
    title: '',
    description: '',
    price_cents: 0,
    original_price_cents: null,
    image: '',
    gallery: [],
    photos: [],
    brand_id: '',
    brand_name: '',
    category_id: 0,
    category_name: '',
    condition_ids: [],
    conditions: [],
    size_ids: [],
    sizes: [],
    color_ids: [],
    colors: [],
    stock: 0,
    num_likes: 0,
    created_at: '',
    seller_id: '',
    seller_name: '',
    seller_photo: null,
    seller_rating_sum: 0,
    seller_rating_count: 0,
    seller_badges: [],
    stocked: 0,
    holds: [],
    deleted: false,
    hidden_by: [],
  };
}

export function projectListing(
  current: ListingDoc | null,
  event: ListingEnvelope,
  lookups: ListingLookups,
): ListingDoc | null {
  switch (event.type) {
    case 'ListingCreated': {
      const d = event.data;
      const base = current ?? placeholder(d.listingId);
      const doc = applyFields(
        {
          ...base,
          stocked: d.stock,
          created_at: d.createdAt,
          seller_id: d.sellerId,
          seller_name: d.sellerName,
          seller_photo: d.sellerPhoto,
          seller_rating_sum: lookups.sellerRating?.sum ?? base.seller_rating_sum,
          seller_rating_count: lookups.sellerRating?.count ?? base.seller_rating_count,
          seller_badges: [...(lookups.sellerBadges ?? base.seller_badges ?? [])],
          hidden_by: [
            ...hiddenReasonsOf(base).filter((reason) => reason === 'removed'),
            ...(lookups.sellerHidden ?? []),
          ],
        },
        d,
        lookups,
      );
      return { ...doc, stock: availableUnits(doc.stocked, doc.holds) };
    }
    case 'ListingUpdated':
      if (!current) return null;
      return applyFields(current, event.data.changes, lookups);
    case 'ListingDeleted':
      if (!current) return null;
      return { ...current, deleted: true };
    case 'StockReserved':
    case 'StockReleased':
    case 'StockSold':
    case 'StockReturned':
      return withHold(current ?? placeholder(event.data.listingId), event);
  }
}

/**
 * Pure: `doc` with `reason` hiding it (`hidden`) or not; the same document when nothing changes.
 * The causes keep a fixed order, so a rebuild writes the same document as the live run.
 */
export function withHiddenReason(
  doc: ListingDoc,
  reason: HiddenReason,
  hidden: boolean,
): ListingDoc {
  const current = hiddenReasonsOf(doc);
  if (current.includes(reason) === hidden) return doc;
  const next = hidden ? [...current, reason] : current.filter((r) => r !== reason);
  const hidden_by = HIDDEN_ORDER.filter((r) => next.includes(r));
  return { ...doc, hidden_by };
}
const HIDDEN_ORDER: readonly HiddenReason[] = ['removed', 'suspended', 'holiday'];

/** Pure: `doc` with its seller's rating; the same document when it already has it. */
export function withSellerRating(doc: ListingDoc, sum: number, count: number): ListingDoc {
  if (doc.seller_rating_sum === sum && doc.seller_rating_count === count) return doc;
  return { ...doc, seller_rating_sum: sum, seller_rating_count: count };
}

async function brandNameOf(target: ReadSide, brandId: string): Promise<string> {
  if (!brandId) return '';
  const brand = await brandsOf(target).findOne({ _id: brandId }, { readonly: true });
  return brand?.name ?? '';
}

/** The catalogue's listings job: a listing's event onto its document, with its brand's name. */
export async function listingsJob(event: ListingEnvelope, writes: ListingWrites): Promise<void> {
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
  const sellerHidden =
    event.type === 'ListingCreated'
      ? (await writes.sellerVisibility(event.data.sellerId))?.hidden_by
      : undefined;
  const badges =
    event.type === 'ListingCreated'
      ? (await writes.sellerBadges(event.data.sellerId))?.badges
      : undefined;
  const next = projectListing(current, event, {
    brandName,
    sellerBadges: badges,
    sellerRating: rating ? { sum: rating.rating_sum, count: rating.rating_count } : undefined,
    sellerHidden,
  });
  if (!next) return;
  // Likes may have arrived first: the count comes from the like documents.
  await writes.put([await writes.withLikeCount(next)]);
}
