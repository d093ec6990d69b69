/**
 * The review's read face (docs/product.md §12), with its document shapes: each user's public
 * profile (their name and registration, the reviews they received and their rating), and each
 * user's rating as the catalogue keeps it to carry onto their listings. Both follow the reviews
 * a user received by the domain's one rule (`receiveReview`), so a profile and a listing never
 * show different figures for the same seller.
 */
import { ERASED, type EnvelopeOf } from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { ratingTotals, receiveReview, REVIEW_EVENTS, type ReceivedShape } from './domain.ts';

/** One review a user received. */
export interface ReceivedReviewDoc {
  shipment_id: string;
  author_id: string;
  /** The author's part in that sale: 'buyer' means the user was its seller. */
  author_role: 'buyer' | 'seller';
  rating: number;
  text: string;
  left_at: string;
  edited_at: string | null;
}

/** A user's public profile: who they are and the reviews they received (newest first). */
export interface SellerProfileDoc extends Doc {
  _id: string;
  /** '' until the user's UserRegistered event has been seen. */
  display_name: string;
  photo_url: string | null;
  member_since: string | null;
  rating_count: number;
  /** Sum of the stars received: the average is rating_sum / rating_count. */
  rating_sum: number;
  reviews: ReceivedReviewDoc[];
}

/**
 * A user's rating as the catalogue keeps it, to carry onto their listings: the stars of each
 * review they received, by shipment and author (`at`: when its stars last changed by an edit).
 */
export interface SellerRatingDoc extends Doc {
  _id: string;
  reviews: { shipment_id: string; author_id: string; rating: number; at: string | null }[];
  rating_sum: number;
  rating_count: number;
}

// --- Profiles -------------------------------------------------------------------------------

export const PROFILE_EVENTS = ['UserRegistered', 'AccountDeleted', ...REVIEW_EVENTS] as const;

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

const profileReview: ReceivedShape<ReceivedReviewDoc> = {
  key: (r) => ({ shipmentId: r.shipment_id, authorId: r.author_id }),
  editedAt: (r) => r.edited_at,
  left: (d) => ({
    shipment_id: d.shipmentId,
    author_id: d.authorId,
    author_role: d.authorRole,
    rating: d.rating,
    text: d.text,
    left_at: d.leftAt,
    edited_at: null,
  }),
  edited: (r, d) => ({ ...r, rating: d.rating, text: d.text, edited_at: d.editedAt }),
};

const newestFirst = (a: ReceivedReviewDoc, b: ReceivedReviewDoc) =>
  b.left_at.localeCompare(a.left_at) || a.shipment_id.localeCompare(b.shipment_id);

export function projectProfile(current: SellerProfileDoc, event: ProfileEvent): SellerProfileDoc {
  // A deleted account keeps the reviews it received, under a former member's name.
  if (event.type === 'AccountDeleted')
    return { ...current, display_name: ERASED.name, photo_url: null };
  if (event.type === 'UserRegistered' && current.display_name === ERASED.name) return current;
  if (event.type === 'UserRegistered')
    return {
      ...current,
      // As the users read model: the email stands in for a missing name (docs/product.md §3).
      display_name: event.data.displayName || event.data.email,
      photo_url: event.data.photoUrl,
      member_since: current.member_since ?? event.occurredAt,
    };
  const received = receiveReview(current.reviews, event, profileReview);
  if (!received) return current;
  const reviews = received.sort(newestFirst);
  const { sum, count } = ratingTotals(reviews);
  return { ...current, reviews, rating_count: count, rating_sum: sum };
}

export const sellerProfilesProjector = documentProjector({
  name: 'seller-profiles',
  collectionName: READ_MODELS.sellerProfiles,
  canHandle: PROFILE_EVENTS,
  documentId: (event) =>
    event.type === 'UserRegistered'
      ? event.data.uid
      : event.type === 'AccountDeleted'
        ? event.data.userId
        : event.data.subjectId,
  initialState: emptyProfile,
  evolve: projectProfile,
});

// --- The rating the catalogue carries -------------------------------------------------------

export const SELLER_RATING_EVENTS = REVIEW_EVENTS;

export type SellerRatingEvent = EnvelopeOf<(typeof SELLER_RATING_EVENTS)[number]>;

export const emptySellerRating = (sellerId: string): SellerRatingDoc => ({
  _id: sellerId,
  reviews: [],
  rating_sum: 0,
  rating_count: 0,
});

const ratedReview: ReceivedShape<SellerRatingDoc['reviews'][number]> = {
  key: (r) => ({ shipmentId: r.shipment_id, authorId: r.author_id }),
  editedAt: (r) => r.at,
  left: (d) => ({ shipment_id: d.shipmentId, author_id: d.authorId, rating: d.rating, at: null }),
  edited: (r, d) => ({ ...r, rating: d.rating, at: d.editedAt }),
};

/** Pure: the subject's rating after `event`; the same document when nothing changed. */
export function projectSellerRating(
  current: SellerRatingDoc,
  event: SellerRatingEvent,
): SellerRatingDoc {
  const reviews = receiveReview(current.reviews, event, ratedReview);
  if (!reviews) return current;
  const { sum, count } = ratingTotals(reviews);
  return { ...current, reviews, rating_sum: sum, rating_count: count };
}
