/**
 * The lifecycle of a shipment, from a paid order to the money released (docs/product.md §11):
 * its statuses, its timers and which action is open to whom. The command side decides with
 * these rules; the query side uses the same ones to list the actions a person may take.
 * No zod here: the storefront uses these rules, and the request bodies (shipment-requests.ts)
 * would bring zod's runtime into its pages.
 */
import type { z } from 'zod';
import type * as answers from './answers.ts';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The timers of the lifecycle, in one place. */
export const SHIPMENT_TIMERS = {
  /** A seller who has not shipped within this long loses the sale: cancelled and refunded. */
  shipWithinMs: 5 * DAY_MS,
  /** Buyer protection: after delivery the buyer may report a problem this long; then it completes. */
  protectionMs: 2 * DAY_MS,
} as const;

export const SHIPMENT_STATUSES = [
  'awaiting_shipment',
  'shipped',
  'delivered',
  'on_hold',
  'completed',
  'refunded',
  'disputed',
  'cancelled',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const PROBLEM_REASONS = ['not_as_described', 'damaged', 'not_received'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

export type ShipmentRole = 'buyer' | 'seller';

/** What a person can do with a shipment; each is a command route of its own. */
export const SHIPMENT_ACTIONS = {
  ship: { role: 'seller', path: 'ship' },
  markDelivered: { role: 'seller', path: 'delivered' },
  confirmReceipt: { role: 'buyer', path: 'delivered' },
  confirmOk: { role: 'buyer', path: 'complete' },
  reportProblem: { role: 'buyer', path: 'problem' },
  acceptReturn: { role: 'seller', path: 'accept-return' },
  dispute: { role: 'seller', path: 'dispute' },
  cancel: { role: 'buyer', path: 'cancel' },
} as const satisfies Record<string, { role: ShipmentRole; path: string }>;
export type ShipmentAction = keyof typeof SHIPMENT_ACTIONS;

/** The statuses each action starts from. */
const OPEN_FROM: Record<ShipmentAction, readonly ShipmentStatus[]> = {
  ship: ['awaiting_shipment'],
  markDelivered: ['shipped'],
  confirmReceipt: ['shipped'],
  confirmOk: ['delivered'],
  reportProblem: ['delivered'],
  acceptReturn: ['on_hold'],
  dispute: ['on_hold'],
  cancel: ['awaiting_shipment'],
};

export interface ShipmentClock {
  status: ShipmentStatus;
  /** When buyer protection ends (delivery + SHIPMENT_TIMERS.protectionMs); null before delivery. */
  protectionEndsAt: string | null;
}

/** Is `action` open from where the shipment is, at `now`? (Who asks is checked apart.) */
export function isActionOpen(action: ShipmentAction, shipment: ShipmentClock, now: Date): boolean {
  if (!OPEN_FROM[action].includes(shipment.status)) return false;
  if (action === 'reportProblem')
    return (
      shipment.protectionEndsAt !== null && now.getTime() < Date.parse(shipment.protectionEndsAt)
    );
  return true;
}

/** The actions open to `role` now, in the order a screen would offer them. */
export function actionsOpenTo(
  role: ShipmentRole,
  shipment: ShipmentClock,
  now: Date,
): ShipmentAction[] {
  return (Object.keys(SHIPMENT_ACTIONS) as ShipmentAction[]).filter(
    (action) => SHIPMENT_ACTIONS[action].role === role && isActionOpen(action, shipment, now),
  );
}

/** Why an action is not open from `status`: the 409's message. */
export function notOpenMessage(status: ShipmentStatus): string {
  switch (status) {
    case 'awaiting_shipment':
      return 'This order has not shipped yet';
    case 'shipped':
      return 'This order has already shipped and is not delivered yet';
    case 'delivered':
      return 'This order has already been delivered';
    case 'on_hold':
      return 'A problem has been reported with this order; it is on hold';
    case 'completed':
      return 'This order is already completed';
    case 'refunded':
      return 'This order has already been refunded';
    case 'disputed':
      return 'This order is disputed';
    case 'cancelled':
      return 'This order has already been cancelled';
  }
}

/** A shipment as its buyer or seller reads it (GET /api/sales, GET /api/orders/{id}/shipments). */
export type ShipmentView = z.output<typeof answers.shipmentViewAnswer>;

/** GET /api/sales/balance: the seller's money, in dollars. */
export type SellerBalance = z.output<typeof answers.sellerBalanceAnswer>;
