import { describe, expect, it } from 'vitest';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { IDEMPOTENCY_HEADER, type SavedSearchView } from '@rewear/contracts';
import { ApiError } from '../../api/http.ts';
import { fakeApi } from '../../api/fakeApi.ts';
import { sessionEnded } from '../auth/authSlice.ts';
import reducer, {
  blockStatusLoaded,
  blockStatusRequested,
  blockToggled,
  blockedMembersLoaded,
  blockedMembersRequested,
  followStatusLoaded,
  followToggled,
  initialSocialState,
  notificationReceived,
  savedSearchOpened,
  savedSearchesLoaded,
  searchSaveRequested,
  selectBlockedIds,
  type SocialState,
} from './socialSlice.ts';
import { socialSaga } from './socialSaga.ts';
import {
  describeQuery,
  hasCriteria,
  pathOfSavedQuery,
  queryOfLocation,
  suggestedName,
} from './savedSearchQuery.ts';

const search = (over: Partial<SavedSearchView> = {}): SavedSearchView => ({
  id: 's1',
  name: 'Denim',
  query: {
    q: 'denim',
    category: null,
    brand: null,
    size: null,
    color: null,
    condition: null,
    minPrice: null,
    maxPrice: 50,
  },
  savedAt: '2026-03-01T12:00:00.000Z',
  lastOpenedAt: null,
  newMatches: 3,
  ...over,
});

/** Runs the saga for one action, as the store would. */
async function run(
  api: ReturnType<typeof fakeApi>,
  action: UnknownAction,
  start = initialSocialState,
) {
  let state: SocialState = start;
  const channel = stdChannel<UnknownAction>();
  const task = runSaga(
    {
      context: { api },
      channel,
      dispatch: (a: UnknownAction) => {
        state = reducer(state, a);
        channel.put(a);
      },
      getState: () => ({ auth: { status: 'signedIn' }, social: state }),
    },
    socialSaga as Saga,
  );
  state = reducer(state, action);
  channel.put(action);
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  task.cancel();
  return state;
}

describe('saved queries and addresses', () => {
  it('reads the catalogue filters or the keyword of the address shown', () => {
    expect(queryOfLocation('/products', '?category=Tops&size=XS&sort=newest&page=2')).toEqual({
      category: 'Tops',
      size: 'XS',
    });
    expect(queryOfLocation('/search', '?q=%20denim%20jacket&page=2')).toEqual({
      q: 'denim jacket',
    });
    expect(hasCriteria(queryOfLocation('/products', '?sort=newest'))).toBe(false);
    expect(suggestedName({ q: 'denim', category: 'Tops', maxPrice: '50' })).toBe(
      'denim · Tops · under $50',
    );
  });

  it('opens a keyword on the search page and filters on the catalogue', () => {
    expect(pathOfSavedQuery(search().query)).toBe('/search?q=denim');
    const filters = { ...search().query, q: '', category: 'Tops', size: 'XS', maxPrice: 20 };
    expect(pathOfSavedQuery(filters)).toBe('/products?category=Tops&size=XS&maxPrice=20');
    expect(describeQuery(filters)).toBe('Tops · XS · up to $20');
  });
});

describe('social slice', () => {
  it('follows at once, counting the new follower, and goes back if the server refuses', async () => {
    const loaded = reducer(
      initialSocialState,
      followStatusLoaded({ sellerId: 'seller', followerCount: 2, following: false }),
    );
    const api = fakeApi({
      'POST /api/sellers/seller/follow': () => {
        throw new ApiError(400, 'You cannot follow yourself');
      },
    });
    const optimistic = reducer(loaded, followToggled({ sellerId: 'seller', follow: true }));
    expect(optimistic.follows.seller).toMatchObject({ following: true, followerCount: 3 });
    const after = await run(api, followToggled({ sellerId: 'seller', follow: true }), loaded);
    expect(after.follows.seller).toMatchObject({
      following: false,
      followerCount: 2,
      pending: false,
      error: 'You cannot follow yourself',
    });
    expect(api.calls[0]?.options?.headers?.[IDEMPOTENCY_HEADER]).toEqual(expect.any(String));
  });

  it('marks a search seen when opened, and forgets everything at sign-out', () => {
    const listed = reducer(initialSocialState, savedSearchesLoaded([search()]));
    const opened = reducer(listed, savedSearchOpened('s1'));
    expect(opened.savedSearches.items[0]?.newMatches).toBe(0);
    expect(reducer(opened, sessionEnded())).toEqual(initialSocialState);
  });
});

