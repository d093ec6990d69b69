/**
 * Public profiles (docs/product.md §12): a user's name and registration, and the reviews they
 * received with their rating. A review is known by its shipment and author, so a redelivered
 * ReviewLeft counts once and an edit replaces the stars it changed. A review of oneself is left out.
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type ReceivedReviewDoc, type SellerProfileDoc } from '@rewear/read-models';

export const PROFILE_EVENTS = ['UserRegistered', 'ReviewLeft', 'ReviewEdited'] as const;

export type ProfileEvent = EnvelopeOf<(typeof PROFILE_EVENTS)[number]>;

export const emptyProfile = (uid: string): SellerProfileDoc => ({
  _id: uid,
  display_name: '',
  photo_url: null,
  member_since: null,
  rating_count: 0,
  rating_sum: 0,
  reviews: [],
});

const newestFirst = (a: ReceivedReviewDoc, b: ReceivedReviewDoc) =>
  b.left_at.localeCompare(a.left_at) || a.shipment_id.localeCompare(b.shipment_id);

function withReviews(profile: SellerProfileDoc, reviews: ReceivedReviewDoc[]): SellerProfileDoc {
  const sorted = [...reviews].sort(newestFirst);
  return {
    ...profile,
    reviews: sorted,
    rating_count: sorted.length,
    rating_sum: sorted.reduce((sum, r) => sum + r.rating, 0),
  };
}

export function projectProfile(current: SellerProfileDoc, event: ProfileEvent): SellerProfileDoc {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...current,
        // As the users read model: the email stands in for a missing name (docs/product.md §3).
        display_name: event.data.displayName || event.data.email,
        photo_url: event.data.photoUrl,
        member_since: current.member_since ?? event.occurredAt,
      };
    case 'ReviewLeft': {
      const d = event.data;
      // A review of oneself (possible before buying one's own listing was refused) is not shown
      // or counted; its edits then find nothing to change.
      if (d.authorId === d.subjectId) return current;
      const same = (r: ReceivedReviewDoc) =>
        r.shipment_id === d.shipmentId && r.author_id === d.authorId;
      if (current.reviews.some(same)) return current; // already counted
      return withReviews(current, [
        ...current.reviews,
        {
          shipment_id: d.shipmentId,
          author_id: d.authorId,
          author_role: d.authorRole,
          rating: d.rating,
          text: d.text,
          left_at: d.leftAt,
          edited_at: null,
        },
      ]);
    }
    case 'ReviewEdited': {
      const d = event.data;
      const index = current.reviews.findIndex(
        (r) => r.shipment_id === d.shipmentId && r.author_id === d.authorId,
      );
      const review = current.reviews[index];
      // A redelivered older edit must not undo a newer one.
      if (!review || (review.edited_at !== null && review.edited_at >= d.editedAt)) return current;
      const reviews = [...current.reviews];
      reviews[index] = { ...review, rating: d.rating, text: d.text, edited_at: d.editedAt };
      return withReviews(current, reviews);
    }
  }
}

export const sellerProfilesProjector = documentProjector({
  name: 'seller-profiles',
  collectionName: READ_MODELS.sellerProfiles,
  canHandle: PROFILE_EVENTS,
  documentId: (event) => (event.type === 'UserRegistered' ? event.data.uid : event.data.subjectId),
  initialState: emptyProfile,
  evolve: projectProfile,
});
