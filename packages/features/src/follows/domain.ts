/**
 * Follows' domain (docs/product.md §14): the sellers a user follows. Both sides fold the same
 * rule, a follow or an unfollow of one seller setting whether the user follows them (so a
 * repeated one changes nothing), and name one follower and seller by the same key. Pure.
 */
import type { EventOf } from '@rewear/contracts';

/** The events of a follows stream (`follows-{followerId}`). */
export const FOLLOWS_EVENTS = ['SellerFollowed', 'SellerUnfollowed'] as const;

export type FollowsEvent = EventOf<(typeof FOLLOWS_EVENTS)[number]>;

/** Whether the event's follower follows the event's seller once it happened. */
export const followsAfter = (event: FollowsEvent): boolean => event.type === 'SellerFollowed';

export interface FollowsState {
  sellerIds: string[];
}

export const initialFollows = (): FollowsState => ({ sellerIds: [] });

export function evolveFollows(state: FollowsState, event: FollowsEvent): FollowsState {
  const { sellerId } = event.data;
  const following = state.sellerIds.includes(sellerId);
  if (followsAfter(event) === following) return state;
  return {
    sellerIds: following
      ? state.sellerIds.filter((id) => id !== sellerId)
      : [...state.sellerIds, sellerId],
  };
}

/** One follower and one seller, as the read side keys them. */
export const followId = (followerId: string, sellerId: string) => `${followerId}|${sellerId}`;
