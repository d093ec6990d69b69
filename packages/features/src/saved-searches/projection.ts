/**
 * Saved searches' read face (docs/product.md §14): the document shapes of a user's saved
 * searches and of the brands' names matching reads, and the pure steps of a search's document.
 * The notifier that keeps them is the inbox's (apps/projectors, notifications/saved-searches.ts):
 * it matches each new listing against them and alerts their owners.
 */
import {
  SAVED_SEARCH_NEW_MATCHES_KEPT,
  type EventData,
  type SavedSearchQuery,
} from '@rewear/contracts';
import type { Doc } from '@rewear/platform';

/**
 * One saved search, kept by the inbox's saved-search notifier. `index_key` is its most selective
 * required term: a new listing is matched only against the searches whose key is one of the
 * listing's terms (an inverted index the collection's index serves).
 */
export interface SavedSearchDoc extends Doc {
  _id: string;
  user_id: string;
  name: string;
  query: SavedSearchQuery;
  saved_at: string;
  last_opened_at: string | null;
  /** Listings that matched since it was last opened, by id (capped). */
  new_listing_ids: string[];
  index_key: string;
}

/** A brand's name, for matching a new listing (which names its brand by id) against searches. */
export interface SavedSearchBrandDoc extends Doc {
  _id: string;
  name: string;
}

/** Pure: a search as it is saved, filed under `indexKey`, with no match yet. */
export function savedSearchDoc(data: EventData<'SearchSaved'>, indexKey: string): SavedSearchDoc {
  return {
    _id: data.searchId,
    user_id: data.userId,
    name: data.name,
    query: data.query,
    saved_at: data.savedAt,
    last_opened_at: null,
    new_listing_ids: [],
    index_key: indexKey,
  };
}

/** Pure: a search after a listing matched it (counted once, however often it is delivered). */
export function withNewMatch(search: SavedSearchDoc, listingId: string): SavedSearchDoc {
  if (search.new_listing_ids.includes(listingId)) return search;
  if (search.new_listing_ids.length >= SAVED_SEARCH_NEW_MATCHES_KEPT) return search;
  // Sorted, not in arrival order: listings come through different bus partitions, in another
  // order on a replay, and a rebuild must give the same document.
  return { ...search, new_listing_ids: [...search.new_listing_ids, listingId].sort() };
}
