/**
 * The listing module's read models: one document per listing (`listings`), per brand (`brands`)
 * and per user's like of a listing (`listing_likes`), and one search document per listed
 * listing (`products`). Money in integer cents; dollars appear only in the product view.
 */
import type { Doc, ReadSide } from '@rewear/platform';
import { READ_MODELS, SEARCH_INDEXES } from '@rewear/features/shared/read-models';
import type { ProductRecord, StockHold } from '../domain.ts';

export type { ProductRecord, StockHold } from '../domain.ts';

export interface ListingDoc extends ProductRecord, Doc {
  _id: string;
  /** Units the seller stocked (before sales and holds). */
  stocked: number;
  holds: StockHold[];
  deleted: boolean;
}

/** A listing that exists for product detail: created and not deleted (sold out still answers). */
export const isVisible = (doc: ListingDoc | null): doc is ListingDoc =>
  !!doc && !doc.deleted && doc.created_at !== '';

/** A listing shows in the catalogue, search and facets only while it exists and has stock. */
export function isListed(doc: ListingDoc | null): boolean {
  return !!doc && !doc.deleted && doc.created_at !== '' && doc.stock > 0;
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
export const productIndexOf = (side: ReadSide) =>
  side.searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products);
