import { describe, it, expect } from 'vitest';
import {
  availableStock,
  listingDecider,
  type ListingEvent,
} from '@rewear/features/listing/decider';
import { fold } from '../../src/shared/decider.ts';
import { given, NOW } from './given.ts';

const created = (stock = 2): ListingEvent => ({
  type: 'ListingCreated',
  data: {
    listingId: 'l1',
    sellerId: 'seller',
    sellerName: 'Sam',
    sellerPhoto: null,
    createdAt: NOW.toISOString(),
    stock,
    title: 'Denim jacket',
    description: 'Blue',
    priceCents: 2500,
    originalPriceCents: null,
    image: '',
    gallery: [],
    brandId: 'b1',
    categoryId: 5,
    conditionIds: [3],
    sizeIds: [],
    colorIds: [],
  },
});
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const reserved = (orderId: string, quantity: number, expiresAt = later(60_000)): ListingEvent => ({
  type: 'StockReserved',
  data: { listingId: 'l1', orderId, quantity, expiresAt },
});
const reserve = (orderId: string, quantity: number, expectedPriceCents = 2500) =>
  ({
    type: 'ReserveStock',
    orderId,
    quantity,
    expectedPriceCents,
    expiresAt: later(900_000),
  }) as const;

describe('listing stock', () => {
  it('reserves what is available', () => {
    given(listingDecider, [created(2)])
      .when(reserve('o1', 2))
      .then([
        {
          type: 'StockReserved',
          data: { listingId: 'l1', orderId: 'o1', quantity: 2, expiresAt: later(900_000) },
        },
      ]);
  });

  it('refuses a reservation beyond available = stock − sold − active reservations', () => {
    given(listingDecider, [
      created(2),
      reserved('o1', 1),
      { type: 'StockSold', data: { listingId: 'l1', orderId: 'o0', quantity: 1 } },
    ])
      .when(reserve('o2', 1))
      .thenRejects('conflict', '"Denim jacket" is no longer available');
  });

  it('no longer counts a reservation past its expiresAt, with no timer involved', () => {
    const events = [created(1), reserved('o1', 1, later(1000))];
    given(listingDecider, events).when(reserve('o2', 1)).thenRejects('conflict');
    given(listingDecider, events)
      .when(reserve('o2', 1), new Date(NOW.getTime() + 1000))
      .then([
        {
          type: 'StockReserved',
          data: { listingId: 'l1', orderId: 'o2', quantity: 1, expiresAt: later(900_000) },
        },
      ]);
  });

  it('refuses a reservation at a price that is no longer the listing’s', () => {
    given(listingDecider, [created(2)])
      .when(reserve('o1', 1, 2000))
      .thenRejects('conflict', 'Price changed');
  });

  it('releases and sells an order’s reservation once', () => {
    const events = [created(2), reserved('o1', 2)];
    given(listingDecider, events)
      .when({ type: 'ReleaseStock', orderId: 'o1', reason: 'expired' })
      .then([
        {
          type: 'StockReleased',
          data: { listingId: 'l1', orderId: 'o1', quantity: 2, reason: 'expired' },
        },
      ]);
    given(listingDecider, [
      ...events,
      {
        type: 'StockReleased',
        data: { listingId: 'l1', orderId: 'o1', quantity: 2, reason: 'expired' },
      },
    ])
      .when({ type: 'ReleaseStock', orderId: 'o1', reason: 'expired' })
      .then([]);
    const sold: ListingEvent = {
      type: 'StockSold',
      data: { listingId: 'l1', orderId: 'o1', quantity: 2 },
    };
    given(listingDecider, events).when({ type: 'SellStock', orderId: 'o1' }).then([sold]);
    given(listingDecider, [...events, sold])
      .when({ type: 'SellStock', orderId: 'o1' })
      .then([]);
    expect(availableStock(fold(listingDecider, [...events, sold]), NOW)).toBe(0);
  });

  it('does not sell a lapsed reservation whose units someone else now holds', () => {
    given(listingDecider, [
      created(1),
      reserved('o1', 1, later(1000)),
      reserved('o2', 1, later(900_000)),
    ])
      .when({ type: 'SellStock', orderId: 'o1' }, new Date(NOW.getTime() + 2000))
      .thenRejects('conflict');
  });

  it('lets only the seller update or delete', () => {
    given(listingDecider, [created()])
      .when({ type: 'UpdateListing', actorId: 'other', changes: { title: 'x' } })
      .thenRejects('forbidden');
    given(listingDecider, [created()])
      .when({ type: 'DeleteListing', actorId: 'other' })
      .thenRejects('forbidden');
    given(listingDecider, [created()])
      .when({
        type: 'UpdateListing',
        actorId: 'seller',
        changes: { priceCents: 1999, title: 'Denim jacket' },
      })
      .then([{ type: 'ListingUpdated', data: { listingId: 'l1', changes: { priceCents: 1999 } } }]);
    given(listingDecider, [created(), { type: 'ListingDeleted', data: { listingId: 'l1' } }])
      .when({ type: 'DeleteListing', actorId: 'seller' })
      .thenRejects('not_found');
  });
});
