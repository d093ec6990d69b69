/**
 * Reviews' domain (docs/product.md §12): after a shipment completes, its buyer and its seller
 * may each review the other once, then change that review for 7 days. What both sides fold is
 * written here once: a review's state in its stream, who reviews whom, that a review of oneself
 * counts for nothing, and how the reviews a user received (and so their rating) follow the
 * events. Pure: no clock, no I/O.
 */
import type { EventData, EventOf, ShipmentRole } from '@rewear/contracts';

/** The events of a shipment's review stream (`review-{shipmentId}`). */
export const REVIEW_EVENTS = ['ReviewLeft', 'ReviewEdited'] as const;

export type ReviewEvent = EventOf<(typeof REVIEW_EVENTS)[number]>;

export interface HeldReview {
  rating: number;
  text: string;
  leftAt: string;
  editedAt: string | null;
}

/** A shipment's two reviews, one per author role. */
export interface ReviewState {
  buyer: HeldReview | null;
  seller: HeldReview | null;
}

export const initialReviewState = (): ReviewState => ({ buyer: null, seller: null });

export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  const role = event.data.authorRole;
  switch (event.type) {
    case 'ReviewLeft':
      return {
        ...state,
        [role]: {
          rating: event.data.rating,
          text: event.data.text,
          leftAt: event.data.leftAt,
          editedAt: null,
        },
      };
    case 'ReviewEdited': {
      const held = state[role];
      if (!held) return state;
      return {
        ...state,
        [role]: {
          ...held,
          rating: event.data.rating,
          text: event.data.text,
          editedAt: event.data.editedAt,
        },
      };
    }
    default:
      return state;
  }
}

/** A shipment's two parties. */
export interface Parties {
  buyerId: string;
  sellerId: string;
}

/** The part `uid` plays in a shipment and whom their review is of; null when it is not theirs. */
export function authorOf(
  parties: Parties,
  uid: string,
): { role: ShipmentRole; subjectId: string } | null {
  if (uid === parties.buyerId) return { role: 'buyer', subjectId: parties.sellerId };
  if (uid === parties.sellerId) return { role: 'seller', subjectId: parties.buyerId };
  return null;
}

/**
 * A review whose author is its subject (a shipment bought from oneself, possible before buying
 * one's own listing was refused): the decider refuses it, the read side neither shows nor
 * counts one recorded before.
 */
export const isSelfReview = (review: { authorId: string; subjectId: string }): boolean =>
  review.authorId === review.subjectId;

/**
 * How a read model keeps one review a user received, so that the rules of
 * `receiveReview` are written once for every such read model.
 */
export interface ReceivedShape<R> {
  /** Which review it is: a review is known by its shipment and its author. */
  key(review: R): { shipmentId: string; authorId: string };
  /** When an edit last changed it; null while it was never edited. */
  editedAt(review: R): string | null;
  left(data: EventData<'ReviewLeft'>): R;
  edited(review: R, data: EventData<'ReviewEdited'>): R;
}

/**
 * Pure: the reviews a user received after `event`, or null when it changes nothing. A
 * redelivered ReviewLeft counts once, a review of oneself not at all (its edits then find
 * nothing to change), and an edit replaces the review unless a newer edit already did (a
 * redelivered older edit does not undo it).
 */
export function receiveReview<R>(
  reviews: readonly R[],
  event: ReviewEvent,
  shape: ReceivedShape<R>,
): R[] | null {
  const d = event.data;
  const index = reviews.findIndex((r) => {
    const key = shape.key(r);
    return key.shipmentId === d.shipmentId && key.authorId === d.authorId;
  });
  if (event.type === 'ReviewLeft') {
    if (index >= 0 || isSelfReview(d)) return null;
    return [...reviews, shape.left(event.data)];
  }
  const review = reviews[index];
  if (review === undefined) return null;
  const editedAt = shape.editedAt(review);
  if (editedAt !== null && editedAt >= event.data.editedAt) return null;
  const next = [...reviews];
  next[index] = shape.edited(review, event.data);
  return next;
}

/** A user's rating as the read side keeps it: the stars of the reviews they received, summed and counted. */
export function ratingTotals(reviews: readonly { rating: number }[]): {
  sum: number;
  count: number;
} {
  return { sum: reviews.reduce((sum, r) => sum + r.rating, 0), count: reviews.length };
}
