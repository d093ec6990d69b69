/**
 * Offers, messages and bundles (docs/product.md §13): the rules both sides read, the request
 * bodies (camelCase, docs/api.md) and the views the query side answers.
 */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, type OfferStatus } from './offer-rules.ts';
import { dollarAmount, idParam } from './requests.ts';

// The rules and ids are apart from the schemas, so the product page's offer form does not carry zod.
export * from './offer-rules.ts';

export const listingConversationParams = z.object({ id: idParam });
export const conversationParams = z.object({ conversationId: idParam });
export const offerParams = z.object({ conversationId: idParam, offerId: idParam });

export const messageBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Please write a message')
    .max(MESSAGE_MAX_LENGTH, `A message is at most ${MESSAGE_MAX_LENGTH} characters`),
});
export type MessageBody = z.infer<typeof messageBody>;

/** An offer or a counter: the amount in dollars. */
export const offerBody = z.object({ amount: dollarAmount });
export type OfferBody = z.infer<typeof offerBody>;

export const bundleTier = z.object({
  minItems: z.number().int().min(2, 'A bundle is at least 2 items').max(20),
  percent: z.number().int().min(1, 'A discount is at least 1 %').max(90),
});
export type BundleTier = z.infer<typeof bundleTier>;
export const bundleDiscountsBody = z.object({
  tiers: z.array(bundleTier).max(5, 'At most 5 bundle discounts'),
});
export type BundleDiscountsBody = z.infer<typeof bundleDiscountsBody>;

/** One offer as both parties read it (dollars). */
export interface OfferView {
  offerId: string;
  amount: number;
  /** The seller's counter, if any. */
  counterAmount: number | null;
  status: OfferStatus;
  /** Until when the current step may be answered (pending, countered). */
  expiresAt: string | null;
  /** Until when an accepted offer's price holds. */
  holdsUntil: string | null;
}

/** One step of a conversation: a message or an offer's step, in order. */
export interface ConversationEntry {
  id: string;
  kind:
    | 'message'
    | 'offer_made'
    | 'offer_countered'
    | 'offer_accepted'
    | 'offer_declined'
    | 'offer_expired'
    | 'offer_redeemed';
  /** Who did it; null for the timers. */
  authorId: string | null;
  /** Plain text (messages); the client shows it as text. */
  text: string | null;
  offerId: string | null;
  amount: number | null;
  at: string;
}

export interface ConversationSummary {
  conversationId: string;
  listingId: string;
  listingTitle: string;
  listingImage: string;
  listPrice: number;
  buyerId: string;
  sellerId: string;
  /** The other party's name, as the reader sees it. */
  otherName: string;
  role: 'buyer' | 'seller';
  lastText: string;
  lastAt: string;
}

/** GET /api/conversations/{conversationId} */
export interface ConversationView extends ConversationSummary {
  offers: OfferView[];
  entries: ConversationEntry[];
  /** What the reader may do now. */
  canOffer: boolean;
}

/** GET /api/conversations */
export interface ConversationList {
  conversations: ConversationSummary[];
}

/** GET /api/sellers/{uid}/bundle-discounts */
export interface BundleDiscounts {
  sellerId: string;
  tiers: BundleTier[];
}
