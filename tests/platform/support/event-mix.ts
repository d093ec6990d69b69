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
