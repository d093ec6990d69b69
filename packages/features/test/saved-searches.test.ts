/**
 * Saved searches (src/saved-searches): the searches a user has are folded once (domain.ts), a
 * repeated SearchSaved counted once as the notifier keeps one document for it; a search's new
 * matches are the same whatever order the listings arrive in; and the owner reads back the
 * query as saved, in dollars.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NEW_MATCHES_KEPT,
  type EventData,
} from '@rewear/contracts';
import { savedSearchesDecider } from '@rewear/features/saved-searches/decider';
import {
  evolveSavedSearches,
  initialSavedSearches,
  type SavedSearchesEvent,
} from '@rewear/features/saved-searches/domain';
import { savedSearchDoc, withNewMatch } from '@rewear/features/saved-searches/projection';
import { savedSearchView } from '@rewear/features/saved-searches/queries';

const saved = (searchId: string): EventData<'SearchSaved'> => ({
  userId: 'u1',
  searchId,
  name: `Search ${searchId}`,
  query: {
    q: 'wool coat',
    category: null,
    brand: null,
    size: null,
    color: null,
    condition: null,
    minPriceCents: 2000,
    maxPriceCents: null,
  },
  savedAt: '2026-03-01T12:00:00.000Z',
});
const save = (searchId: string): SavedSearchesEvent => ({
  type: 'SearchSaved',
  data: saved(searchId),
});
const fold = (events: SavedSearchesEvent[]) =>
  events.reduce(evolveSavedSearches, initialSavedSearches());

describe('the searches a user has', () => {
  it('counts a repeated save once, and a deleted search no more', () => {
    const state = fold([
      save('s1'),
      save('s1'),
      save('s2'),
      { type: 'SavedSearchOpened', data: { userId: 'u1', searchId: 's2', openedAt: 'x' } },
      { type: 'SavedSearchDeleted', data: { userId: 'u1', searchId: 's1' } },
    ]);
    expect(state.searchIds).toEqual(['s2']);
  });

  it('lets the decider refuse one past the limit, from the same fold', () => {
    const full = fold(Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => save(`s${i}`)));
    expect(() =>
      savedSearchesDecider.decide({ type: 'SaveSearch', ...saved('one-more') }, full, {
        now: new Date(),
        newId: () => 'id-1',
      }),
    ).toThrow(/delete one before saving another/);
  });
});

describe("a search's document", () => {
  it('keeps the same new matches whatever order the listings come in, each once, capped', () => {
    const doc = savedSearchDoc(saved('s1'), 'wool');
    const ids = ['l3', 'l1', 'l2', 'l1'];
    const forward = ids.reduce(withNewMatch, doc);
    const backward = [...ids].reverse().reduce(withNewMatch, doc);
    expect(forward).toEqual(backward);
    expect(forward.new_listing_ids).toEqual(['l1', 'l2', 'l3']);
    const many = Array.from({ length: SAVED_SEARCH_NEW_MATCHES_KEPT + 5 }, (_, i) => `l${i}`);
    expect(many.reduce(withNewMatch, doc).new_listing_ids).toHaveLength(
      SAVED_SEARCH_NEW_MATCHES_KEPT,
    );
  });

  it('reads back as saved, prices in dollars', () => {
    const view = savedSearchView(savedSearchDoc(saved('s1'), 'wool'));
    expect(view).toMatchObject({
      id: 's1',
      name: 'Search s1',
      query: { q: 'wool coat', minPrice: 20, maxPrice: null },
      newMatches: 0,
    });
  });
});
