/**
 * Saved searches' domain (docs/product.md §14): a user's saved catalogue queries, at most
 * MAX_SAVED_SEARCHES. Which searches a user has is folded here once: a search is there from its
 * SearchSaved (a repeated one adds nothing) until its SavedSearchDeleted; opening one changes
 * which there are in nothing. Pure.
 */
import type { EventOf } from '@rewear/contracts';

/** The events of a saved-searches stream (`searches-{userId}`). */
export const SAVED_SEARCHES_EVENTS = [
  'SearchSaved',
  'SavedSearchDeleted',
  'SavedSearchOpened',
] as const;

export type SavedSearchesEvent = EventOf<(typeof SAVED_SEARCHES_EVENTS)[number]>;

export interface SavedSearchesState {
  searchIds: string[];
}

export const initialSavedSearches = (): SavedSearchesState => ({ searchIds: [] });

export function evolveSavedSearches(
  state: SavedSearchesState,
  event: SavedSearchesEvent,
): SavedSearchesState {
  const { searchId } = event.data;
  switch (event.type) {
    case 'SearchSaved':
      if (state.searchIds.includes(searchId)) return state;
      return { searchIds: [...state.searchIds, searchId] };
    case 'SavedSearchDeleted':
      return { searchIds: state.searchIds.filter((id) => id !== searchId) };
    default:
      return state;
  }
}
