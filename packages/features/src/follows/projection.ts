/**
 * Follows' read face (docs/product.md §14): who follows whom, one document per follower and
 * seller, there while the domain says the follower follows the seller (`followsAfter`).
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { FOLLOWS_EVENTS, followId, followsAfter } from './domain.ts';

export { followId } from './domain.ts';

/** One user following one seller. `_id` is the domain's `followId`. */
export interface FollowDoc extends Doc {
  _id: string;
  follower_id: string;
  seller_id: string;
  followed_at: string;
}

export type FollowEvent = EnvelopeOf<(typeof FOLLOWS_EVENTS)[number]>;

/** Pure: the follow after an event (null: not following). A redelivered follow keeps its time. */
export function projectFollow(current: FollowDoc | null, event: FollowEvent): FollowDoc | null {
  if (!followsAfter(event)) return null;
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
  canHandle: FOLLOWS_EVENTS,
  documentId: (event) => followId(event.data.followerId, event.data.sellerId),
  evolve: projectFollow,
});
