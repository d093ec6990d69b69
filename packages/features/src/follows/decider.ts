/**
 * Follows' command face (docs/product.md §14): stream `follows-{followerId}`. Following is
 * refused for oneself and for someone who is no seller; following again, or unfollowing someone
 * not followed, changes nothing. The state is the domain's (`./domain.ts`).
 */
import { reject, type Decider } from '../shared/decider.ts';
import { evolveFollows, initialFollows, type FollowsEvent, type FollowsState } from './domain.ts';

export type { FollowsEvent, FollowsState } from './domain.ts';

export type FollowsCommand =
  | { type: 'FollowSeller'; followerId: string; sellerId: string; sellerKnown: boolean }
  | { type: 'UnfollowSeller'; followerId: string; sellerId: string };

export const followsDecider: Decider<FollowsState, FollowsCommand, FollowsEvent> = {
  initialState: initialFollows,
  evolve: evolveFollows,
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
