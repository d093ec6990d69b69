/**
 * The rating of each user as the catalogue keeps it (docs/product.md §12): the stars of the
 * reviews they received, so that every listing of theirs carries its seller's rating and a card
 * shows it without another read. A review is known by its shipment and author: a redelivered
 * ReviewLeft counts once, and an edit replaces the stars it changed (a redelivered older edit
 * does not undo a newer one). A review of oneself is not counted.
 */
import type { EnvelopeOf } from '@rewear/contracts';
import type { SellerRatingDoc } from '@rewear/read-models';

export const SELLER_RATING_EVENTS = ['ReviewLeft', 'ReviewEdited'] as const;

export type SellerRatingEvent = EnvelopeOf<(typeof SELLER_RATING_EVENTS)[number]>;

export const emptySellerRating = (sellerId: string): SellerRatingDoc => ({
  _id: sellerId,
  reviews: [],
  rating_sum: 0,
  rating_count: 0,
});

/** Pure: the subject's rating after `event`; the same document when nothing changed. */
export function projectSellerRating(
  current: SellerRatingDoc,
  event: SellerRatingEvent,
): SellerRatingDoc {
  const d = event.data;
  const index = current.reviews.findIndex(
    (r) => r.shipment_id === d.shipmentId && r.author_id === d.authorId,
  );
  const reviews = [...current.reviews];
  if (event.type === 'ReviewLeft') {
    if (index >= 0) return current; // already counted
    // A review of oneself (recorded before buying one's own listing was refused) counts for nothing.
    if (d.authorId === d.subjectId) return current;
    reviews.push({ shipment_id: d.shipmentId, author_id: d.authorId, rating: d.rating, at: null });
  } else {
    const review = reviews[index];
    const editedAt = event.data.editedAt;
    if (!review || (review.at !== null && review.at >= editedAt)) return current;
    reviews[index] = { ...review, rating: d.rating, at: editedAt };
  }
  return {
    ...current,
    reviews,
    rating_sum: reviews.reduce((sum, r) => sum + r.rating, 0),
    rating_count: reviews.length,
  };
}
