/**
 * A realistic mix of commands' events, as one append per command: users register, brands and
 * listings are created and repriced, carts fill, wishlists grow. `step(n)` is deterministic.
 */
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@rewear/contracts';
import type { EventStore } from '@rewear/platform';

export interface Append {
  streamId: string;
  events: DomainEvent[];
}

const listing = (n: number): DomainEvent => ({
  type: 'ListingCreated',
  data: {
    listingId: `l${n}`,
    sellerId: `u${n % 50}`,
    sellerName: `Seller ${n % 50}`,
    sellerPhoto: null,
    createdAt: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
    stock: 1 + (n % 3),
    title: `${['Denim', 'Linen', 'Wool', 'Silk'][n % 4]} ${['jacket', 'dress', 'shirt', 'coat', 'skirt'][n % 5]} ${n}`,
    description: 'Gently worn, kept with care',
    priceCents: 1500 + ((n * 373) % 12000),
    originalPriceCents: null,
    image: n % 5 === 0 ? '' : `/images/l${n}.jpg`,
    gallery: [],
    brandId: `b${n % 12}`,
    categoryId: 1 + (n % 6),
    conditionIds: [1 + (n % 4)],
    sizeIds: [1 + (n % 5)],
    colorIds: [1 + (n % 8)],
  },
});

/** The n-th command's append. Stream versions follow from n, so it needs no state. */
export function step(n: number): Append & { expectedVersion: number } {
  const k = Math.floor(n / 8);
  switch (n % 8) {
    case 0:
      return {
        streamId: `user-u${k}`,
        expectedVersion: 0,
        events: [
          {
            type: 'UserRegistered',
            data: {
              uid: `u${k}`,
              email: `u${k}@example.com`,
              displayName: `User ${k}`,
              photoUrl: null,
            },
          },
        ],
      };
    case 1:
      return {
        streamId: `brand-b${k}`,
        expectedVersion: 0,
        events: [
          { type: 'BrandCreated', data: { brandId: `b${k}`, name: `Brand ${k}`, image: null } },
        ],
      };
    case 2:
    case 3: {
      const id = 2 * k + (n % 8) - 2;
      return { streamId: `listing-l${id}`, expectedVersion: 0, events: [listing(id)] };
    }
    case 4:
      return {
        streamId: `listing-l${2 * k}`,
        expectedVersion: 1,
        events: [
          {
            type: 'ListingUpdated',
            data: { listingId: `l${2 * k}`, changes: { priceCents: 999 + k } },
          },
        ],
      };
    case 5:
      return {
        streamId: `cart-c${k}`,
        expectedVersion: 0,
        events: [{ type: 'CartCreated', data: { cartId: `c${k}`, userId: `u${k}` } }],
      };
    case 6:
      return {
        streamId: `cart-c${k}`,
        expectedVersion: 1,
        events: [
          {
            type: 'CartItemAdded',
            data: { cartId: `c${k}`, productId: `l${2 * k + 1}`, quantity: 1 },
          },
        ],
      };
    default:
      return {
        streamId: `wishlist-u${k}`,
        expectedVersion: 0,
        events: [{ type: 'WishlistItemAdded', data: { userId: `u${k}`, productId: `l${2 * k}` } }],
      };
  }
}

/** Appends steps [from, to) and returns the last position. */
export async function appendSteps(store: EventStore, from: number, to: number): Promise<number> {
  let position = 0;
  for (let n = from; n < to; n++) {
    const { streamId, events, expectedVersion } = step(n);
    position = (
      await store.append(streamId, events, {
        expectedVersion,
        actor: 'seed',
        correlationId: randomUUID(),
      })
    ).position;
  }
  return position;
}

/**
 * The k-th shipment's whole life as one append: opened, then by k completed, cancelled and
 * refunded, refunded after a problem, disputed, or still awaiting shipment. Seller u{k % 20}.
 */
