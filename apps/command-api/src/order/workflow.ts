/**
 * The order process across streams: place (price, reserve each listing, create the
 * PaymentIntent, record the order), pay (order, then each listing's sale, then the buyer's
 * cart), fail and expire (order, then releases). Every step is one decided append, and every
 * step is safe to repeat, so a retry after a crash finishes the work without doubling it.
 */
import { loggerFor } from '@rewear/platform';
import {
  priceLines,
  type BundleTier,
  type EventEnvelope,
  type HeldOffer,
  type PricedOrder,
} from '@rewear/contracts';
import { CommandRejected, reject, type CommandEnvironment } from '../shared/decider.ts';
import { refuseWhileAway } from '../holiday/away.ts';
import { type ListingState } from '@rewear/features/listing/decider';
import { cartIdForUser, ownListingMessage } from '@rewear/features/cart/decider';
import { heldPriceOf } from '@rewear/features/cart/domain';
import {
  isPastExpiry,
  paymentMismatch,
  unusablePaymentMessage,
  type OrderState,
  type PlacedOrder,
} from '@rewear/features/order/decider';
import type { PaymentGateway, PaymentIntentView } from '../payments/port.ts';
import { openShipments } from '../shipment/workflow.ts';
import { conversationIdOf } from '@rewear/features/conversation/decider';
import { bundles } from '../bundle/aggregate.ts';
import { carts } from '../cart/aggregate.ts';
import { conversations } from '../conversation/aggregate.ts';
import { listings } from '../listing/aggregate.ts';
import { orders } from './aggregate.ts';

export interface OrderServices {
  env: CommandEnvironment;
  payments: PaymentGateway;
  reservationTtlMs: number;
}

export interface PlaceOrderInput {
  orderId: string;
  userId: string;
  items: Array<{ productId: string; quantity: number; unitPriceCents: number }>;
  shipping: PlacedOrder['shipping'];
}

export interface WorkflowResult<State = unknown> {
  position: number;
  state: State;
}

const maxPosition = (...positions: number[]) => Math.max(0, ...positions);

/** The idempotency key of an order's PaymentIntent: a retried placement reuses the intent. */
export const paymentIdempotencyKey = (orderId: string) => `order-${orderId}`;

export async function placeOrder(
  services: OrderServices,
  input: PlaceOrderInput,
): Promise<WorkflowResult<PlacedOrder> & { clientSecret: string }> {
  const { env } = services;
  // One line per listing: a product listed twice is one reservation of the summed quantity.
  const lines = new Map<string, { productId: string; quantity: number; unitPriceCents: number }>();
  for (const item of input.items) {
    const line = lines.get(item.productId);
    if (line && line.unitPriceCents !== item.unitPriceCents)
      reject('invalid', 'Invalid order data');
    lines.set(item.productId, { ...item, quantity: (line?.quantity ?? 0) + item.quantity });
  }

  // Price every line as it is now (the listing, the buyer's held offer, the seller's bundle
  // discount); nothing is reserved if any price moved.
  const listed = new Map<string, ListingState>();
  for (const line of lines.values()) {
    const { state } = await listings.load(env.aggregates, line.productId);
    if (!state.exists || !state.fields)
      reject('not_found', 'Product not found', { productId: line.productId });
    if (state.deleted)
      reject('conflict', `"${state.fields!.title}" is no longer available`, {
        productId: line.productId,
      });
    if (state.fields!.sellerId === input.userId)
      reject('invalid', ownListingMessage, { productId: line.productId });
    // Nothing of a seller who is away is sold until they are back (holiday mode).
    await refuseWhileAway(env.aggregates, state.fields!.sellerId, env.now());
    listed.set(line.productId, state);
  }
  const priced = await priceOrder(env, input.userId, [...lines.values()], listed);
  const changed = priced.lines
    .filter((line) => line.unitPriceCents !== lines.get(line.productId)!.unitPriceCents)
    .map((line) => ({ productId: line.productId, price: line.unitPriceCents / 100 }));
  if (changed.length > 0) reject('conflict', 'Price changed', changed);

  const expiresAt = new Date(env.now().getTime() + services.reservationTtlMs).toISOString();
  const reserved: string[] = [];
  let position = 0;
  try {
    for (const line of lines.values()) {
      const outcome = await listings.handle(env, line.productId, {
        type: 'ReserveStock',
        orderId: input.orderId,
        quantity: line.quantity,
        // The listing checks its own price again: a change since the pricing above is a 409.
        expectedPriceCents: listed.get(line.productId)!.fields!.priceCents,
        expiresAt,
      });
      reserved.push(line.productId);
      position = maxPosition(position, outcome.position);
    }
    const totalCents = priced.totalCents;
    const intent = await services.payments.createIntent({
      orderId: input.orderId,
      amountCents: totalCents,
      currency: 'usd',
      idempotencyKey: paymentIdempotencyKey(input.orderId),
    });
    const placed: PlacedOrder = {
      orderId: input.orderId,
      userId: input.userId,
      items: priced.lines.map((line) => {
        const fields = listed.get(line.productId)!.fields!;
        return {
          productId: line.productId,
          title: fields.title,
          image: fields.image,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          ...(line.offerId ? { offerId: line.offerId } : {}),
        };
      }),
      ...(priced.discounts.length > 0 ? { discounts: priced.discounts } : {}),
      totalCents,
      currency: 'usd',
      shipping: input.shipping,
      paymentIntentId: intent.id,
      expiresAt,
    };
    const outcome = await orders.handle(env, input.orderId, {
      type: 'PlaceOrder',
      ...placed,
    });
    return {
      position: maxPosition(position, outcome.position),
      state: placed,
      clientSecret: intent.clientSecret,
    };
  } catch (err) {
    // Give back what this attempt took; the order was not placed.
    for (const productId of reserved) {
      await listings
        .handle(env, productId, {
          type: 'ReleaseStock',
          orderId: input.orderId,
          reason: 'order_not_placed',
        })
        .catch(() => {
          /* the reservation still expires by itself */
        });
    }
    throw err;
  }
}

