/**
 * Likes of a product (the listing_likes read model): a user counts once whether the product is
 * on their wishlist, liked, or both (the domain's `likeKeys`). num_likes is recomputed as the
 * number of like documents of the product.
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { LIKE_EVENTS, likeId, likeKeys } from '../domain.ts';
import { likesOf, type LikeDoc } from './documents.ts';
import type { ListingWrites } from './writes.ts';

export { LIKE_EVENTS, likeId, likeKeys } from '../domain.ts';

export type LikeEnvelope = EnvelopeOf<(typeof LIKE_EVENTS)[number]>;
/** The name the projectors have always given a delivered like event. */
export type { LikeEnvelope as LikeEvent };

/** Next state of one (product, user) like; null when the user no longer counts. */
export function projectLike(
  current: LikeDoc | null,
  event: LikeEnvelope,
  productId: string,
  userId: string,
): LikeDoc | null {
  const base: LikeDoc = current ?? {
    _id: likeId(productId, userId),
    product_id: productId,
    user_id: userId,
    wishlist: false,
    liked: false,
  };
  let next: LikeDoc;
  switch (event.type) {
    case 'WishlistItemAdded':
      next = { ...base, wishlist: true };
      break;
    case 'WishlistItemRemoved':
    case 'WishlistCleared':
      next = { ...base, wishlist: false };
      break;
    case 'ListingLiked':
      next = { ...base, liked: true };
      break;
  }
  return next.wishlist || next.liked ? next : null;
}

/** The catalogue's likes job: each (product, user) like kept, and the product's count due. */
export async function likesJob(event: LikeEnvelope, writes: ListingWrites): Promise<void> {
  const collection = likesOf(writes.target);
  for (const { productId, userId } of likeKeys(event)) {
    const id = likeId(productId, userId);
    const next = projectLike(
      await collection.findOne({ _id: id }, { readonly: true }),
      event,
      productId,
      userId,
    );
    if (next) await collection.put(next);
    else await collection.delete(id);
    await writes.recountLikes(productId);
  }
}
