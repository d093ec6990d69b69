import { describe, it } from 'vitest';
import { MAX_SAVED_SEARCHES, type SavedSearchQuery } from '@rewear/contracts';
import { followsDecider, type FollowsEvent } from '@rewear/features/follows/decider';
import {
  savedSearchesDecider,
  type SavedSearchesEvent,
} from '@rewear/features/saved-searches/decider';
import { given } from './given.ts';

const followed: FollowsEvent = {
  type: 'SellerFollowed',
  data: { followerId: 'fan', sellerId: 'seller' },
};
const follow = (sellerId: string, sellerKnown = true) =>
  ({ type: 'FollowSeller', followerId: 'fan', sellerId, sellerKnown }) as const;
const unfollow = { type: 'UnfollowSeller', followerId: 'fan', sellerId: 'seller' } as const;

describe('follows decider', () => {
  it('given nothing, when a user follows a seller, then they follow them', () => {
    given(followsDecider, []).when(follow('seller')).then([followed]);
  });
  it('given nothing, when a user follows themselves, then it is refused', () => {
    given(followsDecider, [])
      .when(follow('fan'))
      .thenRejects('invalid', /cannot follow yourself/);
  });
  it('given nothing, when a user follows someone unknown, then the seller is not found', () => {
    given(followsDecider, []).when(follow('nobody', false)).thenRejects('not_found');
  });
  it('given a follow, when followed again, then nothing changes', () => {
    given(followsDecider, [followed]).when(follow('seller')).then([]);
  });
  it('given a follow, when unfollowed, then it ends; unfollowing again changes nothing', () => {
    given(followsDecider, [followed])
      .when(unfollow)
      .then([{ type: 'SellerUnfollowed', data: { followerId: 'fan', sellerId: 'seller' } }]);
    given(followsDecider, [followed, { type: 'SellerUnfollowed', data: followed.data }])
      .when(unfollow)
      .then([]);
  });
});

const query: SavedSearchQuery = {
  q: 'denim',
  category: null,
  brand: null,
  size: null,
  color: null,
  condition: null,
  minPriceCents: null,
  maxPriceCents: 5000,
};
const savedData = (searchId: string) => ({
  userId: 'u1',
  searchId,
  name: 'Denim',
  query,
  savedAt: '2026-03-01T12:00:00.000Z',
});
const savedEvent = (searchId: string): SavedSearchesEvent => ({
  type: 'SearchSaved',
  data: savedData(searchId),
});
const save = (searchId: string) => ({ type: 'SaveSearch' as const, ...savedData(searchId) });

describe('saved searches decider', () => {
  it('given nothing, when a search is saved, then it is', () => {
    given(savedSearchesDecider, [])
      .when(save('s1'))
      .then([savedEvent('s1')]);
  });
  it(`given ${MAX_SAVED_SEARCHES} searches, when another is saved, then it is refused`, () => {
    const full = Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => savedEvent(`s${i}`));
    given(savedSearchesDecider, full)
      .when(save('one-more'))
      .thenRejects('conflict', /delete one/);
  });
  it('given a search, when it is opened, then it is marked opened at that time', () => {
    given(savedSearchesDecider, [savedEvent('s1')])
      .when({ type: 'OpenSavedSearch', userId: 'u1', searchId: 's1', openedAt: 'T' })
      .then([{ type: 'SavedSearchOpened', data: { userId: 'u1', searchId: 's1', openedAt: 'T' } }]);
  });
  it('given a deleted search, when it is opened or deleted again, then it is not found', () => {
    const history: SavedSearchesEvent[] = [
      savedEvent('s1'),
      { type: 'SavedSearchDeleted', data: { userId: 'u1', searchId: 's1' } },
    ];
    given(savedSearchesDecider, history)
      .when({ type: 'OpenSavedSearch', userId: 'u1', searchId: 's1', openedAt: 'T' })
      .thenRejects('not_found');
    given(savedSearchesDecider, history)
      .when({ type: 'DeleteSavedSearch', userId: 'u1', searchId: 's1' })
      .thenRejects('not_found');
  });
});
