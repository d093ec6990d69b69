/**
 * The listing module's read models: one document per listing (`listings`), per brand (`brands`)
 * and per user's like of a listing (`listing_likes`), and one search document per listed
 * listing (`products`). Money in integer cents; dollars appear only in the product view.
 */
import type { Doc, ReadSide } from '@rewear/platform';
import { READ_MODELS, SEARCH_INDEXES } from '@rewear/features/shared/read-models';
import type { ProductRecord, StockHold } from '../domain.ts';

export type { ProductRecord, StockHold } from '../domain.ts';

/**
 * Why a listing that exists is kept out of the catalogue, search, collections and alerts:
 * - `removed`: a moderator removed the listing (until an appeal reinstates it);
 * - `suspended`: its seller is suspended or banned (until the suspension ends or is lifted);
 * - `holiday`: its seller is away (holiday mode, until it ends).
 * Each cause is set and cleared on its own, so one ending does not show a listing another hides.
 */
export const HIDDEN_REASONS = ['removed', 'suspended', 'holiday'] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];
/** The causes that are the seller's, carried onto every listing of theirs. */
export type SellerHiddenReason = Exclude<HiddenReason, 'removed'>;

export interface ListingDoc extends ProductRecord, Doc {
  _id: string;
  /** Units the seller stocked (before sales and holds). */
  stocked: number;
  holds: StockHold[];
  deleted: boolean;
  /** What keeps the listing hidden now (none: shown); absent in documents written before. */
  hidden_by?: HiddenReason[];
}

/** The causes that hide a listing now (none for documents written before there were any). */
export const hiddenReasonsOf = (doc: ListingDoc): readonly HiddenReason[] => doc.hidden_by ?? [];

/**
 * A listing that answers for product detail: created, not deleted, not removed by a moderator and
 * its seller not suspended (sold out still answers; a seller on holiday too, saying so).
 */
export const isVisible = (doc: ListingDoc | null): doc is ListingDoc =>
  !!doc &&
  !doc.deleted &&
  doc.created_at !== '' &&
  !hiddenReasonsOf(doc).some((reason) => reason !== 'holiday');

/** A listing shows in the catalogue, search and facets only while it exists, has stock and nothing hides it. */
export function isListed(doc: ListingDoc | null): boolean {
  return (
    !!doc &&
    !doc.deleted &&
    doc.created_at !== '' &&
    doc.stock > 0 &&
    hiddenReasonsOf(doc).length === 0
  );
}

/**
 * What the catalogue keeps per seller whose listings are hidden (`seller_visibility`): a listing
 * the seller creates later is hidden for the same causes.
 */
export interface SellerVisibilityDoc extends Doc {
  _id: string;
  hidden_by: SellerHiddenReason[];
}

/** What the search index holds per listed product: the record plus sort and filter helpers. */
export interface ProductSearchDoc extends ProductRecord {
  id: string;
  in_stock: boolean;
  /** created_at as epoch milliseconds, for sorting. */
  created_ts: number;
  /** Lower-cased title so 'Best Match' (title A→Z) ignores case. */
  title_key: string;
  [key: string]: unknown;
}

export interface BrandDoc extends Doc {
  _id: string;
  name: string;
  image: string | null;
}

/** One user's like of one product: from the wishlist, from a like, or both. */
export interface LikeDoc extends Doc {
  _id: string;
  product_id: string;
  user_id: string;
  wishlist: boolean;
  liked: boolean;
}

export const listingsOf = (side: ReadSide) => side.collection<ListingDoc>(READ_MODELS.listings);
export const brandsOf = (side: ReadSide) => side.collection<BrandDoc>(READ_MODELS.brands);
export const likesOf = (side: ReadSide) => side.collection<LikeDoc>(READ_MODELS.listingLikes);
export const sellerVisibilityOf = (side: ReadSide) =>
  side.collection<SellerVisibilityDoc>(READ_MODELS.sellerVisibility);
export const productIndexOf = (side: ReadSide) =>
  side.searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products);
