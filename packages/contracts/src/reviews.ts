/**
 * Reviews after a completed shipment (docs/product.md §12): its buyer and its seller may each
 * review the other once, and change that review for a while. The command side decides with these
 * rules; the query side and the client use the same window to say whether a review can change.
 */
import { z } from 'zod';
import type { Product, SellerRating } from './api.ts';
import type { ShipmentRole } from './shipments.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const REVIEW_RULES = {
  /** A review can be changed this long after it was left. */
  editWindowMs: 7 * DAY_MS,
  textMax: 1000,
} as const;

/** The 409 of an edit after the window. */
export const REVIEW_EDIT_CLOSED_MESSAGE = `Reviews can be changed for ${
  REVIEW_RULES.editWindowMs / DAY_MS
} days`;

/** Until when a review left at `leftAt` can be changed. */
export const reviewEditableUntil = (leftAt: string) =>
  new Date(Date.parse(leftAt) + REVIEW_RULES.editWindowMs).toISOString();

// Body of POST and PUT /api/shipments/{shipmentId}/review (camelCase, docs/api.md).
export const reviewBody = z.object({
  rating: z
    .number({ error: 'rating must be a whole number of stars from 1 to 5' })
    .int('rating must be a whole number of stars from 1 to 5')
    .min(1, 'rating must be a whole number of stars from 1 to 5')
    .max(5, 'rating must be a whole number of stars from 1 to 5'),
  text: z
    .string({ error: 'text must be a string' })
    .trim()
    .max(REVIEW_RULES.textMax, 'Please keep the review to at most 1000 characters'),
});
export type ReviewBody = z.infer<typeof reviewBody>;

/** One review as anyone reads it. */
export interface ReviewView {
  shipmentId: string;
  authorId: string;
  /** The author's display name now ('' when unknown). */
  authorName: string;
  /** What the author was in that sale: a review of a seller comes from its buyer. */
  authorRole: ShipmentRole;
  subjectId: string;
  rating: number;
  text: string;
  leftAt: string;
  editedAt: string | null;
  editableUntil: string;
}

/** The command answer of POST and PUT /api/shipments/{shipmentId}/review. */
export interface ReviewLeftAnswer {
  review: Omit<ReviewView, 'authorName'>;
  position: number;
}

/** GET /api/shipments/{shipmentId}/reviews: the shipment's two reviews, for its buyer or seller. */
export interface ShipmentReviews {
  shipmentId: string;
  /** What the person asking is in this shipment. */
  role: ShipmentRole;
  /** The other party's uid: the subject of the asker's review. */
  otherPartyId: string;
  /** Reviews open once the shipment is completed. */
  open: boolean;
  mine: ReviewView | null;
  theirs: ReviewView | null;
}

/** GET /api/sellers/{uid}: a public profile. */
export interface SellerProfile {
  uid: string;
  displayName: string;
  photoUrl: string | null;
  /** When the user registered; null when unknown (listings seeded without an account). */
  memberSince: string | null;
  rating: SellerRating;
  /** Received, newest first. */
  reviews: ReviewView[];
  /** Their listings for sale (in stock), newest first. */
  listings: Product[];
  /** Units of their completed shipments. */
  itemsSold: number;
}

/** GET /api/products/{id}: the product, its seller's rating read from their profile. */
export interface ProductDetail extends Product {
  sellerRating: SellerRating;
}
