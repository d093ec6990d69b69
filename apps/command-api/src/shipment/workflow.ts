/**
 * The shipment process across streams: opening one shipment per seller when an order is paid,
 * and what follows a decided refund (the processor's refund, the stock of a cancelled shipment
 * back on its listings). Every step is safe to repeat.
 */
import { loggerFor } from '@rewear/platform';
import { type CommandEnvironment } from '../shared/decider.ts';
import type { PlacedOrder } from '@rewear/features/order/domain';
import type { PaymentGateway } from '../payments/port.ts';
import {
  shipmentIdFor,
  type ShipmentCommand,
  type ShipmentState,
} from '@rewear/features/shipment/decider';
import { listings } from '../listing/aggregate.ts';
import { shipments } from './aggregate.ts';

export interface ShipmentServices {
  env: CommandEnvironment;
  payments: Pick<PaymentGateway, 'refund'>;
}

/** The processor's idempotency key of a shipment's refund: one refund per shipment, ever. */
export const refundIdempotencyKey = (shipmentId: string) => `shipment-refund-${shipmentId}`;

/**
 * Opens one shipment per seller for the items of `order` that were sold to it (`sellerOf` maps
 * a product to its seller). Returns the position of the last append.
 */
export async function openShipments(
  env: CommandEnvironment,
  order: PlacedOrder,
  sellerOf: ReadonlyMap<string, string>,
): Promise<number> {
  const bySeller = new Map<string, PlacedOrder['items']>();
  for (const item of order.items) {
    const sellerId = sellerOf.get(item.productId);
    if (!sellerId) continue;
    bySeller.set(sellerId, [...(bySeller.get(sellerId) ?? []), item]);
  }
  let position = 0;
  for (const [sellerId, items] of bySeller) {
    const shipmentId = shipmentIdFor(order.orderId, sellerId);
    const outcome = await shipments.handle(env, shipmentId, {
      type: 'OpenShipment',
      shipmentId,
      orderId: order.orderId,
      sellerId,
      buyerId: order.userId,
      items,
      // What the buyer paid this seller: the lines less the seller's bundle discount.
      amountCents:
        items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0) -
        (order.discounts?.find((d) => d.sellerId === sellerId)?.amountCents ?? 0),
      currency: 'usd',
      shipping: order.shipping,
      paymentIntentId: order.paymentIntentId,
    });
    position = Math.max(position, outcome.position);
  }
  return position;
}

/**
 * After the shipment's refund is decided: asks the processor (the key makes a repeat harmless)
 * and records its refund id; gives the stock of a cancelled shipment back to its listings. A
 * processor that fails leaves the refund decided and not issued: the sweeper tries again.
 */
export async function settleRefund(
  services: ShipmentServices,
  shipmentId: string,
  state: ShipmentState,
): Promise<number> {
  const { env } = services;
  const shipment = state.opened;
  if (!shipment || !state.refund) return 0;
  let position = 0;
  if (state.status === 'cancelled') {
    for (const item of shipment.items) {
      const returned = await listings.handle(env, item.productId, {
        type: 'ReturnStock',
        orderId: shipment.orderId,
      });
      position = Math.max(position, returned.position);
    }
  }
  if (state.refund.issuedAs) return position;
  try {
    const refund = await services.payments.refund(
      shipment.paymentIntentId,
      state.refund.amountCents,
      refundIdempotencyKey(shipmentId),
    );
    const issued = await shipments.handle(env, shipmentId, {
      type: 'RecordRefundIssued',
      refundId: refund.id,
    });
    position = Math.max(position, issued.position);
  } catch (err) {
    loggerFor('shipments').error(
      { err },
      `[shipments] refund of shipment ${shipmentId} not issued yet`,
    );
  }
  return position;
}

/**
 * Runs one shipment command; when it decided a refund, settles it. The answer's position covers
 * every append.
 */
export async function runShipmentCommand(
  services: ShipmentServices,
  shipmentId: string,
  command: ShipmentCommand,
): Promise<{ state: ShipmentState; position: number; changed: boolean }> {
  const outcome = await shipments.handle(services.env, shipmentId, command);
  let position = outcome.position;
  if (outcome.events.some((event) => event.type === 'ShipmentRefunded')) {
    position = Math.max(position, await settleRefund(services, shipmentId, outcome.state));
  }
  const { state } = await shipments.load(services.env.aggregates, shipmentId);
  return { state, position, changed: outcome.events.length > 0 };
}

export async function loadShipment(env: CommandEnvironment, shipmentId: string) {
  return shipments.load(env.aggregates, shipmentId);
}