describe('social saga', () => {
  it('saves a search, then reads the list again', async () => {
    const api = fakeApi({
      'POST /api/saved-searches': () => ({ id: 's1', name: 'Denim' }),
      'GET /api/saved-searches': () => [search()],
    });
    const state = await run(api, searchSaveRequested({ name: 'Denim', query: { q: 'denim' } }));
    expect(state.saving.status).toBe('saved');
    expect(state.savedSearches.items).toEqual([search()]);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/saved-searches',
      'GET /api/saved-searches',
    ]);
  });

  it('re-reads the counts when a saved-search alert arrives live, and only then', async () => {
    const listed = reducer(initialSocialState, savedSearchesLoaded([search({ newMatches: 0 })]));
    const api = fakeApi({ 'GET /api/saved-searches': () => [search({ newMatches: 1 })] });
    const alert = {
      id: 'listing-l9:1:u1',
      kind: 'saved_search_match' as const,
      text: 'New for your saved search “Denim”: Denim skirt, $20.00',
      link: '/products/l9',
      at: '2026-03-01T12:00:00.000Z',
      read: false,
    };
    const after = await run(api, notificationReceived(alert), listed);
    expect(after.savedSearches.items[0]?.newMatches).toBe(1);
    await run(api, notificationReceived({ ...alert, kind: 'price_drop' }), listed);
    expect(api.calls).toHaveLength(1);
  });
});

describe('blocks', () => {
  const member = { uid: 'm1', displayName: 'Mia', blockedAt: '2026-03-01T12:00:00.000Z' };

  it('knows whom the user blocks from the moment a block is sent, and not after an unblock', () => {
    const blocked = reducer(initialSocialState, blockToggled({ memberId: 'm1', block: true }));
    expect([...selectBlockedIds({ social: blocked })]).toEqual(['m1']);
    const unblocked = reducer(blocked, blockToggled({ memberId: 'm1', block: false }));
    expect([...selectBlockedIds({ social: unblocked })]).toEqual([]);
  });

  it('reads whether the user blocks a member', async () => {
    const api = fakeApi({
      'GET /api/members/m1/block': () => ({ memberId: 'm1', blocked: true }),
    });
    const state = await run(api, blockStatusRequested('m1'));
    expect(state.blocks.m1).toEqual({ blocked: true, pending: false, error: null });
  });

  it('blocks at once with an idempotency key, and goes back if the server refuses', async () => {
    const api = fakeApi({
      'POST /api/members/m1/block': () => {
        throw new ApiError(404, 'Member not found');
      },
    });
    const optimistic = reducer(initialSocialState, blockToggled({ memberId: 'm1', block: true }));
    expect(optimistic.blocks.m1).toMatchObject({ blocked: true, pending: true });
    const after = await run(api, blockToggled({ memberId: 'm1', block: true }));
    expect(after.blocks.m1).toEqual({ blocked: false, pending: false, error: 'Member not found' });
    expect(api.calls[0]?.options?.headers?.[IDEMPOTENCY_HEADER]).toEqual(expect.any(String));
  });

  it('lists the blocked members; unblocking one takes them off the list at once', async () => {
    const api = fakeApi({
      'GET /api/blocks': () => ({ blocked: [member] }),
      'DELETE /api/members/m1/block': () => ({ memberId: 'm1', blocked: false }),
    });
    const listed = await run(api, blockedMembersRequested());
    expect(listed.blockedList).toEqual({ status: 'loaded', items: [member], error: null });
    const after = await run(api, blockToggled({ memberId: 'm1', block: false }), listed);
    expect(after.blockedList.items).toEqual([]);
    expect(after.blocks.m1).toEqual({ blocked: false, pending: false, error: null });
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/blocks',
      'DELETE /api/members/m1/block',
    ]);
  });

  it('keeps a toggle in flight over an older answer, and forgets blocks at sign-out', () => {
    const pending = reducer(initialSocialState, blockToggled({ memberId: 'm1', block: true }));
    const stale = reducer(pending, blockStatusLoaded({ memberId: 'm1', blocked: false }));
    expect(stale.blocks.m1?.blocked).toBe(true);
    const listed = reducer(stale, blockedMembersLoaded([member]));
    expect(reducer(listed, sessionEnded())).toEqual(initialSocialState);
  });
});
