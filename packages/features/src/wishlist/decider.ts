/**
 * The wishlist's command face: stream `wishlist-{uid}`. What the list holds after each event is
 * the domain's (`./domain.ts`), kept by the read side too; what a command may do is here.
 */
import { reject, type Decider } from '../shared/decider.ts';
import {
  evolveWishlist,
  initialWishlist,
  type WishlistEvent,
  type WishlistState,
} from './domain.ts';

export type { WishlistEvent, WishlistState } from './domain.ts';

export type WishlistCommand =
  | { type: 'AddToWishlist'; userId: string; productId: string; productListed: boolean }
  | { type: 'RemoveFromWishlist'; userId: string; productId: string }
  | { type: 'ClearWishlist'; userId: string };

export const wishlistDecider: Decider<WishlistState, WishlistCommand, WishlistEvent> = {
  initialState: initialWishlist,
  evolve: evolveWishlist,
  decide: (command, state) => {
    switch (command.type) {
      case 'AddToWishlist':
        if (state.productIds.includes(command.productId)) return [];
        if (!command.productListed) return reject('not_found', 'Product not found');
        return [
          {
            type: 'WishlistItemAdded',
            data: { userId: command.userId, productId: command.productId },
          },
        ];
      case 'RemoveFromWishlist':
        if (!state.productIds.includes(command.productId))
          return reject('not_found', 'Product is not in the wishlist');
        return [
          {
            type: 'WishlistItemRemoved',
            data: { userId: command.userId, productId: command.productId },
          },
        ];
      case 'ClearWishlist':
        if (state.productIds.length === 0) return [];
        return [
          {
            type: 'WishlistCleared',
            data: { userId: command.userId, productIds: state.productIds },
          },
        ];
    }
  },
};
