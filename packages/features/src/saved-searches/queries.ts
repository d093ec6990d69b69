/** Saved searches' query face (docs/product.md §14): a user's own, with their new matches. */
import { toDollars, type SavedSearchView } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { SavedSearchDoc } from './projection.ts';

/** A user's saved searches, newest first. */
export const savedSearchesOf = (side: ReadSide, userId: string) =>
  side
    .collection<SavedSearchDoc>(READ_MODELS.savedSearches)
    .find({ user_id: userId }, { sort: { saved_at: -1 }, readonly: true });

/** Pure: a saved search as its owner reads it. */
export function savedSearchView(doc: SavedSearchDoc): SavedSearchView {
  const { minPriceCents, maxPriceCents, ...names } = doc.query;
  return {
    id: doc._id,
    name: doc.name,
    query: {
      ...names,
      minPrice: minPriceCents === null ? null : toDollars(minPriceCents),
      maxPrice: maxPriceCents === null ? null : toDollars(maxPriceCents),
    },
    savedAt: doc.saved_at,
    lastOpenedAt: doc.last_opened_at,
    newMatches: doc.new_listing_ids.length,
  };
}
