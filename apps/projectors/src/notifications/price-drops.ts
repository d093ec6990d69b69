/**
 * Price-drop alerts (docs/product.md §14): when a seller lowers the price of a listing, everyone
 * who liked it (a like or the wishlist) hears the old and the new price. Who likes what, and
 * each listing's price, are this notifier's state (`liked_listings`), rebuilt with the inbox.
 * What they read is the notifications module's (priceDropAlerts).
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import {
  priceDropAlerts,
  type LikedListingDoc,
  type Notifier,
} from '@rewear/features/notifications/projection';
import { likeKeys, projectLike, type LikeEvent } from '@rewear/features/listing/projection';

type PriceDropEvent =
  LikeEvent | EnvelopeOf<'ListingCreated' | 'ListingUpdated' | 'ListingDeleted'>;

type Liker = LikedListingDoc['likers'][number];

/** Pure: the likers after a like event touching this listing. */
export function withLikeEvent(
  likers: readonly Liker[],
  event: LikeEvent,
  listingId: string,
  userId: string,
): Liker[] {
  const current = likers.find((liker) => liker.user_id === userId) ?? null;
  const next = projectLike(
    current && {
      _id: '',
      product_id: listingId,
      user_id: userId,
      wishlist: current.wishlist,
      liked: current.liked,
    },
    event,
    listingId,
    userId,
  );
  const others = likers.filter((liker) => liker.user_id !== userId);
  if (!next) return others;
  // Ordered by user, not by arrival: likes of different users come through different bus
  // partitions, in another order on a replay, and a rebuild must give the same document.
  return [...others, { user_id: userId, wishlist: next.wishlist, liked: next.liked }].sort(
    (a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0),
  );
}

export const priceDropNotifier: Notifier<PriceDropEvent['type']> = {
  handles: [
    'ListingCreated',
    'ListingUpdated',
    'ListingDeleted',
    'WishlistItemAdded',
    'WishlistItemRemoved',
    'WishlistCleared',
    'ListingLiked',
  ],
  collections: { [READ_MODELS.likedListings]: [] },
  async notify(event, target) {
    const listings = target.collection<LikedListingDoc>(READ_MODELS.likedListings);
    switch (event.type) {
      case 'ListingCreated': {
        const { listingId, title, priceCents, sellerId } = event.data;
        // Likes that came first (another stream, another bus partition) are kept.
        const existing = await listings.findOne({ _id: listingId }, { readonly: true });
        await listings.put({
          _id: listingId,
          title,
          price_cents: priceCents,
          seller_id: sellerId,
          likers: existing?.likers ?? [],
        });
        return [];
      }
      case 'ListingUpdated': {
        const listing = await listings.findOne({ _id: event.data.listingId }, { readonly: true });
        const { priceCents, title } = event.data.changes;
        if (!listing || (priceCents === undefined && title === undefined)) return [];
        const newPrice = priceCents ?? listing.price_cents;
        const newTitle = title ?? listing.title;
        await listings.put({ ...listing, price_cents: newPrice, title: newTitle });
        return priceDropAlerts(listing, newPrice, newTitle);
      }
      case 'ListingDeleted':
        await listings.delete(event.data.listingId);
        return [];
      default: {
        for (const { productId, userId } of likeKeys(event)) {
          // A like may arrive before its listing's creation (another stream, another bus
          // partition): its likers wait in a document the creation completes.
          // Read only: the stored likers are shared into the new document, not copied twice.
          const listing = (await listings.findOne({ _id: productId }, { readonly: true })) ?? {
            _id: productId,
            title: '',
            price_cents: 0,
            seller_id: '',
            likers: [],
          };
          const likers = withLikeEvent(listing.likers, event, productId, userId);
          await listings.put({ ...listing, likers });
        }
        return [];
      }
    }
  },
};
