/** Wishlist items, one document per (user, product); product fields are joined at read time. */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type WishlistItemDoc } from '@rewear/read-models';

export const WISHLIST_EVENTS = [
  'WishlistItemAdded',
  'WishlistItemRemoved',
  'WishlistCleared',
] as const;

export type WishlistEvent = EnvelopeOf<(typeof WISHLIST_EVENTS)[number]>;

export const wishlistItemId = (userId: string, productId: string) => `${userId}|${productId}`;

/** Ids of the items an event changes: a clear changes every product it names. */
export const wishlistItemIds = (event: WishlistEvent): string | string[] =>
  event.type === 'WishlistCleared'
    ? event.data.productIds.map((productId) => wishlistItemId(event.data.userId, productId))
    : wishlistItemId(event.data.userId, event.data.productId);

/** Next state of an item; null removes it. The first add's time is kept on a redelivery. */
export function projectWishlistItem(
  current: WishlistItemDoc | null,
  event: WishlistEvent,
): WishlistItemDoc | null {
  if (event.type !== 'WishlistItemAdded') return null;
  return (
    current ?? {
      _id: wishlistItemId(event.data.userId, event.data.productId),
      user_id: event.data.userId,
      product_id: event.data.productId,
      added_at: event.occurredAt,
    }
  );
}

export const wishlistsProjector = documentProjector({
  name: 'wishlists',
  collectionName: READ_MODELS.wishlistItems,
  indexes: [{ keys: { user_id: 1, added_at: -1 } }],
  canHandle: WISHLIST_EVENTS,
  documentId: wishlistItemIds,
  evolve: projectWishlistItem,
});
