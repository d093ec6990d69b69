/**
 * A listing's domain (the product's word on screens; the wire says "product": `/api/products`,
 * `product_id`): its state and the pure rules both sides fold. The decider folds a listing's
 * stream into its state to decide; the projection keeps the listings read model from the same
 * events. Stock is what both count: available = stocked − sold − held, a hold keyed by order so
 * that a repeated or reordered event counts once. A brand (created with a listing) and the likes
 * of a listing belong here too. Pure.
 */
import {
  categoryById,
  colorName,
  conditionName,
  sellerRatingFrom,
  sizeName,
  toDollars,
  type EventData,
  type EventOf,
  type Product,
} from '@rewear/contracts';

/** The events of a listing's stream. */
export const LISTING_EVENTS = [
  'ListingCreated',
  'ListingUpdated',
  'ListingDeleted',
  'StockReserved',
  'StockReleased',
  'StockSold',
  'StockReturned',
] as const;

export type ListingEvent = EventOf<(typeof LISTING_EVENTS)[number]>;

export type ListingFields = Omit<EventData<'ListingCreated'>, 'listingId' | 'createdAt'>;

export interface Reservation {
  quantity: number;
  expiresAt: string;
}

/**
 * A listing as its own stream knows it. available = stocked − sold − active reservations; a
 * reservation is active until its expiresAt, so an unpaid order stops holding stock at that
 * moment even if nothing has released it yet (Medusa-style reservations).
 */
export interface ListingState {
  exists: boolean;
  deleted: boolean;
  listingId: string;
  createdAt: string;
  fields: ListingFields | null;
  sold: number;
  /** Unreleased, unsold reservations by order id. */
  reservations: Record<string, Reservation>;
  /** Orders whose reservation was sold, so a repeated sale is a no-op. */
  soldOrders: Record<string, number>;
  /** Sold orders whose units came back (cancelled before shipping), so a return happens once. */
  returnedOrders: Record<string, number>;
}

export const initialListingState = (): ListingState => ({
  exists: false,
  deleted: false,
  listingId: '',
  createdAt: '',
  fields: null,
  sold: 0,
  reservations: {},
  soldOrders: {},
  returnedOrders: {},
});

/** Units a buyer can order at `now`. Never below zero. */
export function availableStock(state: ListingState, now: Date, exceptOrderId?: string): number {
  if (!state.exists || state.deleted || !state.fields) return 0;
  const held = Object.entries(state.reservations)
    .filter(([orderId, r]) => orderId !== exceptOrderId && Date.parse(r.expiresAt) > now.getTime())
    .reduce((sum, [, r]) => sum + r.quantity, 0);
  return Math.max(0, state.fields.stock - state.sold - held);
}

const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _removed, ...rest } = record;
  return rest;
};

export function evolveListing(state: ListingState, event: ListingEvent): ListingState {
  switch (event.type) {
    case 'ListingCreated': {
      const { listingId, createdAt, ...fields } = event.data;
      return { ...state, exists: true, listingId, createdAt, fields };
    }
    case 'ListingUpdated':
      return state.fields
        ? { ...state, fields: { ...state.fields, ...event.data.changes } }
        : state;
    case 'ListingDeleted':
      return { ...state, deleted: true };
    case 'StockReserved':
      return {
        ...state,
        reservations: {
          ...state.reservations,
          [event.data.orderId]: { quantity: event.data.quantity, expiresAt: event.data.expiresAt },
        },
      };
    case 'StockReleased':
      return { ...state, reservations: without(state.reservations, event.data.orderId) };
    case 'StockSold':
      return {
        ...state,
        sold: state.sold + event.data.quantity,
        reservations: without(state.reservations, event.data.orderId),
        soldOrders: { ...state.soldOrders, [event.data.orderId]: event.data.quantity },
      };
    case 'StockReturned':
      return {
        ...state,
        sold: state.sold - event.data.quantity,
        returnedOrders: { ...state.returnedOrders, [event.data.orderId]: event.data.quantity },
      };
    default:
      return state;
  }
}

/** Stock one order holds on a listing. Keyed by order, so a redelivery cannot count twice. */
export interface StockHold {
  orderId: string;
  quantity: number;
  state: 'held' | 'released' | 'sold';
}

/** Available units: stocked minus sold minus held. Released holds give their units back. */
export function availableUnits(stocked: number, holds: StockHold[]): number {
  const taken = holds.filter((h) => h.state !== 'released').reduce((sum, h) => sum + h.quantity, 0);
  return Math.max(0, stocked - taken);
}

export type StockEvent = EventOf<'StockReserved' | 'StockReleased' | 'StockSold' | 'StockReturned'>;

/**
 * An order's hold after a stock event, whatever order a bus delivers them in: a release or a sale
 * already seen wins over a late reservation, a sale over a late release; a return (a cancelled
 * shipment) frees the units for sale again.
 */
export function holdAfter(hold: StockHold | undefined, event: StockEvent): StockHold {
  const { orderId, quantity } = event.data;
  switch (event.type) {
    case 'StockReserved':
      return hold && hold.state !== 'held' ? hold : { orderId, quantity, state: 'held' };
    case 'StockReleased':
      return hold?.state === 'sold'
        ? hold
        : { orderId, quantity: hold?.quantity ?? quantity, state: 'released' };
    case 'StockSold':
      return { orderId, quantity, state: 'sold' };
    case 'StockReturned':
      return { orderId, quantity: hold?.quantity ?? quantity, state: 'released' };
  }
}

