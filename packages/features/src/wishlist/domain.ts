/**
 * A wishlist's domain: one per user, the products they keep an eye on, each once. What an event
 * does to it is written here once: the decider folds the list to decide, the projection keeps
 * one document per product it holds. Pure.
 */
import type { EventOf } from '@rewear/contracts';

/** The events of a wishlist's stream (`wishlist-{uid}`). */
export const WISHLIST_EVENTS = [
  'WishlistItemAdded',
  'WishlistItemRemoved',
  'WishlistCleared',
] as const;

export type WishlistEvent = EventOf<(typeof WISHLIST_EVENTS)[number]>;

export interface WishlistState {
  /** In the order they were added. */
  productIds: string[];
}

export const initialWishlist = (): WishlistState => ({ productIds: [] });

/** The products an event changes: a clear changes every product it names. */
export const productsTouched = (event: WishlistEvent): readonly string[] =>
  event.type === 'WishlistCleared' ? event.data.productIds : [event.data.productId];

export function evolveWishlist(state: WishlistState, event: WishlistEvent): WishlistState {
  switch (event.type) {
    case 'WishlistItemAdded':
      // Added once: a product added again keeps its place (and, read side, its first time).
      return state.productIds.includes(event.data.productId)
        ? state
        : { productIds: [...state.productIds, event.data.productId] };
    case 'WishlistItemRemoved':
      return { productIds: state.productIds.filter((id) => id !== event.data.productId) };
    case 'WishlistCleared':
      return { productIds: [] };
  }
}
