/** Who follows whom (docs/product.md §14): one document per follower and seller. */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type FollowDoc } from '@rewear/read-models';

export type FollowEvent = EnvelopeOf<'SellerFollowed' | 'SellerUnfollowed'>;

export const followId = (followerId: string, sellerId: string) => `${followerId}|${sellerId}`;

/** Pure: the follow after an event (null: not following). A redelivered follow keeps its time. */
export function projectFollow(current: FollowDoc | null, event: FollowEvent): FollowDoc | null {
  if (event.type === 'SellerUnfollowed') return null;
  if (current) return current;
  const { followerId, sellerId } = event.data;
  return {
    _id: followId(followerId, sellerId),
    follower_id: followerId,
    seller_id: sellerId,
    followed_at: event.occurredAt,
  };
}

export const followsProjector = documentProjector({
  name: 'follows',
  collectionName: READ_MODELS.follows,
  indexes: [{ keys: { seller_id: 1 } }, { keys: { follower_id: 1 } }],
  canHandle: ['SellerFollowed', 'SellerUnfollowed'],
  documentId: (event) => followId(event.data.followerId, event.data.sellerId),
  evolve: projectFollow,
});
