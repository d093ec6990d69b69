/**
 * The wishlist's read face: one document per (user, product) the wishlist holds, and its shape;
 * product fields are joined at read time. Which products an event changes is the domain's
 * (`./domain.ts`).
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { productsTouched, WISHLIST_EVENTS } from './domain.ts';

export { WISHLIST_EVENTS } from './domain.ts';

export type WishlistEnvelope = EnvelopeOf<(typeof WISHLIST_EVENTS)[number]>;
/** The name the projectors have always given a wishlist's delivered event. */
export type { WishlistEnvelope as WishlistEvent };

export interface WishlistItemDoc extends Doc {
  _id: string;
  user_id: string;
  product_id: string;
  added_at: string;
}

export const wishlistItemId = (userId: string, productId: string) => `${userId}|${productId}`;

/** Ids of the items an event changes. */
export const wishlistItemIds = (event: WishlistEnvelope): string[] =>
  productsTouched(event).map((productId) => wishlistItemId(event.data.userId, productId));

/** Next state of an item; null removes it. The first add's time is kept on a redelivery. */
export function projectWishlistItem(
  current: WishlistItemDoc | null,
  event: WishlistEnvelope,
): WishlistItemDoc | null {
  // Only an add keeps an item: a remove or a clear of it removes it.
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
