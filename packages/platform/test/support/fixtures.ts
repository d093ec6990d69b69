/**
 * Minimal projectors and event builders for exercising the projector runtime on the real
 * embedded engines. `catalogueProjector` is listing-shaped: documents per listing plus counts
 * recomputed from documents (never incremented), the way the real projectors are written.
 */
import { randomUUID } from 'node:crypto';
import type { DomainEvent, EnvelopeOf } from '@rewear/contracts';
import type { Doc, EventStore } from '@rewear/ports';
import type { Projector, ReadSide } from '../../src/projection.ts';

export interface ListingDoc extends Doc {
  title: string;
  priceCents: number;
  categoryId: number;
  brandId: string;
  stock: number;
  updatedAt: string;
}

async function recountCategory(target: ReadSide, categoryId: number) {
  const listings = target.collection<ListingDoc>('listings');
  const count = await listings.count({ categoryId, stock: { $gt: 0 } });
  await target.collection('category_counts').put({ _id: String(categoryId), categoryId, count });
}

export const catalogueProjector: Projector = {
  name: 'test-catalogue',
  collections: {
    listings: [{ keys: { categoryId: 1 } }, { keys: { brandId: 1 } }],
    category_counts: [],
  },
  handles: ['ListingCreated', 'ListingUpdated', 'ListingDeleted', 'StockSold'],
  async apply(event, target) {
    const listings = target.collection<ListingDoc>('listings');
    switch (event.type) {
      case 'ListingCreated': {
        const { data } = event as EnvelopeOf<'ListingCreated'>;
        if (data.title === 'poison') throw new Error('This listing cannot be projected');
        await listings.put({
          _id: data.listingId,
          title: data.title,
          priceCents: data.priceCents,
          categoryId: data.categoryId,
          brandId: data.brandId,
          stock: data.stock,
          updatedAt: event.occurredAt,
        });
        await recountCategory(target, data.categoryId);
        return;
      }
      case 'ListingUpdated': {
        const { data } = event as EnvelopeOf<'ListingUpdated'>;
        const before = await listings.findOne({ _id: data.listingId });
        if (!before) return;
        await listings.update(data.listingId, {
          $set: { ...data.changes, updatedAt: event.occurredAt } as Partial<ListingDoc>,
        });
        await recountCategory(target, before.categoryId);
        if (data.changes.categoryId !== undefined)
          await recountCategory(target, data.changes.categoryId);
        return;
      }
      case 'StockSold': {
        // Sold quantities are kept per order and stock recomputed: a redelivery changes nothing.
        const { data } = event as EnvelopeOf<'StockSold'>;
        const before = await listings.findOne({ _id: data.listingId });
        if (!before) return;
        const sold = {
          ...((before.sold as Record<string, number> | undefined) ?? {}),
          [data.orderId]: data.quantity,
        };
        const initial = (before.initialStock as number | undefined) ?? before.stock;
        const stock = Math.max(0, initial - Object.values(sold).reduce((a, b) => a + b, 0));
        await listings.update(data.listingId, {
          $set: { sold, initialStock: initial, stock } as Partial<ListingDoc>,
        });
        await recountCategory(target, before.categoryId);
        return;
      }
      case 'ListingDeleted': {
        const { data } = event as EnvelopeOf<'ListingDeleted'>;
        const before = await listings.findOne({ _id: data.listingId });
        await listings.delete(data.listingId);
        if (before) await recountCategory(target, before.categoryId);
        return;
      }
    }
  },
};

/** Counts carts per user: a second, independent projector. */
export const cartsProjector: Projector = {
  name: 'test-carts',
  collections: { carts: [{ keys: { userId: 1 } }] },
  handles: ['CartCreated', 'CartItemAdded'],
  async apply(event, target) {
    const carts = target.collection('carts');
    if (event.type === 'CartCreated') {
      const { data } = event as EnvelopeOf<'CartCreated'>;
      await carts.put({ _id: data.cartId, userId: data.userId, items: {} });
    } else if (event.type === 'CartItemAdded') {
      const { data } = event as EnvelopeOf<'CartItemAdded'>;
      const cart = await carts.findOne({ _id: data.cartId });
      if (!cart) throw new Error(`Cart ${data.cartId} is unknown`);
      const items = { ...(cart.items as Record<string, number>), [data.productId]: data.quantity };
      await carts.update(data.cartId, { $set: { items } });
    }
  },
};

export function listingCreated(
  n: number,
  overrides: Partial<EnvelopeOf<'ListingCreated'>['data']> = {},
): DomainEvent {
  return {
    type: 'ListingCreated',
    data: {
      listingId: `l${n}`,
      sellerId: `seller${n % 17}`,
      sellerName: 'Seller',
      sellerPhoto: null,
      createdAt: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
      stock: 1 + (n % 3),
      title: `Listing ${n}`,
      description: 'A well kept piece',
      priceCents: 1000 + ((n * 37) % 9000),
      originalPriceCents: null,
      image: '',
      gallery: [],
      brandId: `b${n % 11}`,
      categoryId: 1 + (n % 7),
      conditionIds: [1],
      sizeIds: [2],
      colorIds: [3],
      ...overrides,
    },
  };
}

export const listingUpdated = (n: number, priceCents: number): DomainEvent => ({
  type: 'ListingUpdated',
  data: { listingId: `l${n}`, changes: { priceCents } },
});

export const stockSold = (n: number, orderId: string, quantity = 1): DomainEvent => ({
  type: 'StockSold',
  data: { listingId: `l${n}`, orderId, quantity },
});

export const appendOptions = (expectedVersion: number) => ({
  expectedVersion,
  actor: 'tester',
  correlationId: randomUUID(),
});

/** Appends a listing's creation and a price change, as a command would. Returns the last position. */
export async function appendListing(store: EventStore, n: number): Promise<number> {
  const created = await store.append(`listing-l${n}`, [listingCreated(n)], appendOptions(0));
  const updated = await store.append(
    `listing-l${n}`,
    [listingUpdated(n, 500 + n)],
    appendOptions(created.streamVersion),
  );
  return updated.position;
}

/** Every document of a collection, sorted by id, for comparing two read models. */
export async function snapshot(target: ReadSide, collection: string): Promise<Doc[]> {
  return target.collection(collection).find({}, { sort: { _id: 1 } });
}