/** A listing's product fields as every view of it reads them, in cents. */
export interface ProductRecord {
  title: string;
  description: string;
  price_cents: number;
  original_price_cents: number | null;
  image: string;
  gallery: string[];
  /** Uploaded photo ids, the cover first; absent on records from before photos. */
  photos?: string[];
  brand_id: string;
  /** '' until the brand's BrandCreated event has been seen. */
  brand_name: string;
  category_id: number;
  category_name: string;
  condition_ids: number[];
  conditions: string[];
  size_ids: number[];
  sizes: string[];
  color_ids: number[];
  colors: string[];
  /** Units a buyer can order now: stocked − sold − held by unpaid orders. */
  stock: number;
  num_likes: number;
  created_at: string;
  seller_id: string;
  seller_name: string;
  seller_photo: string | null;
  /**
   * The seller's received reviews, kept on each of their listings so that a card shows the
   * rating without another read (docs/product.md §12): the sum of the stars and their number.
   */
  seller_rating_sum: number;
  seller_rating_count: number;
  /** The seller's badges (docs/product.md §14.5), carried like the rating; absent before. */
  seller_badges?: string[];
}

/** The names of reference ids, unknown ones left out. */
export const referenceNames = (ids: number[], nameOf: (id: number) => string | undefined) =>
  ids.map(nameOf).filter((n): n is string => typeof n === 'string');

/**
 * The product as the API shows it (dollars), from a record: the one view of a listing, for a
 * read and for a command's answer alike. `conditionName` is what a listing without a known
 * condition is called.
 */
export function toProduct(id: string, r: ProductRecord, conditionName = ''): Product {
  return {
    product_id: id,
    id,
    title: r.title,
    description: r.description,
    price: toDollars(r.price_cents),
    original_price: r.original_price_cents === null ? null : toDollars(r.original_price_cents),
    image: r.image,
    gallery: r.gallery,
    photos: r.photos ?? [],
    brand_id: r.brand_id,
    brand_name: r.brand_name,
    category_id: r.category_id,
    category_name: r.category_name,
    condition_name: r.conditions[0] ?? conditionName,
    conditions: r.conditions,
    condition_ids: r.condition_ids,
    sizes: r.sizes,
    size_ids: r.size_ids,
    colors: r.colors,
    color_ids: r.color_ids,
    stock: r.stock,
    num_likes: r.num_likes,
    created_at: r.created_at,
    seller_id: r.seller_id,
    seller_name: r.seller_name,
    seller_photo: r.seller_photo,
    sellerRating: sellerRatingFrom(r.seller_rating_sum, r.seller_rating_count),
    sellerBadges: r.seller_badges ?? [],
  };
}

/**
 * The product a command answers with, from the listing's own stream (created or updated): its
 * stock available at `now`; the stream knows no likes, rating or badges, so the answer counts no
 * like and carries no rating or badge (the reads do).
 */
export function listingAnswer(state: ListingState, brandName: string, now: Date): Product {
  const f = state.fields!;
  const {
    sellerRating: _none,
    sellerBadges: _unknown,
    ...product
  } = toProduct(
    state.listingId,
    {
      title: f.title,
      description: f.description,
      price_cents: f.priceCents,
      original_price_cents: f.originalPriceCents,
      image: f.image,
      gallery: f.gallery,
      photos: f.photos ?? [],
      brand_id: f.brandId,
      brand_name: brandName,
      category_id: f.categoryId,
      category_name: categoryById(f.categoryId)?.name ?? 'Uncategorized',
      condition_ids: f.conditionIds,
      conditions: referenceNames(f.conditionIds, conditionName),
      size_ids: f.sizeIds,
      sizes: referenceNames(f.sizeIds, sizeName),
      color_ids: f.colorIds,
      colors: referenceNames(f.colorIds, colorName),
      stock: availableStock(state, now),
      num_likes: 0,
      created_at: state.createdAt,
      seller_id: f.sellerId,
      seller_name: f.sellerName,
      seller_photo: f.sellerPhoto,
      seller_rating_sum: 0,
      seller_rating_count: 0,
    },
    'Good condition',
  );
  return product;
}

/** The events of a brand's stream: a brand is created once (with a listing, or by the seed). */
export const BRAND_EVENTS = ['BrandCreated'] as const;

export type BrandEvent = EventOf<(typeof BRAND_EVENTS)[number]>;

export interface BrandState {
  exists: boolean;
  brandId: string;
  name: string;
  image: string | null;
}

export const initialBrand = (): BrandState => ({
  exists: false,
  brandId: '',
  name: '',
  image: null,
});

export const evolveBrand = (state: BrandState, event: BrandEvent): BrandState =>
  event.type === 'BrandCreated'
    ? { exists: true, brandId: event.data.brandId, name: event.data.name, image: event.data.image }
    : state;

/** What two spellings of one brand have in common: case and spacing do not make another brand. */
export const normaliseBrandName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The events that make a user like a listing or stop: a user counts once whether the product
 * is on their wishlist, liked, or both.
 */
export const LIKE_EVENTS = [
  'WishlistItemAdded',
  'WishlistItemRemoved',
  'WishlistCleared',
  'ListingLiked',
] as const;

export type LikeEvent = EventOf<(typeof LIKE_EVENTS)[number]>;

export const likeId = (productId: string, userId: string) => `${productId}|${userId}`;

/** The (product, user) pairs an event touches. */
export function likeKeys(event: LikeEvent): Array<{ productId: string; userId: string }> {
  switch (event.type) {
    case 'WishlistItemAdded':
    case 'WishlistItemRemoved':
      return [{ productId: event.data.productId, userId: event.data.userId }];
    case 'WishlistCleared':
      return event.data.productIds.map((productId) => ({ productId, userId: event.data.userId }));
    case 'ListingLiked':
      return [{ productId: event.data.listingId, userId: event.data.userId }];
  }
}
