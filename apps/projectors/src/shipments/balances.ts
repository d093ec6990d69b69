/**
 * Sellers' balances (docs/product.md §11): a paid shipment's amount is held (pending), then
 * released to the seller (available) when it completes, or leaves when it is refunded. Each
 * shipment moves money at most once per kind, so a redelivered event counts once.
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type BalanceMovementDoc, type SellerBalanceDoc } from '@rewear/features/shared/read-models';

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
