/**
 * A shipment's query face (docs/product.md §11): a seller's sales and money, the shipments of one
 * order, each as the person asking sees it, with the actions open to them (query-api mounts them).
 */
import {
  actionsOpenTo,
  toDollars,
  type SellerBalance,
  type ShipmentRole,
  type ShipmentView,
} from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { SellerBalanceDoc, ShipmentDoc } from './projection.ts';

/** Pure: one shipment as `role` sees it at `now`. */
export function shipmentView(doc: ShipmentDoc, role: ShipmentRole, now: Date): ShipmentView {
  return {
    shipmentId: doc._id,
    orderId: doc.order_id,
    status: doc.status,
    sellerId: doc.seller_id,
    buyerId: doc.buyer_id,
    items: doc.items.map((item) => ({
      productId: item.product_id,
      title: item.title,
      image: item.image,
      quantity: item.quantity,
      unitPrice: toDollars(item.unit_price_cents),
    })),
    amount: toDollars(doc.amount_cents),
    shipping: { ...doc.shipping },
    carrier: doc.carrier,
    trackingNumber: doc.tracking_number,
    openedAt: doc.opened_at,
    shipBy: doc.ship_by,
    shippedAt: doc.shipped_at,
    deliveredAt: doc.delivered_at,
    protectionEndsAt: doc.protection_ends_at,
    problem: doc.problem
      ? { reason: doc.problem.reason, text: doc.problem.text, reportedAt: doc.problem.reported_at }
      : null,
    completedAt: doc.completed_at,
    refunded: doc.refunded,
    cancelReason: doc.cancel_reason,
    actions: actionsOpenTo(
      role,
      { status: doc.status, protectionEndsAt: doc.protection_ends_at },
      now,
    ),
  };
}

/** Pure: a seller's balance in dollars (the read model keeps cents). */
export function balanceView(doc: SellerBalanceDoc | null): SellerBalance {
  return {
    pending: toDollars(doc?.pending_cents ?? 0),
    available: toDollars(doc?.available_cents ?? 0),
    movements: (doc?.movements ?? []).map((m) => ({
      shipmentId: m.shipment_id,
      orderId: m.order_id,
      kind: m.kind,
      amount: toDollars(m.amount_cents),
      at: m.at,
    })),
  };
}

export const shipmentsOf = (side: ReadSide) => side.collection<ShipmentDoc>(READ_MODELS.shipments);

/** The time the actions open to the asker are read at: once the shipments are read. */
type Clock = () => Date;
const systemClock: Clock = () => new Date();

/** A seller's shipments as they see them now, newest first. */
export async function salesOf(
  side: ReadSide,
  sellerId: string,
  clock: Clock = systemClock,
): Promise<ShipmentView[]> {
  const docs = await shipmentsOf(side).find(
    { seller_id: sellerId },
    { sort: { opened_at: -1, _id: 1 } },
  );
  const now = clock();
  return docs.map((doc) => shipmentView(doc, 'seller', now));
}

/** A seller's balance in dollars (zeros when nothing was sold). */
export async function sellerBalanceOf(side: ReadSide, sellerId: string): Promise<SellerBalance> {
  const doc = await side
    .collection<SellerBalanceDoc>(READ_MODELS.sellerBalances)
    .findOne({ _id: sellerId });
  return balanceView(doc);
}

/** The shipments of one order (one per seller) as its buyer sees them now. */
export async function shipmentsOfOrder(
  side: ReadSide,
  orderId: string,
  clock: Clock = systemClock,
): Promise<ShipmentView[]> {
  const docs = await shipmentsOf(side).find({ order_id: orderId }, { sort: { _id: 1 } });
  const now = clock();
  return docs.map((doc) => shipmentView(doc, 'buyer', now));
}
