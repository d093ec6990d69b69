/** Typed access to the read models and the search index through the live ReadSide. */
import type { ReadSide, SearchFilter } from '@rewear/platform';
import {
  READ_MODELS,
  SEARCH_INDEXES,
  type ListingDoc,
  type ProductSearchDoc,
} from '@rewear/features/shared/read-models';

export const listingsOf = (side: ReadSide) => side.collection<ListingDoc>(READ_MODELS.listings);
export const productIndexOf = (side: ReadSide) =>
  side.searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products);

/** Listings by id in one query, as a map (no N+1 for carts, wishlists and collections). */
export async function listingsById(
  side: ReadSide,
  ids: string[],
): Promise<Map<string, ListingDoc>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const docs = await listingsOf(side).find({ _id: { $in: unique } });
  return new Map(docs.map((d) => [d._id, d]));
}

/** Category and brand narrowing of the search index. */
export function scopeFilter(scope: {
  category?: string | undefined;
  brand?: string | undefined;
}): SearchFilter {
  const filter: SearchFilter = {};
  if (scope.category) filter.category_name = scope.category;
  if (scope.brand) filter.brand_name = scope.brand;
  return filter;
}
