/**
 * Sellers' badges (docs/product.md §14.5): what a seller earned from their shipments and the
 * ratings they received, computed from the events alone (their times in the data, never the
 * clock), so a rebuild gives the badges the live run gave. The rules' texts are the contracts'
 * (SELLER_BADGES); their figures are BADGE_RULES. Pure.
 */
import { BADGE_RULES, type EnvelopeOf, type SellerBadgeId } from '@rewear/contracts';

/** A seller's shipment as far as the badges look at it. */
export interface BadgeShipment {
  id: string;
  opened_at: string;
  /** When it was marked shipped; null while not. */
  shipped_at: string | null;
  /** Cancelled because it was not shipped in time: a late shipment. */
  not_shipped: boolean;
  completed: boolean;
  /** The buyer reported a problem with it. */
  problem: boolean;
}

/** The shipments' events the badges follow. */
export const BADGE_SHIPMENT_EVENTS = [
  'ShipmentOpened',
  'ShipmentShipped',
  'ShipmentProblemReported',
  'ShipmentCompleted',
  'ShipmentCancelled',
] as const;

export type BadgeShipmentEvent = EnvelopeOf<(typeof BADGE_SHIPMENT_EVENTS)[number]>;

/** Pure: the seller's shipments after `event` (the same array when nothing changed). */
export function shipmentsAfter(
  shipments: readonly BadgeShipment[],
  event: BadgeShipmentEvent,
): readonly BadgeShipment[] {
  const id = event.data.shipmentId;
  if (event.type === 'ShipmentOpened') {
    if (shipments.some((s) => s.id === id)) return shipments;
    const opened: BadgeShipment = {
      id,
      opened_at: event.data.openedAt,
      shipped_at: null,
      not_shipped: false,
      completed: false,
      problem: false,
    };
    return [...shipments, opened].sort(
      (a, b) => a.opened_at.localeCompare(b.opened_at) || a.id.localeCompare(b.id),
    );
  }
  const current = shipments.find((s) => s.id === id);
  if (!current) return shipments;
  let next = current;
  switch (event.type) {
    case 'ShipmentShipped':
      next = current.shipped_at ? current : { ...current, shipped_at: event.data.shippedAt };
      break;
    case 'ShipmentProblemReported':
      next = current.problem ? current : { ...current, problem: true };
      break;
    case 'ShipmentCompleted':
      next = current.completed ? current : { ...current, completed: true };
      break;
    case 'ShipmentCancelled':
      next =
        event.data.reason === 'not_shipped_in_time' && !current.not_shipped
          ? { ...current, not_shipped: true }
          : current;
      break;
  }
  return next === current ? shipments : shipments.map((s) => (s.id === id ? next : s));
}

const DAY_MS = 86_400_000;

/** Whether a shipment was marked shipped within the rule's days of its opening. */
export const shippedFast = (s: BadgeShipment): boolean =>
  s.shipped_at !== null &&
  Date.parse(s.shipped_at) - Date.parse(s.opened_at) <= BADGE_RULES.shipsFast.withinDays * DAY_MS;

/** The figures behind the badges, as the seller's profile may show them. */
export interface BadgeFigures {
  /** The last shipments judged for speed (shipped, or cancelled as not shipped in time). */
  judged: number;
  fast: number;
  completed: number;
  shipped: number;
  problems: number;
  ratingSum: number;
  ratingCount: number;
}

export function badgeFigures(
  shipments: readonly BadgeShipment[],
  rating: { sum: number; count: number },
): BadgeFigures {
  const judged = shipments.filter((s) => s.shipped_at !== null || s.not_shipped);
  const last =
    judged.length >= BADGE_RULES.shipsFast.minShipments
      ? judged.slice(-BADGE_RULES.shipsFast.lastShipments)
      : judged;
  return {
    judged: judged.length >= BADGE_RULES.shipsFast.minShipments ? last.length : judged.length,
    fast: last.filter(shippedFast).length,
    completed: shipments.filter((s) => s.completed).length,
    shipped: shipments.filter((s) => s.shipped_at !== null).length,
    problems: shipments.filter((s) => s.problem).length,
    ratingSum: rating.sum,
    ratingCount: rating.count,
  };
}

/**
 * The badges the figures earn, in SELLER_BADGES' order. Ratios in whole numbers, so 90 % and
 * 4.5 are met exactly at their thresholds.
 * - 'ships_fast': 10 or more shipments judged, and of the last 10, 90 % or more shipped within 2 days;
 * - 'trusted_seller': 5 or more completed sales, an average rating of 4.5 or more, and problems
 *   reported on at most 10 % of the shipped sales.
 */
export function badgesOf(f: BadgeFigures): SellerBadgeId[] {
  const badges: SellerBadgeId[] = [];
  const fast = BADGE_RULES.shipsFast;
  if (f.judged >= fast.minShipments && f.fast * 100 >= Math.round(fast.share * 100) * f.judged)
    badges.push('ships_fast');
  const trusted = BADGE_RULES.trustedSeller;
  if (
    f.completed >= trusted.minCompleted &&
    f.ratingCount > 0 &&
    f.ratingSum * 10 >= Math.round(trusted.minRating * 10) * f.ratingCount &&
    f.problems * 100 <= Math.round(trusted.maxProblemShare * 100) * f.shipped
  )
    badges.push('trusted_seller');
  return badges;
}

/** Whether two badge lists are the same. */
export const sameBadges = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((badge, i) => badge === b[i]);
