/**
 * The review's query face (docs/product.md §12): what query-api reads of the profiles and how it
 * answers them, a user's rating and the reviews they received, and a completed shipment's two
 * reviews for its buyer and seller. Who reviews whom is the domain's (`authorOf`), as the
 * decider reads it.
 */
import {
  reviewEditableUntil,
  sellerRatingFrom,
  type ReviewView,
  type SellerRating,
  type ShipmentReviews,
} from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { ShipmentDoc } from '../shipment/projection.ts';
import { authorOf } from './domain.ts';
import type { ReceivedReviewDoc, SellerProfileDoc } from './projection.ts';

export const profilesOf = (side: ReadSide) =>
  side.collection<SellerProfileDoc>(READ_MODELS.sellerProfiles);

export const profileOf = (side: ReadSide, uid: string) =>
  profilesOf(side).findOne({ _id: uid }, { readonly: true });

/** Pure: the rating of a profile, the average to one decimal (0 while there is none). */
export function ratingOf(
  doc: Pick<SellerProfileDoc, 'rating_sum' | 'rating_count'> | null,
): SellerRating {
  return doc ? sellerRatingFrom(doc.rating_sum, doc.rating_count) : sellerRatingFrom(0, 0);
}

/** Pure: one received review as anyone reads it. */
export function reviewView(
  subjectId: string,
  doc: ReceivedReviewDoc,
  authorName: string,
): ReviewView {
  return {
    shipmentId: doc.shipment_id,
    authorId: doc.author_id,
    authorName,
    authorRole: doc.author_role,
    subjectId,
    rating: doc.rating,
    text: doc.text,
    leftAt: doc.left_at,
    editedAt: doc.edited_at,
    editableUntil: reviewEditableUntil(doc.left_at),
  };
}

/** The reviews a profile received, newest first, each with its author's name. */
export const receivedReviewsView = (
  uid: string,
  profile: SellerProfileDoc | null,
  names: Map<string, string>,
): ReviewView[] =>
  (profile?.reviews ?? []).map((r) => reviewView(uid, r, names.get(r.author_id) ?? ''));

/**
 * A shipment's two reviews as one of its parties reads them, or null when `uid` is not its
 * buyer or its seller: theirs is kept on the other party's profile, the other's on theirs.
 */
export async function shipmentReviews(
  side: ReadSide,
  shipment: Pick<ShipmentDoc, '_id' | 'buyer_id' | 'seller_id' | 'status'>,
  uid: string,
  namesOf: (uids: string[]) => Promise<Map<string, string>>,
): Promise<ShipmentReviews | null> {
  const author = authorOf({ buyerId: shipment.buyer_id, sellerId: shipment.seller_id }, uid);
  if (!author) return null;
  const other = author.subjectId;
  const [theirProfile, myProfile, names] = await Promise.all([
    profileOf(side, other),
    profileOf(side, uid),
    namesOf([uid, other]),
  ]);
  const find = (profile: SellerProfileDoc | null, authorId: string) =>
    profile?.reviews.find((r) => r.shipment_id === shipment._id && r.author_id === authorId);
  const mine = find(theirProfile, uid);
  const theirs = find(myProfile, other);
  return {
    shipmentId: shipment._id,
    role: author.role,
    otherPartyId: other,
    open: shipment.status === 'completed',
    mine: mine ? reviewView(other, mine, names.get(uid) ?? '') : null,
    theirs: theirs ? reviewView(uid, theirs, names.get(other) ?? '') : null,
  };
}