/**
 * The server's price of each line for this buyer (docs/product.md §13): from the listing, or
 * from their accepted offer still holding, less the bundle discounts of the sellers.
 */
async function priceOrder(
  env: CommandEnvironment,
  buyerId: string,
  lines: ReadonlyArray<{ productId: string; quantity: number }>,
  listed: ReadonlyMap<string, ListingState>,
): Promise<PricedOrder> {
  const now = env.now();
  const offers = new Map<string, HeldOffer>();
  const tiersBySeller = new Map<string, BundleTier[]>();
  for (const line of lines) {
    const conversation = await conversations.load(
      env.aggregates,
      conversationIdOf(line.productId, buyerId),
    );
    const held = heldPriceOf(conversation.state.offers, now.getTime());
    if (held) offers.set(line.productId, held);
    const sellerId = listed.get(line.productId)!.fields!.sellerId;
    if (!tiersBySeller.has(sellerId))
      tiersBySeller.set(sellerId, (await bundles.load(env.aggregates, sellerId)).state.tiers);
  }
  return priceLines(
    lines.map((line) => {
      const fields = listed.get(line.productId)!.fields!;
      return {
        productId: line.productId,
        quantity: line.quantity,
        sellerId: fields.sellerId,
        listPriceCents: fields.priceCents,
      };
    }),
    offers,
    tiersBySeller,
  );
}

/** Marks the accepted offers that priced a paid order's lines as used. */
async function redeemOffers(env: CommandEnvironment, order: PlacedOrder): Promise<number> {
  let position = 0;
  for (const item of order.items) {
    if (!item.offerId) continue;
    const outcome = await conversations.handle(
      env,
      conversationIdOf(item.productId, order.userId),
      { type: 'RedeemOffer', offerId: item.offerId, orderId: order.orderId },
    );
    position = maxPosition(position, outcome.position);
  }
  return position;
}

async function releaseAll(
  env: CommandEnvironment,
  order: PlacedOrder,
  reason: 'expired' | 'payment_failed',
): Promise<number> {
  let position = 0;
  for (const item of order.items) {
    const outcome = await listings.handle(env, item.productId, {
      type: 'ReleaseStock',
      orderId: order.orderId,
      reason,
    });
    position = maxPosition(position, outcome.position);
  }
  return position;
}

/** The processor's idempotency key of the refund of a payment an order cannot use: one, ever. */
export const orderRefundIdempotencyKey = (orderId: string) => `order-refund-${orderId}`;

/**
 * Asks the processor for the order's decided refund (the key makes a repeat harmless) and
 * records its id. A processor that fails leaves it decided and not issued: the reservation
 * sweeper asks again. Returns the position of the append, 0 when there was none.
 */
export async function issueOrderRefund(
  services: Pick<OrderServices, 'env'> & { payments: Pick<PaymentGateway, 'refund'> },
  orderId: string,
): Promise<number> {
  const { env } = services;
  const { state } = await loadOrder(env, orderId);
  if (!state.placed || !state.refund || state.refund.issuedAs) return 0;
  try {
    const refund = await services.payments.refund(
      state.placed.paymentIntentId,
      state.refund.amountCents,
      orderRefundIdempotencyKey(orderId),
    );
    const issued = await orders.handle(env, orderId, {
      type: 'RecordRefundIssued',
      refundId: refund.id,
    });
    return issued.position;
  } catch (err) {
    loggerFor('orders').error({ err }, `[orders] refund of order ${orderId} not issued yet`);
    return 0;
  }
}

