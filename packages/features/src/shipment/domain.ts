/**
 * A shipment's domain (docs/product.md §11): what one seller sends for one paid order. The
 * status each event leads to is written here once: the decider folds it to decide, the
 * shipments projection folds it to keep the document both parties read. Pure.
 */
import type { DisputeOutcome, EventData, EventOf, ShipmentStatus } from '@rewear/contracts';

/** The events of a shipment's stream. */
export const SHIPMENT_STREAM_EVENTS = [
  'ShipmentOpened',
  'ShipmentShipped',
  'ShipmentDelivered',
  'ShipmentProblemReported',
  'ShipmentDisputed',
  'ShipmentDisputeSettled',
  'ShipmentCompleted',
  'ShipmentCancelled',
  'ShipmentRefunded',
  'ShipmentRefundIssued',
] as const;

export type ShipmentEvent = EventOf<(typeof SHIPMENT_STREAM_EVENTS)[number]>;

export type OpenedShipment = EventData<'ShipmentOpened'>;

export interface ShipmentState {
  opened: OpenedShipment | null;
  status: ShipmentStatus | null;
  protectionEndsAt: string | null;
  refund: { amountCents: number; issuedAs: string | null } | null;
  /** Whom an operator settled the dispute for; null while none was. */
  settledFor: DisputeOutcome | null;
}

/** The shipment of one seller in one order. Deterministic, so a retried payment opens it once. */
export const shipmentIdFor = (orderId: string, sellerId: string) => `${orderId}.${sellerId}`;

export const initialShipmentState = (): ShipmentState => ({
  opened: null,
  status: null,
  protectionEndsAt: null,
  refund: null,
  settledFor: null,
});

/** The status after `event`; an event that is no step (a settlement, a refund issued) keeps it. */
export function shipmentStatusAfter(
  status: ShipmentStatus | null,
  event: Pick<ShipmentEvent, 'type'>,
): ShipmentStatus | null {
  switch (event.type) {
    case 'ShipmentOpened':
      return 'awaiting_shipment';
    case 'ShipmentShipped':
      return 'shipped';
    case 'ShipmentDelivered':
      return 'delivered';
    case 'ShipmentProblemReported':
      return 'on_hold';
    case 'ShipmentDisputed':
      return 'disputed';
    case 'ShipmentCompleted':
      return 'completed';
    case 'ShipmentCancelled':
      return 'cancelled';
    case 'ShipmentRefunded':
      // A cancelled shipment stays cancelled (and refunded); a return becomes refunded.
      return status === 'cancelled' ? 'cancelled' : 'refunded';
    default:
      return status;
  }
}

export function evolveShipment(state: ShipmentState, event: ShipmentEvent): ShipmentState {
  const status = shipmentStatusAfter(state.status, event);
  switch (event.type) {
    case 'ShipmentOpened':
      return { ...state, opened: event.data, status };
    case 'ShipmentDelivered':
      return { ...state, status, protectionEndsAt: event.data.protectionEndsAt };
    case 'ShipmentDisputeSettled':
      return { ...state, settledFor: event.data.outcome };
    case 'ShipmentRefunded':
      return { ...state, status, refund: { amountCents: event.data.amountCents, issuedAs: null } };
    case 'ShipmentRefundIssued':
      return state.refund
        ? { ...state, refund: { ...state.refund, issuedAs: event.data.refundId } }
        : state;
    default:
      return { ...state, status };
  }
}