export function shipmentLife(k: number): Append {
  const shipmentId = `o${k}.u${k % 20}`;
  const at = (minutes: number) =>
    new Date(Date.UTC(2024, 1, 1) + (k + minutes) * 60_000).toISOString();
  const amountCents = 1500 + ((k * 211) % 9000);
  const refunded = (reason: 'buyer_cancelled' | 'return_accepted'): DomainEvent => ({
    type: 'ShipmentRefunded',
    data: {
      shipmentId,
      orderId: `o${k}`,
      sellerId: `u${k % 20}`,
      paymentIntentId: `pi_${k}`,
      amountCents,
      reason,
      refundedAt: at(90),
    },
  });
  const events: DomainEvent[] = [
    {
      type: 'ShipmentOpened',
      data: {
        shipmentId,
        orderId: `o${k}`,
        sellerId: `u${k % 20}`,
        buyerId: `u${(k + 7) % 50}`,
        items: [
          {
            productId: `l${k}`,
            title: `Item ${k}`,
            image: '',
            quantity: 1,
            unitPriceCents: amountCents,
          },
        ],
        amountCents,
        currency: 'usd',
        shipping: { name: 'A', address: 'B', city: 'C', state: 'D', zip: '1', email: 'a@b.co' },
        paymentIntentId: `pi_${k}`,
        openedAt: at(0),
        shipBy: at(5 * 24 * 60),
      },
    },
  ];
  const shipped: DomainEvent = {
    type: 'ShipmentShipped',
    data: { shipmentId, carrier: 'UPS', trackingNumber: `1Z${k}`, shippedAt: at(30) },
  };
  const delivered: DomainEvent = {
    type: 'ShipmentDelivered',
    data: {
      shipmentId,
      confirmedBy: 'buyer',
      deliveredAt: at(60),
      protectionEndsAt: at(60 + 2 * 24 * 60),
    },
  };
  const problem: DomainEvent = {
    type: 'ShipmentProblemReported',
    data: { shipmentId, reason: 'damaged', text: 'Torn', reportedAt: at(70) },
  };
  switch (k % 5) {
    case 0:
      events.push(shipped, delivered, {
        type: 'ShipmentCompleted',
        data: {
          shipmentId,
          sellerId: `u${k % 20}`,
          amountCents,
          reason: 'buyer_confirmed',
          completedAt: at(80),
        },
      });
      break;
    case 1:
      events.push(
        {
          type: 'ShipmentCancelled',
          data: { shipmentId, reason: 'buyer_cancelled', cancelledAt: at(10) },
        },
        refunded('buyer_cancelled'),
        { type: 'ShipmentRefundIssued', data: { shipmentId, refundId: `re_${k}`, amountCents } },
      );
      break;
    case 2:
      events.push(shipped, delivered, problem, refunded('return_accepted'));
      break;
    case 3:
      events.push(shipped, delivered, problem, {
        type: 'ShipmentDisputed',
        data: { shipmentId, disputedAt: at(80) },
      });
      break;
  }
  return { streamId: `shipment-${shipmentId}`, events };
}

/**
 * The reviews of the k-th shipment, when it completed (k % 5 = 0): its buyer reviews the seller;
 * every other one the seller reviews the buyer too and the buyer changes the stars.
 */
export function reviewsOf(k: number): Append | null {
  if (k % 5 !== 0) return null;
  const shipmentId = `o${k}.u${k % 20}`;
  const seller = `u${k % 20}`;
  const buyer = `u${(k + 7) % 50}`;
  const at = (minutes: number) =>
    new Date(Date.UTC(2024, 1, 2) + (k + minutes) * 60_000).toISOString();
  const byBuyer = { shipmentId, authorId: buyer, authorRole: 'buyer' as const, subjectId: seller };
  const events: DomainEvent[] = [
    {
      type: 'ReviewLeft',
      data: { ...byBuyer, rating: 1 + ((k / 5) % 5), text: `Review ${k}`, leftAt: at(0) },
    },
  ];
  if (k % 10 === 0)
    events.push(
      {
        type: 'ReviewLeft',
        data: {
          shipmentId,
          authorId: seller,
          authorRole: 'seller',
          subjectId: buyer,
          rating: 5,
          text: 'Paid at once',
          leftAt: at(5),
        },
      },
      {
        type: 'ReviewEdited',
        data: { ...byBuyer, rating: 4, text: `Review ${k}, changed`, editedAt: at(10) },
      },
    );
  return { streamId: `review-${shipmentId}`, events };
}

