/** Follows: a document per follower and seller, gone when unfollowed. */
import { describe, expect, it } from 'vitest';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { READ_MODELS, followsProjector, type FollowDoc } from '../src/index.ts';
import { envelope } from './events.ts';

describe('follows', () => {
  it('keeps who follows whom, with the first follow’s time, until unfollowed', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    const follows = store.collection<FollowDoc>(READ_MODELS.follows);
    const data = { followerId: 'fan', sellerId: 'seller' };
    await followsProjector.apply(
      envelope('SellerFollowed', data, { occurredAt: '2026-03-01T10:00:00.000Z' }),
      side,
    );
    await followsProjector.apply(
      envelope('SellerFollowed', data, { occurredAt: '2026-03-02T10:00:00.000Z' }),
      side,
    );
    expect(await follows.find({ seller_id: 'seller' })).toEqual([
      {
        _id: 'fan|seller',
        follower_id: 'fan',
        seller_id: 'seller',
        followed_at: '2026-03-01T10:00:00.000Z',
      },
    ]);
    await followsProjector.apply(envelope('SellerUnfollowed', data), side);
    expect(await follows.count({ seller_id: 'seller' })).toBe(0);
  });
});
