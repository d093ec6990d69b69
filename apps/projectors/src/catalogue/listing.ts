/**
 * The listing projection: pure functions from (current document, event) to the next document.
 * Stock is kept as per-order holds so that reserving, releasing and selling are idempotent and
 * do not depend on the order in which a redelivery brings them.
 */
import {
  categoryById,
  colorName,
  conditionName,
  sizeName,
  type EnvelopeOf,
  type EventData,
} from '@rewear/contracts';
import type { ListingDoc, ProductSearchDoc, StockHold } from '@rewear/features/shared/read-models';

export type ListingEvent =
  | EnvelopeOf<'ListingCreated'>
  | EnvelopeOf<'ListingUpdated'>
  | EnvelopeOf<'ListingDeleted'>
  | EnvelopeOf<'StockReserved'>
  | EnvelopeOf<'StockReleased'>
  | EnvelopeOf<'StockSold'>
  | EnvelopeOf<'StockReturned'>;

export const LISTING_EVENTS = [
  'ListingCreated',
  'ListingUpdated',
  'ListingDeleted',
  'StockReserved',
  'StockReleased',
  'StockSold',
  'StockReturned',
] as const;

/** What the projection needs to know beyond the event: looked up by the wiring. */
export interface ListingLookups {
  /** Name of the listing's brand (after the event), '' when the brand is not known yet. */
  brandName: string;
  /** The seller's rating as the catalogue knows it, for a listing being created. */
  sellerRating?: { sum: number; count: number };
}

const names = (ids: number[], nameOf: (id: number) => string | undefined) =>
  ids.map(nameOf).filter((n): n is string => typeof n === 'string');

/** Available units: stocked minus sold minus held. Released holds give their units back. */
export function availableUnits(stocked: number, holds: StockHold[]): number {
  const taken = holds.filter((h) => h.state !== 'released').reduce((sum, h) => sum + h.quantity, 0);
  return Math.max(0, stocked - taken);
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

function withHold(
  doc: ListingDoc,
  orderId: string,
  update: (current: StockHold | undefined) => StockHold,
): ListingDoc {
  const current = doc.holds.find((h) => h.orderId === orderId);
  const holds = [...doc.holds.filter((h) => h.orderId !== orderId), update(current)];
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
    stocked: 0,
    holds: [],
    deleted: false,
  };
}

export function projectListing(
  current: ListingDoc | null,
  event: ListingEvent,
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
    case 'StockReserved': {
      const { orderId, quantity } = event.data;
      // A release or sale already seen for this order wins over a late reservation.
      return withHold(current ?? placeholder(event.data.listingId), orderId, (hold) =>
        hold && hold.state !== 'held' ? hold : { orderId, quantity, state: 'held' },
      );
    }
    case 'StockReleased': {
      const { orderId, quantity } = event.data;
      return withHold(current ?? placeholder(event.data.listingId), orderId, (hold) =>
        hold?.state === 'sold'
          ? hold
          : { orderId, quantity: hold?.quantity ?? quantity, state: 'released' },
      );
    }
    case 'StockSold': {
      const { orderId, quantity } = event.data;
      return withHold(current ?? placeholder(event.data.listingId), orderId, () => ({
        orderId,
        quantity,
        state: 'sold',
      }));
    }
    case 'StockReturned': {
      // A cancelled shipment's units are for sale again: the order's hold no longer counts.
      const { orderId, quantity } = event.data;
      return withHold(current ?? placeholder(event.data.listingId), orderId, (hold) => ({
        orderId,
        quantity: hold?.quantity ?? quantity,
        state: 'released',
      }));
    }
  }
}

/** Pure: `doc` with its seller's rating; the same document when it already has it. */
export function withSellerRating(doc: ListingDoc, sum: number, count: number): ListingDoc {
  if (doc.seller_rating_sum === sum && doc.seller_rating_count === count) return doc;
  return { ...doc, seller_rating_sum: sum, seller_rating_count: count };
}

/** A listing shows in the catalogue, search and facets only while it exists and has stock. */
export function isListed(doc: ListingDoc | null): boolean {
  return !!doc && !doc.deleted && doc.created_at !== '' && doc.stock > 0;
}

/** The search index document of a listed product. */
export function toSearchDoc(doc: ListingDoc): ProductSearchDoc {
  // Spelled out (not a rest spread): one object shape for every document, built fast.
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    price_cents: doc.price_cents,
    original_price_cents: doc.original_price_cents,
    image: doc.image,
    gallery: doc.gallery,
    photos: doc.photos ?? [],
    brand_id: doc.brand_id,
    brand_name: doc.brand_name,
    category_id: doc.category_id,
    category_name: doc.category_name,
    condition_ids: doc.condition_ids,
    conditions: doc.conditions,
    size_ids: doc.size_ids,
    sizes: doc.sizes,
    color_ids: doc.color_ids,
    colors: doc.colors,
    stock: doc.stock,
    num_likes: doc.num_likes,
    created_at: doc.created_at,
    seller_id: doc.seller_id,
    seller_name: doc.seller_name,
    seller_photo: doc.seller_photo,
    seller_rating_sum: doc.seller_rating_sum,
    seller_rating_count: doc.seller_rating_count,
    in_stock: doc.stock > 0,
    created_ts: Date.parse(doc.created_at) || 0,
    title_key: doc.title.toLowerCase(),
  };
}
