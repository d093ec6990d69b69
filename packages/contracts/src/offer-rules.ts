/** The offer and message rules both sides read (docs/product.md §13), and the conversations' ids. */

const HOUR = 60 * 60 * 1000;

export const OFFER_RULES = {
  /** An offer is at least this share of the listed price. */
  minShareOfPrice: 0.5,
  /** Offers one buyer may make on one listing, ever. */
  maxOffersPerListing: 3,
  /** An offer (or a counter) not answered within this expires. */
  answerWithinMs: 48 * HOUR,
  /** An accepted offer's price holds for the buyer this long. */
  holdMs: 24 * HOUR,
} as const;

export const MESSAGE_MAX_LENGTH = 2000;

/** The least a buyer may offer for a listing of this price. */
export const minimumOfferCents = (listPriceCents: number) =>
  Math.ceil(listPriceCents * OFFER_RULES.minShareOfPrice);

/**
 * A conversation's id: one per listing and buyer. Joined by `_`, not `.`: the id is the last
 * segment of the conversation page's path, where a dot would read as a file extension.
 */
export const conversationIdFor = (listingId: string, buyerId: string) => `${listingId}_${buyerId}`;

export const OFFER_STATUSES = [
  'pending',
  'countered',
  'accepted',
  'declined',
  'expired',
  'redeemed',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
