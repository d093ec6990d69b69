/**
 * Sellers' badges and holiday mode (docs/product.md §14.4, §14.5): the badges' rules, written
 * once for the projector that computes them and the screens that explain them, and the body of
 * PUT /api/me/holiday.
 */
import { z } from 'zod';

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
    rule: 'At least 5 completed sales, an average rating of 4.5 or more, and problems on at most 10% of sales',
  },
];

/** The badge with this id (an unknown id: none). */
export const sellerBadgeOf = (id: string): SellerBadge | undefined =>
  SELLER_BADGES.find((badge) => badge.id === id);

/** A holiday lasts at most this many days. */
export const HOLIDAY_MAX_DAYS = 90;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-24')
  .refine(
    (value) => {
      const at = Date.parse(`${value}T00:00:00.000Z`);
      return !Number.isNaN(at) && new Date(at).toISOString().startsWith(value);
    },
    {
      message: 'That date does not exist',
    },
  );

/** Body of PUT /api/me/holiday: the first day away and the day the seller is back. */
export const holidayBody = z.object({ from: day, until: day });
export type HolidayBody = z.infer<typeof holidayBody>;
