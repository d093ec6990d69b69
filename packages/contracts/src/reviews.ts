/**
 * Reviews after a completed shipment (docs/product.md §12): its buyer and its seller may each
 * review the other once, and change that review for a while. The command side decides with these
 * rules; the query side and the client use the same window to say whether a review can change.
 */
import { z } from 'zod';
import type * as answers from './answers.ts';
import type * as commandAnswers from './command-answers.ts';

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
export type ReviewView = z.output<typeof answers.reviewViewAnswer>;

/** The command answer of POST and PUT /api/shipments/{shipmentId}/review. */
export type ReviewLeftAnswer = z.output<typeof commandAnswers.reviewLeftAnswer>;

/** GET /api/shipments/{shipmentId}/reviews: the shipment's two reviews, for its buyer or seller. */
export type ShipmentReviews = z.output<typeof answers.shipmentReviewsAnswer>;

/** GET /api/sellers/{uid}: a public profile. */
export type SellerProfile = z.output<typeof answers.sellerProfileAnswer>;

/** GET /api/products/{id}: the product, its seller's rating read from their profile. */
export type ProductDetail = z.output<typeof answers.productDetailAnswer>;
