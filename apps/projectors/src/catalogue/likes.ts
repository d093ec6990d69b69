/**
 * Likes of a product: a user counts once whether the product is on their wishlist, liked, or
 * both. num_likes is recomputed as the number of like documents of the product.
 */
import type { EnvelopeOf } from '@rewear/contracts';
import type { LikeDoc } from '@rewear/features/shared/read-models';

export type LikeEvent =
  | EnvelopeOf<'WishlistItemAdded'>
  | EnvelopeOf<'WishlistItemRemoved'>
  | EnvelopeOf<'WishlistCleared'>
  | EnvelopeOf<'ListingLiked'>;

export const likeId = (productId: string, userId: string) => `${productId}|${userId}`;

/** The (product, user) pairs an event touches. */
export function likeKeys(event: LikeEvent): Array<{ productId: string; userId: string }> {
  switch (event.type) {
    case 'WishlistItemAdded':
    case 'WishlistItemRemoved':
      return [{ productId: event.data.productId, userId: event.data.userId }];
    case 'WishlistCleared':
      return event.data.productIds.map((productId) => ({ productId, userId: event.data.userId }));
    case 'ListingLiked':
      return [{ productId: event.data.listingId, userId: event.data.userId }];
  }
}

/** Next state of one (product, user) like; null when the user no longer counts. */
export function projectLike(
  current: LikeDoc | null,
  event: LikeEvent,
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
