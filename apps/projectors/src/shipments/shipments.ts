/**
 * Shipments as their seller and buyer read them (docs/product.md §11). One document per
 * shipment stream; it remembers the stream version it has applied, so a redelivered event
 * changes nothing.
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type ShipmentDoc } from '@rewear/features/shared/read-models';

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
      status: 'awaiting_shipment',
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
  const next = { ...current, version: event.streamVersion };
  switch (event.type) {
    case 'ShipmentShipped':
      return {
        ...next,
        status: 'shipped',
        carrier: event.data.carrier,
        tracking_number: event.data.trackingNumber,
        shipped_at: event.data.shippedAt,
      };
    case 'ShipmentDelivered':
      return {
        ...next,
        status: 'delivered',
        delivered_at: event.data.deliveredAt,
        delivery_confirmed_by: event.data.confirmedBy,
        protection_ends_at: event.data.protectionEndsAt,
      };
    case 'ShipmentProblemReported':
      return {
        ...next,
        status: 'on_hold',
        problem: {
          reason: event.data.reason,
          text: event.data.text,
          reported_at: event.data.reportedAt,
        },
      };
    case 'ShipmentDisputed':
      return { ...next, status: 'disputed' };
    case 'ShipmentCompleted':
      return { ...next, status: 'completed', completed_at: event.data.completedAt };
    case 'ShipmentCancelled':
      return { ...next, status: 'cancelled', cancel_reason: event.data.reason };
    case 'ShipmentRefunded':
      return {
        ...next,
        status: current.status === 'cancelled' ? 'cancelled' : 'refunded',
        refunded: true,
      };
    case 'ShipmentRefundIssued':
      return { ...next, refund_id: event.data.refundId };
  }
}

export const shipmentsProjector = documentProjector({
  name: 'shipments',
  collectionName: READ_MODELS.shipments,
  indexes: [{ keys: { seller_id: 1, opened_at: -1 } }, { keys: { order_id: 1 } }],
  canHandle: SHIPMENT_EVENTS,
  documentId: (event) => event.data.shipmentId,
  evolve: projectShipment,
});
