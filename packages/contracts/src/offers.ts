/**
 * Offers, messages and bundles (docs/product.md §13): the rules both sides read, the request
 * bodies (camelCase, docs/api.md) and the views the query side answers.
 */
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './offer-rules.ts';
import { dollarAmount, idParam } from './requests.ts';
import type * as answers from './answers.ts';

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
export type OfferView = z.output<typeof answers.offerViewAnswer>;

/** One step of a conversation: a message or an offer's step, in order. */
export type ConversationEntry = z.output<typeof answers.conversationEntryAnswer>;

export type ConversationSummary = z.output<typeof answers.conversationSummaryAnswer>;

/** GET /api/conversations/{conversationId} */
export type ConversationView = z.output<typeof answers.conversationViewAnswer>;

/** GET /api/conversations */
export type ConversationList = z.output<typeof answers.conversationListAnswer>;

/** GET /api/sellers/{uid}/bundle-discounts */
export type BundleDiscounts = z.output<typeof answers.bundleDiscountsAnswer>;
