/** The wishlist's query face: a user's items, newest first, and the view joined to the listings. */
import { toDollars, type WishlistItem } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { isVisible, type ListingDoc } from '../listing/projection.ts';
import type { WishlistItemDoc } from './projection.ts';

/** A user's wishlist items, newest first. */
export const wishlistItemsOf = (side: ReadSide, userId: string) =>
  side
    .collection<WishlistItemDoc>(READ_MODELS.wishlistItems)
    .find({ user_id: userId }, { sort: { added_at: -1 } });

/** The items whose listing is visible, with its fields (dollars). */
export function wishlistView(
  items: readonly WishlistItemDoc[],
  listings: Map<string, ListingDoc>,
): WishlistItem[] {
  return items.flatMap((item) => {
    const l = listings.get(item.product_id);
    if (!isVisible(l ?? null)) return [];
    return [
      {
        product_id: item.product_id,
        added_at: item.added_at,
        title: l!.title,
        image: l!.image,
        brand_name: l!.brand_name,
        price: toDollars(l!.price_cents),
        original_price:
          l!.original_price_cents === null ? null : toDollars(l!.original_price_cents),
        conditions: l!.conditions,
        sizes: l!.sizes,
      },
    ];
  });
}