/** Decides the refund of what `orderId` cannot use of its payment (once), then issues it. */
async function refundUnusablePayment(
  services: OrderServices,
  orderId: string,
  productIds?: string[],
): Promise<number> {
  const decided = await orders.handle(services.env, orderId, {
    type: 'RefundUnusablePayment',
    productIds,
  });
  return maxPosition(decided.position, await issueOrderRefund(services, orderId));
}

/**
 * A succeeded payment for an order that can no longer take it (expired, or its payment had
 * failed and the stock was given back): the money is refunded, and the payment refused with
 * a message that says so.
 */
async function refuseUnusablePayment(
  services: OrderServices,
  orderId: string,
  intent: PaymentIntentView,
): Promise<void> {
  const { env } = services;
  if (intent.status !== 'succeeded') return;
  let { state } = await loadOrder(env, orderId);
  const order = state.placed;
  if (!order || paymentMismatch(order, intent)) return;
  if (state.status === 'pending' && isPastExpiry(order, env.now()))
    state = (await expireOrder(services, orderId)).state;
  if (state.status !== 'expired' && state.status !== 'payment_failed') return;
  await refundUnusablePayment(services, orderId);
  reject('conflict', unusablePaymentMessage(state.status));
}

/**
 * Records the payment of `orderId` as the processor reports it (never as the client claims it):
 * OrderPaid, StockSold per line, one ShipmentOpened per seller of the sold lines, CartCleared on
 * the buyer's cart. Repeating it changes nothing. The money of items that could not be sold
 * (their hold lapsed and someone else bought them) is refunded, and all of it when the order
 * could not be paid any more.
 */
export async function recordPayment(
  services: OrderServices,
  orderId: string,
  intent: PaymentIntentView,
): Promise<WorkflowResult<OrderState>> {
  const { env } = services;
  await refuseUnusablePayment(services, orderId, intent);
  const paid = await orders.handle(env, orderId, {
    type: 'RecordPayment',
    intent,
  });
  const order = paid.state.placed!;
  let position = paid.position;
  const sellerOf = new Map<string, string>();
  const unsold: string[] = [];
  for (const item of order.items) {
    try {
      const sold = await listings.handle(env, item.productId, {
        type: 'SellStock',
        orderId,
      });
      position = maxPosition(position, sold.position);
      if (sold.state.fields) sellerOf.set(item.productId, sold.state.fields.sellerId);
    } catch (err) {
      // Paid, but the units went to someone else after the hold lapsed: refunded below.
      if (!(err instanceof CommandRejected)) throw err;
      loggerFor('orders').warn(
        `[orders] order ${orderId} is paid but listing ${item.productId} could not be sold: ${err.message}`,
      );
      unsold.push(item.productId);
    }
  }
  if (unsold.length > 0)
    position = maxPosition(position, await refundUnusablePayment(services, orderId, unsold));
  position = maxPosition(position, await openShipments(env, order, sellerOf));
  position = maxPosition(position, await redeemOffers(env, order));
  const cleared = await carts.handle(env, cartIdForUser(order.userId), {
    type: 'ClearCartForOrder',
    orderId,
  });
  return { position: maxPosition(position, cleared.position), state: paid.state };
}

export async function recordPaymentFailure(
  services: OrderServices,
  orderId: string,
  intent: PaymentIntentView,
): Promise<WorkflowResult<OrderState>> {
  const { env } = services;
  const failed = await orders.handle(env, orderId, {
    type: 'RecordPaymentFailure',
    intent,
  });
  if (failed.state.status !== 'payment_failed')
    return { position: failed.position, state: failed.state };
  const released = await releaseAll(env, failed.state.placed!, 'payment_failed');
  return { position: maxPosition(failed.position, released), state: failed.state };
}

/** Expires an unpaid order past its expiresAt and gives its stock back; a no-op otherwise. */
export async function expireOrder(
  services: Pick<OrderServices, 'env'>,
  orderId: string,
): Promise<WorkflowResult<OrderState>> {
  const { env } = services;
  const expired = await orders.handle(env, orderId, {
    type: 'ExpireOrder',
  });
  if (expired.state.status !== 'expired')
    return { position: expired.position, state: expired.state };
  const released = await releaseAll(env, expired.state.placed!, 'expired');
  return { position: maxPosition(expired.position, released), state: expired.state };
}

/** The order a PaymentIntent names, from its own stream. */
export async function loadOrder(env: CommandEnvironment, orderId: string) {
  return orders.load(env.aggregates, orderId);
}

export type { EventEnvelope };
