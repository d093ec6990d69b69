/** A user's wishlist: stream `wishlist-{uid}`. */
import type { EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

/** The events of a wishlist stream. */
export type WishlistEvent = EventOf<
  'WishlistItemAdded' | 'WishlistItemRemoved' | 'WishlistCleared'
>;

export interface WishlistState {
  productIds: string[];
}

export type WishlistCommand =
  | { type: 'AddToWishlist'; userId: string; productId: string; productListed: boolean }
  | { type: 'RemoveFromWishlist'; userId: string; productId: string }
  | { type: 'ClearWishlist'; userId: string };

export const wishlistDecider: Decider<WishlistState, WishlistCommand, WishlistEvent> = {
  initialState: () => ({ productIds: [] }),
  evolve: (state, event: WishlistEvent) => {
    switch (event.type) {
      case 'WishlistItemAdded':
        return { productIds: [...state.productIds, event.data.productId] };
      case 'WishlistItemRemoved':
        return { productIds: state.productIds.filter((id) => id !== event.data.productId) };
      case 'WishlistCleared':
        return { productIds: [] };
      default:
        return state;
    }
  },
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
