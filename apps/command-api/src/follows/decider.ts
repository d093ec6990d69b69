/** The sellers a user follows (docs/product.md §14): stream `follows-{followerId}`. */
import type { EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

/** The events of a follows stream. */
export type FollowsEvent = EventOf<'SellerFollowed' | 'SellerUnfollowed'>;

export interface FollowsState {
  sellerIds: string[];
}

export type FollowsCommand =
  | { type: 'FollowSeller'; followerId: string; sellerId: string; sellerKnown: boolean }
  | { type: 'UnfollowSeller'; followerId: string; sellerId: string };

export const followsDecider: Decider<FollowsState, FollowsCommand, FollowsEvent> = {
  initialState: () => ({ sellerIds: [] }),
  evolve: (state, event: FollowsEvent) =>
    event.type === 'SellerFollowed'
      ? { sellerIds: [...state.sellerIds, event.data.sellerId] }
      : { sellerIds: state.sellerIds.filter((id) => id !== event.data.sellerId) },
  decide: (command, state) => {
    const data = { followerId: command.followerId, sellerId: command.sellerId };
    const following = state.sellerIds.includes(command.sellerId);
    if (command.type === 'UnfollowSeller')
      return following ? [{ type: 'SellerUnfollowed', data }] : [];
    if (command.followerId === command.sellerId)
      return reject('invalid', 'You cannot follow yourself');
    if (following) return [];
    if (!command.sellerKnown) return reject('not_found', 'Seller not found');
    return [{ type: 'SellerFollowed', data }];
  },
};
