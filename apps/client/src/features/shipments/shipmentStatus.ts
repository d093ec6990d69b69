/** How the screens name and colour a shipment's status, reason and money movement (docs/product.md §11). */
import {
  SHIPMENT_TIMERS,
  type ProblemReason,
  type SellerBalance,
  type ShipmentStatus,
  type ShipmentView,
} from '@rewear/contracts';
import type { StatusTone } from '../orders/orderGrouping.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const LABELS: Record<ShipmentStatus, string> = {
  awaiting_shipment: 'Awaiting shipment',
  shipped: 'Shipped',
  delivered: 'Delivered',
  on_hold: 'On hold',
  completed: 'Completed',
  refunded: 'Refunded',
  disputed: 'Disputed',
  cancelled: 'Cancelled',
};

export function shipmentStatusLabel(status: ShipmentStatus): string {
  return LABELS[status] ?? status;
}

/**
 * docs/product.md §4.8's badge colours: delivered green, shipped blue, paid purple, any other grey.
 * A shipment awaiting shipment is the paid part of an order, so it keeps the purple of "paid".
 */
export function shipmentStatusTone(status: ShipmentStatus): StatusTone {
  switch (status) {
    case 'awaiting_shipment':
      return 'purple';
    case 'shipped':
      return 'blue';
    case 'delivered':
      return 'green';
    default:
      return 'grey';
  }
}

export const PROBLEM_REASON_LABELS: Record<ProblemReason, string> = {
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  not_received: 'Not received',
};

export const MOVEMENT_LABELS: Record<SellerBalance['movements'][number]['kind'], string> = {
  held: 'Payment held',
  released: 'Released to your balance',
  refunded: 'Refunded to the buyer',
};

/** Why a cancelled shipment was cancelled, in words; null otherwise. */
export function cancelReasonText(shipment: Pick<ShipmentView, 'cancelReason'>): string | null {
  switch (shipment.cancelReason) {
    case 'buyer_cancelled':
      return 'Cancelled by the buyer before shipping';
    case 'not_shipped_in_time':
      return `Cancelled: not shipped within ${SHIPMENT_TIMERS.shipWithinMs / DAY_MS} days of payment`;
    default:
      return null;
  }
}

/**
 * How far an order's packages went, for the order page's timeline: processed once every package
 * shipped, delivered once every one arrived (a cancelled package counts for neither); the last
 * delivery's date. Nothing is done while the packages are not known.
 */
export function orderProgress(
  shipments: ReadonlyArray<Pick<ShipmentView, 'status' | 'shippedAt' | 'deliveredAt'>>,
): { shipped: boolean; delivered: boolean; deliveredAt: string | null } {
  const sent = shipments.filter((s) => s.status !== 'cancelled');
  if (sent.length === 0) return { shipped: false, delivered: false, deliveredAt: null };
  const delivered = sent.every((s) => s.deliveredAt !== null);
  return {
    shipped: sent.every((s) => s.shippedAt !== null),
    delivered,
    deliveredAt: delivered
      ? sent.map((s) => s.deliveredAt!).reduce((a, b) => (a > b ? a : b))
      : null,
  };
}
