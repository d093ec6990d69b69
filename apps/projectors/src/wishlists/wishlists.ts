/** Wishlist items, one document per (user, product); product fields are joined at read time. */
import type { EnvelopeOf, EventEnvelope } from '@rewear/contracts';
import type { Projector } from '@rewear/platform';
import { READ_MODELS, type WishlistItemDoc } from '@rewear/read-models';

export type WishlistEvent =
  | EnvelopeOf<'WishlistItemAdded'>
  | EnvelopeOf<'WishlistItemRemoved'>
  | EnvelopeOf<'WishlistCleared'>;

export const WISHLIST_EVENTS = [
  'WishlistItemAdded',
  'WishlistItemRemoved',
  'WishlistCleared',
] as const;

export const wishlistItemId = (userId: string, productId: string) => `${userId}|${productId}`;

/** Next state of one item; null removes it. The first add's time is kept on a redelivery. */
export function projectWishlistItem(
  current: WishlistItemDoc | null,
  event: WishlistEvent,
  productId: string,
): WishlistItemDoc | null {
  if (event.type !== 'WishlistItemAdded') return null;
  return (
    current ?? {
      _id: wishlistItemId(event.data.userId, productId),
      user_id: event.data.userId,
      product_id: productId,
      added_at: event.occurredAt,
    }
  );
}

export const wishlistsProjector: Projector = {
  name: 'wishlists',
  collections: { [READ_MODELS.wishlistItems]: [{ keys: { user_id: 1, added_at: -1 } }] },
  handles: WISHLIST_EVENTS,
  async apply(event: EventEnvelope, target) {
    if (!(WISHLIST_EVENTS as readonly string[]).includes(event.type)) return;
    const e = event as WishlistEvent;
    const items = target.collection<WishlistItemDoc>(READ_MODELS.wishlistItems);
    const productIds = e.type === 'WishlistCleared' ? e.data.productIds : [e.data.productId];
    for (const productId of productIds) {
      const id = wishlistItemId(e.data.userId, productId);
      const next = projectWishlistItem(
        await items.findOne({ _id: id }, { readonly: true }),
        e,
        productId,
      );
      if (next) await items.put(next);
      else await items.delete(id);
    }
  },
};