/** Appends the lives of shipments [from, to), and the reviews of the completed ones. */
/**
 * Beside the k-th shipment, a payment an order could not use, refunded: per ten shipments, one
 * order expired before its payment arrived (refunded whole, the processor took it) and one paid
 * order whose second item had sold meanwhile (refunded for it; the processor not yet answered).
 */
export function orderRefundOf(k: number): Append | null {
  if (k % 10 !== 1 && k % 10 !== 6) return null;
  const orderId = `r${k}`;
  const at = (minutes: number) =>
    new Date(Date.UTC(2024, 1, 3) + (k + minutes) * 60_000).toISOString();
  const items = [
    { productId: `l${k}`, title: `Item ${k}`, image: '', quantity: 1, unitPriceCents: 2000 },
    {
      productId: `l${k + 1}`,
      title: `Item ${k + 1}`,
      image: '',
      quantity: 1,
      unitPriceCents: 1500,
    },
  ];
  const placed: DomainEvent = {
    type: 'OrderPlaced',
    data: {
      orderId,
      userId: `u${(k + 7) % 50}`,
      items,
      totalCents: 3500,
      currency: 'usd',
      shipping: {
        name: 'Ann',
        address: '1 Main St',
        city: 'Town',
        state: 'CA',
        zip: '90000',
        email: 'ann@example.com',
      },
      paymentIntentId: `pi_${orderId}`,
      expiresAt: at(15),
    },
  };
  const events: DomainEvent[] =
    k % 10 === 1
      ? [
          placed,
          { type: 'OrderExpired', data: { orderId } },
          {
            type: 'OrderPaymentRefunded',
            data: {
              orderId,
              paymentIntentId: `pi_${orderId}`,
              amountCents: 3500,
              reason: 'order_expired',
              productIds: items.map((i) => i.productId),
              refundedAt: at(20),
            },
          },
          {
            type: 'OrderRefundIssued',
            data: { orderId, refundId: `re_${orderId}`, amountCents: 3500 },
          },
        ]
      : [
          placed,
          {
            type: 'OrderPaid',
            data: { orderId, paymentIntentId: `pi_${orderId}`, amountCents: 3500 },
          },
          {
            type: 'OrderPaymentRefunded',
            data: {
              orderId,
              paymentIntentId: `pi_${orderId}`,
              amountCents: 1500,
              reason: 'items_unavailable',
              productIds: [items[1]!.productId],
              refundedAt: at(20),
            },
          },
        ];
  return { streamId: `order-${orderId}`, events };
}

export async function appendShipments(store: EventStore, from: number, to: number): Promise<void> {
  for (let k = from; k < to; k++) {
    for (const append of [shipmentLife(k), reviewsOf(k), orderRefundOf(k)]) {
      if (!append) continue;
      await store.append(append.streamId, append.events, {
        expectedVersion: 0,
        actor: 'seed',
        correlationId: randomUUID(),
      });
    }
  }
}

/**
 * The k-th conversation's events (docs/product.md §13): a buyer writes about listing `l{k}` and
 * offers; per three conversations the seller accepts one, counters one (accepted by the buyer)
 * and leaves one unanswered until it expires; each fifth seller sets bundle discounts.
 */
