/**
 * A shipment's read face (docs/product.md §11): the shipments as their seller and buyer read
 * them, and the sellers' balances, with their document types (the projectors mount them).
 *
 * Shipments: one document per shipment stream; it remembers the stream version it has applied,
 * so a redelivered event changes nothing. Its status follows the domain's fold (`./domain.ts`).
 *
 * Balances: a paid shipment's amount is held (pending), then released to the seller (available)
 * when it completes, or leaves when it is refunded. Each shipment moves money at most once per
 * kind, so a redelivered event counts once.
 */
import {
  ERASED_SHIPPING,
  type EnvelopeOf,
  type ProblemReason,
  type ShipmentStatus,
  type ShippingInfo,
} from '@rewear/contracts';
import { documentProjector, erasingOnAccountDeletion, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { OrderItemDoc } from '../order/projection.ts';
import { shipmentStatusAfter } from './domain.ts';

/** One seller's part of a paid order, from paid to released or refunded (docs/product.md §11). */
export interface ShipmentDoc extends Doc {
  _id: string;
  order_id: string;
  seller_id: string;
  buyer_id: string;
  status: ShipmentStatus;
  items: OrderItemDoc[];
  amount_cents: number;
  shipping: ShippingInfo;
  carrier: string | null;
  tracking_number: string | null;
  opened_at: string;
  ship_by: string;
  shipped_at: string | null;
  delivered_at: string | null;
  delivery_confirmed_by: 'seller' | 'buyer' | null;
  protection_ends_at: string | null;
  problem: { reason: ProblemReason; text: string; reported_at: string } | null;
  completed_at: string | null;
  cancel_reason: 'buyer_cancelled' | 'not_shipped_in_time' | null;
  refunded: boolean;
  refund_id: string | null;
  /** Stream version of the last applied event: a redelivered event changes nothing. */
  version: number;
}

/** Money moving for one shipment: held when paid, then released to the seller or refunded. */
export interface BalanceMovementDoc {
  shipment_id: string;
  order_id: string;
  kind: 'held' | 'released' | 'refunded';
  amount_cents: number;
  at: string;
}

/** A seller's money: held (pending) and released (available), with the movements, in cents. */
export interface SellerBalanceDoc extends Doc {
  _id: string;
  pending_cents: number;
  available_cents: number;
  /** Oldest first; one per shipment and kind, so a redelivered event counts once. */
  movements: BalanceMovementDoc[];
}

export const SHIPMENT_EVENTS = [
  'ShipmentOpened',
  'ShipmentShipped',
  'ShipmentDelivered',
  'ShipmentProblemReported',
  'ShipmentDisputed',
  'ShipmentCompleted',
  'ShipmentCancelled',
  'ShipmentRefunded',
  'ShipmentRefundIssued',
] as const;

export type ShipmentEnvelope = EnvelopeOf<(typeof SHIPMENT_EVENTS)[number]>;

export function projectShipment(
  current: ShipmentDoc | null,
  event: ShipmentEnvelope,
): ShipmentDoc | null {
  if (current && event.streamVersion <= current.version) return current; // already applied
  if (event.type === 'ShipmentOpened') {
    const d = event.data;
    return {
      _id: d.shipmentId,
      order_id: d.orderId,
      seller_id: d.sellerId,
      buyer_id: d.buyerId,
      status: shipmentStatusAfter(null, event)!,
      items: d.items.map((i) => ({
        product_id: i.productId,
        title: i.title,
        image: i.image,
        quantity: i.quantity,
        unit_price_cents: i.unitPriceCents,
      })),
      amount_cents: d.amountCents,
      shipping: { ...d.shipping },
      carrier: null,
      tracking_number: null,
      opened_at: d.openedAt,
      ship_by: d.shipBy,
      shipped_at: null,
      delivered_at: null,
      delivery_confirmed_by: null,
      protection_ends_at: null,
      problem: null,
      completed_at: null,
      cancel_reason: null,
      refunded: false,
      refund_id: null,
      version: event.streamVersion,
    };
  }
  if (!current) return null;
  const next = {
    ...current,
    status: shipmentStatusAfter(current.status, event)!,
    version: event.streamVersion,
  };
  switch (event.type) {
    case 'ShipmentShipped':
      return {
        ...next,
        carrier: event.data.carrier,
        tracking_number: event.data.trackingNumber,
        shipped_at: event.data.shippedAt,
      };
    case 'ShipmentDelivered':
      return {
        ...next,
        delivered_at: event.data.deliveredAt,
        delivery_confirmed_by: event.data.confirmedBy,
        protection_ends_at: event.data.protectionEndsAt,
      };
    case 'ShipmentProblemReported':
      return {
        ...next,
        problem: {
          reason: event.data.reason,
          text: event.data.text,
          reported_at: event.data.reportedAt,
        },
      };
    case 'ShipmentDisputed':
      return next;
    case 'ShipmentCompleted':
      return { ...next, completed_at: event.data.completedAt };
    case 'ShipmentCancelled':
      return { ...next, cancel_reason: event.data.reason };
    case 'ShipmentRefunded':
      return {
        ...next,
        refunded: true,
      };
    case 'ShipmentRefundIssued':
      return { ...next, refund_id: event.data.refundId };
  }
}

export const shipmentsProjector = erasingOnAccountDeletion(
  documentProjector({
    name: 'shipments',
    collectionName: READ_MODELS.shipments,
    indexes: [{ keys: { seller_id: 1, opened_at: -1 } }, { keys: { order_id: 1 } }],
    canHandle: SHIPMENT_EVENTS,
    documentId: (event) => event.data.shipmentId,
    evolve: projectShipment,
  }),
  // The buyer's address and the problem they reported, as a rebuild reads them once their key
  // is gone.
  async (event, target) => {
    const shipments = target.collection<ShipmentDoc>(READ_MODELS.shipments);
    for (const shipment of await shipments.find(
      { buyer_id: event.data.userId },
      { readonly: true },
    ))
      await shipments.update(shipment._id, {
        $set: {
          shipping: { ...ERASED_SHIPPING },
          ...(shipment.problem ? { problem: { ...shipment.problem, text: '' } } : {}),
        },
      });
  },
);

export const BALANCE_EVENTS = ['ShipmentOpened', 'ShipmentCompleted', 'ShipmentRefunded'] as const;

export type BalanceEvent = EnvelopeOf<(typeof BALANCE_EVENTS)[number]>;

const emptyBalance = (sellerId: string): SellerBalanceDoc => ({
  _id: sellerId,
  pending_cents: 0,
  available_cents: 0,
  movements: [],
});

function movementOf(current: SellerBalanceDoc, event: BalanceEvent): BalanceMovementDoc {
  const shipmentId = event.data.shipmentId;
  const orderOf = () => current.movements.find((m) => m.shipment_id === shipmentId)?.order_id ?? '';
  switch (event.type) {
    case 'ShipmentOpened':
      return {
        shipment_id: shipmentId,
        order_id: event.data.orderId,
        kind: 'held',
        amount_cents: event.data.amountCents,
        at: event.data.openedAt,
      };
    case 'ShipmentCompleted':
      return {
        shipment_id: shipmentId,
        order_id: orderOf(),
        kind: 'released',
        amount_cents: event.data.amountCents,
        at: event.data.completedAt,
      };
    case 'ShipmentRefunded':
      return {
        shipment_id: shipmentId,
        order_id: event.data.orderId,
        kind: 'refunded',
        amount_cents: event.data.amountCents,
        at: event.data.refundedAt,
      };
  }
}

export function projectBalance(
  current: SellerBalanceDoc | null,
  event: BalanceEvent,
): SellerBalanceDoc {
  const balance = current ?? emptyBalance(event.data.sellerId);
  const movement = movementOf(balance, event);
  if (
    balance.movements.some(
      (m) => m.shipment_id === movement.shipment_id && m.kind === movement.kind,
    )
  )
    return balance; // already counted
  const cents = movement.amount_cents;
  return {
    ...balance,
    pending_cents: balance.pending_cents + (movement.kind === 'held' ? cents : -cents),
    available_cents: balance.available_cents + (movement.kind === 'released' ? cents : 0),
    movements: [...balance.movements, movement],
  };
}

export const sellerBalancesProjector = documentProjector({
  name: 'seller-balances',
  collectionName: READ_MODELS.sellerBalances,
  canHandle: BALANCE_EVENTS,
  documentId: (event) => event.data.sellerId,
  evolve: projectBalance,
});

/** The read models of a shipment's lifecycle: the shipments and the sellers' balances. */
export const shipmentProjectors = [shipmentsProjector, sellerBalancesProjector];
