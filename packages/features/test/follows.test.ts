/**
 * Whether a user follows a seller is written once (src/follows/domain.ts: followsAfter): the
 * sellers the decider folds from a follows stream and the follow documents the projection keeps
 * from the same events are the same sellers, step by step, and the query face finds a follow
 * by the key the projection writes it under.
 */
import { describe, expect, it } from 'vitest';
import { followsDecider } from '@rewear/features/follows/decider';
import { followId, type FollowsEvent } from '@rewear/features/follows/domain';
import {
  followsProjector,
  projectFollow,
  type FollowDoc,
  type FollowEvent,
} from '@rewear/features/follows/projection';
import { followStatus } from '@rewear/features/follows/queries';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (i: number) => new Date(T0 + i * 1000).toISOString();

const follow = (sellerId: string): FollowsEvent => ({
  type: 'SellerFollowed',
  data: { followerId: 'u1', sellerId },
});
const unfollow = (sellerId: string): FollowsEvent => ({
  type: 'SellerUnfollowed',
  data: { followerId: 'u1', sellerId },
});

const STREAMS: Array<[string, FollowsEvent[]]> = [
  ['one follow', [follow('s1')]],
  ['two sellers', [follow('s1'), follow('s2')]],
  ['a follow undone', [follow('s1'), unfollow('s1')]],
  ['followed again', [follow('s1'), unfollow('s1'), follow('s1')]],
  ['one of two undone', [follow('s1'), follow('s2'), unfollow('s1')]],
  ['an unfollow of no one followed', [unfollow('s3'), follow('s1')]],
];

describe('the sellers a user follows, the same on both sides', () => {
  it.each(STREAMS)('%s', (_, events) => {
    const envelopes = delivered<FollowEvent>('follows-u1', events, iso);
    let state = followsDecider.initialState();
    const docs = new Map<string, FollowDoc>();
    envelopes.forEach((envelope, i) => {
      state = followsDecider.evolve(state, events[i]!);
      const id = followId(envelope.data.followerId, envelope.data.sellerId);
      const doc = projectFollow(docs.get(id) ?? null, envelope);
      if (doc) docs.set(id, doc);
      else docs.delete(id);
      const projected = [...docs.values()].map((d) => d.seller_id).sort();
      expect([...state.sellerIds].sort(), `after event ${i + 1}`).toEqual(projected);
    });
  });

  it('answers a follow with the key the projection keeps it under', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    for (const envelope of delivered<FollowEvent>('follows-u1', [follow('s1')], iso))
      await followsProjector.apply(envelope, side);
    expect(await followStatus(side, 's1', 'u1')).toEqual({
      sellerId: 's1',
      followerCount: 1,
      following: true,
    });
    expect(await followStatus(side, 's1', undefined)).toMatchObject({ following: false });
  });
});