export function conversationLife(k: number): Append[] {
  const listingId = `l${k}`;
  const buyerId = `u${(k + 7) % 1000}`;
  const sellerId = `u${k % 50}`;
  const ref = {
    conversationId: `${listingId}_${buyerId}`,
    listingId,
    listingTitle: `Listing ${k}`,
    buyerId,
    sellerId,
  };
  const at = (hours: number) =>
    new Date(Date.UTC(2024, 2, 1) + k * 60_000 + hours * 3_600_000).toISOString();
  const offerId = `o${k}`;
  const events: DomainEvent[] = [
    {
      type: 'MessageSent',
      data: { ...ref, senderId: buyerId, text: `Is ${k} still there?`, sentAt: at(0) },
    },
    { type: 'MessageSent', data: { ...ref, senderId: sellerId, text: 'Yes', sentAt: at(1) } },
    {
      type: 'OfferMade',
      data: {
        ...ref,
        offerId,
        amountCents: 2000,
        listPriceCents: 3000,
        madeAt: at(2),
        expiresAt: at(50),
      },
    },
  ];
  if (k % 3 === 0)
    events.push({
      type: 'OfferAccepted',
      data: {
        ...ref,
        offerId,
        acceptedBy: 'seller',
        amountCents: 2000,
        acceptedAt: at(3),
        holdsUntil: at(27),
      },
    });
  if (k % 3 === 1)
    events.push(
      {
        type: 'OfferCountered',
        data: { ...ref, offerId, amountCents: 2500, counteredAt: at(3), expiresAt: at(51) },
      },
      {
        type: 'OfferAccepted',
        data: {
          ...ref,
          offerId,
          acceptedBy: 'buyer',
          amountCents: 2500,
          acceptedAt: at(4),
          holdsUntil: at(28),
        },
      },
    );
  if (k % 3 === 2)
    events.push({
      type: 'OfferExpired',
      data: { ...ref, offerId, reason: 'unanswered', expiredAt: at(50) },
    });
  const appends: Append[] = [{ streamId: `conversation-${ref.conversationId}`, events }];
  if (k % 5 === 0 && k < 250)
    appends.push({
      streamId: `bundle-${sellerId}-${k}`,
      events: [
        {
          type: 'BundleDiscountsSet',
          data: {
            sellerId: `${sellerId}-${k}`,
            tiers: [{ minItems: 2, percent: 10 }],
            setAt: at(0),
          },
        },
      ],
    });
  return appends;
}

export async function appendConversations(
  store: EventStore,
  from: number,
  to: number,
): Promise<void> {
  for (let k = from; k < to; k++) {
    for (const append of conversationLife(k)) {
      await store.append(append.streamId, append.events, {
        expectedVersion: 0,
        actor: 'seed',
        correlationId: randomUUID(),
      });
    }
  }
}

/**
 * The k-th seller's holiday (docs/product.md §14.5), seller u{k} (k < 50, a seller of the
 * steps' listings): set and started; every third one ended by the seller, every third one by
 * itself, the others still under way (their listings hidden).
 */
export function holidayLife(k: number): Append {
  const uid = `u${k}`;
  const at = (hours: number) =>
    new Date(Date.UTC(2024, 3, 1) + k * 60_000 + hours * 3_600_000).toISOString();
  const days = { uid, from: '2024-04-01', until: '2024-04-15' };
  const events: DomainEvent[] = [
    { type: 'HolidayModeSet', data: { ...days, setAt: at(0) } },
    { type: 'HolidayModeStarted', data: { ...days, startedAt: at(0) } },
  ];
  if (k % 3 === 0)
    events.push({ type: 'HolidayModeEnded', data: { uid, why: 'seller', endedAt: at(48) } });
  if (k % 3 === 1)
    events.push({ type: 'HolidayModeEnded', data: { uid, why: 'ended', endedAt: at(14 * 24) } });
  return { streamId: `holiday-${uid}`, events };
}

export async function appendHolidays(store: EventStore, from: number, to: number): Promise<void> {
  for (let k = from; k < to; k++) {
    const append = holidayLife(k);
    await store.append(append.streamId, append.events, {
      expectedVersion: 0,
      actor: 'seed',
      correlationId: randomUUID(),
    });
  }
}
