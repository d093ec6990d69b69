/**
 * Sellers' badges (docs/product.md §14.5): their rules, written once for the projector that
 * computes them and the screens that explain them (no zod: the client's cards import them).
 */

/** A seller's badge: its id (what answers carry), its label and the rule it stands for. */
export interface SellerBadge {
  id: SellerBadgeId;
  label: string;
  rule: string;
}

export const SELLER_BADGE_IDS = ['ships_fast', 'trusted_seller'] as const;
export type SellerBadgeId = (typeof SELLER_BADGE_IDS)[number];

/** The figures behind the badges (the projector computes them from the events). */
export const BADGE_RULES = {
  shipsFast: { minShipments: 10, lastShipments: 10, withinDays: 2, share: 0.9 },
  trustedSeller: { minCompleted: 5, minRating: 4.5, maxProblemShare: 0.1 },
} as const;

export const SELLER_BADGES: readonly SellerBadge[] = [
  {
    id: 'ships_fast',
    label: 'Ships fast',
    rule: 'At least 90% of the last 10 or more shipments were marked shipped within 2 days',
  },
  {
    id: 'trusted_seller',
    label: 'Trusted seller',
    rule: 'At least 5 completed sales, an average rating of 4.5 or more, and problems reported on at most 10% of shipped sales',
  },
];

/** The badge with this id (an unknown id: none). */
export const sellerBadgeOf = (id: string): SellerBadge | undefined =>
  SELLER_BADGES.find((badge) => badge.id === id);
