/**
 * documentProjector: find → evolve → put or delete, one document per id an event names; through
 * the projector runtime, only the types it handles reach it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  schemaVersionOf,
  type DomainEvent,
  type EnvelopeOf,
  type EventData,
  type EventType,
} from '@rewear/contracts';
import { createMemoryReadModelStore } from '@rewear/memory-read-models';
import { documentProjector } from '../src/document-projector.ts';
import type { Doc, ReadModelStore } from '@rewear/ports';
import type { Projector, ReadSide } from '../src/projection.ts';
import { startProjections } from '../src/runtime/index.ts';
import { embeddedPlatform } from './support/embedded.ts';
import { appendOptions } from './support/fixtures.ts';

let position = 0;
function envelope<T extends EventType>(
  type: T,
  data: EventData<T>,
  streamId = `test-${type}`,
): EnvelopeOf<T> {
  position += 1;
  return {
    id: `evt-${position}`,
    type,
    schemaVersion: schemaVersionOf(type),
    streamId,
    streamVersion: 1,
    position,
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, position)).toISOString(),
    actor: null,
    correlationId: `corr-${position}`,
    causationId: null,
    data,
  } as unknown as EnvelopeOf<T>;
}

/**
 * Quantity per product of each cart (an add sets it: a redelivery changes nothing); a cleared
 * cart is deleted. CartItemRemoved is not handled.
 */
interface CartLines extends Doc {
  user_id: string;
  lines: Record<string, number>;
}

function evolveLines(
  current: CartLines | null,
  event: EnvelopeOf<'CartCreated' | 'CartItemAdded' | 'CartCleared'>,
): CartLines | null {
  switch (event.type) {
    case 'CartCreated':
      return current ?? { _id: event.data.cartId, user_id: event.data.userId, lines: {} };
    case 'CartItemAdded':
      if (!current || current.lines[event.data.productId] === event.data.quantity) return current;
      return {
        ...current,
        lines: { ...current.lines, [event.data.productId]: event.data.quantity },
      };
    case 'CartCleared':
      return null;
  }
}

const cartLines = () =>
  documentProjector({
    name: 'cart-lines',
    collectionName: 'cart_lines',
    indexes: [{ keys: { user_id: 1 } }],
    canHandle: ['CartCreated', 'CartItemAdded', 'CartCleared'],
    documentId: (event) => event.data.cartId,
    evolve: evolveLines,
  });

/** A read side straight on a store, recording the writes. */
function readSide(store: ReadModelStore = createMemoryReadModelStore()) {
  const writes: string[] = [];
  const side: ReadSide = {
    collection<T extends Doc = Doc>(name: string) {
      const collection = store.collection<T>(name);
      return new Proxy(collection, {
        get(target, key) {
          if (key === 'put')
            return async (doc: T) => {
              writes.push(`put ${doc._id}`);
              await target.put(doc);
            };
          if (key === 'delete')
            return async (id: string) => {
              writes.push(`delete ${id}`);
              await target.delete(id);
            };
          const value: unknown = Reflect.get(target, key);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    searchIndex() {
      throw new Error('no search index here');
    },
  };
  const docs = (name: string) => store.collection(name).find({}, { sort: { _id: 1 } });
  return { side, writes, docs };
}

const created = (cartId: string) =>
  envelope('CartCreated', { cartId, userId: `u-${cartId}` }, `cart-${cartId}`);
const added = (cartId: string, productId: string, quantity: number) =>
  envelope('CartItemAdded', { cartId, productId, quantity }, `cart-${cartId}`);
const cleared = (cartId: string) =>
  envelope('CartCleared', { cartId, reason: 'user' }, `cart-${cartId}`);

describe('documentProjector', () => {
  it('is a projector of its collection, with its indexes, handling the types it names', () => {
    const projector: Projector = cartLines();
    expect(projector.name).toBe('cart-lines');
    expect(projector.collections).toEqual({ cart_lines: [{ keys: { user_id: 1 } }] });
    expect(projector.handles).toEqual(['CartCreated', 'CartItemAdded', 'CartCleared']);
  });

  it('creates the document, updates it, and deletes it when evolve gives null', async () => {
    const projector = cartLines();
    const { side, docs, writes } = readSide();
    await projector.apply(created('c1'), side);
    expect(await docs('cart_lines')).toEqual([{ _id: 'c1', user_id: 'u-c1', lines: {} }]);
    await projector.apply(added('c1', 'p1', 2), side);
    await projector.apply(added('c1', 'p2', 3), side);
    expect(await docs('cart_lines')).toEqual([
      { _id: 'c1', user_id: 'u-c1', lines: { p1: 2, p2: 3 } },
    ]);
    await projector.apply(cleared('c1'), side);
    expect(await docs('cart_lines')).toEqual([]);
    expect(writes).toEqual(['put c1', 'put c1', 'put c1', 'delete c1']);
  });

  it('writes nothing when evolve keeps the document, or leaves an absent one absent', async () => {
    const projector = cartLines();
    const { side, docs, writes } = readSide();
    await projector.apply(added('c1', 'p1', 1), side); // before its creation: stays absent
    await projector.apply(cleared('c1'), side); // absent already: no delete
    await projector.apply(created('c1'), side);
    await projector.apply(created('c1'), side); // a redelivery: the same document back
    await projector.apply(added('c1', 'p1', 1), side);
    await projector.apply(added('c1', 'p1', 1), side);
    expect(writes).toEqual(['put c1', 'put c1']);
    expect(await docs('cart_lines')).toEqual([{ _id: 'c1', user_id: 'u-c1', lines: { p1: 1 } }]);
  });

  it('keeps the documents of several streams apart, whatever the interleaving', async () => {
    const projector = cartLines();
    const { side, docs } = readSide();
    for (const event of [
      created('c1'),
      created('c2'),
      added('c2', 'p1', 4),
      added('c1', 'p1', 1),
      created('c3'),
      cleared('c2'),
      added('c3', 'p1', 2),
      added('c1', 'p2', 1),
    ])
      await projector.apply(event, side);
    expect(await docs('cart_lines')).toEqual([
      { _id: 'c1', user_id: 'u-c1', lines: { p1: 1, p2: 1 } },
      { _id: 'c3', user_id: 'u-c3', lines: { p1: 2 } },
    ]);
  });

  it('evolves each document an event names', async () => {
    const items = documentProjector({
      name: 'wished',
      collectionName: 'wished',
      canHandle: ['WishlistItemAdded', 'WishlistCleared'],
      documentId: (event) =>
        event.type === 'WishlistCleared'
          ? event.data.productIds.map((p) => `${event.data.userId}|${p}`)
          : `${event.data.userId}|${event.data.productId}`,
      evolve: (current: Doc | null, event) =>
        event.type === 'WishlistCleared'
          ? null
          : (current ?? { _id: `${event.data.userId}|${event.data.productId}` }),
    });
    const { side, docs } = readSide();
    for (const productId of ['p1', 'p2', 'p3'])
      await items.apply(envelope('WishlistItemAdded', { userId: 'u1', productId }), side);
    await items.apply(envelope('WishlistItemAdded', { userId: 'u2', productId: 'p1' }), side);
    await items.apply(
      envelope('WishlistCleared', { userId: 'u1', productIds: ['p1', 'p3'] }),
      side,
    );
    expect((await docs('wished')).map((d) => d._id)).toEqual(['u1|p2', 'u2|p1']);
  });

  it('starts an absent document from the initial state', async () => {
    const followers = documentProjector({
      name: 'followers',
      collectionName: 'followers',
      canHandle: ['CollectionFollowed'],
      documentId: (event) => event.data.collectionId,
      initialState: (id): Doc & { users: string[] } => ({ _id: id, users: [] }),
      // The document is never null here.
      evolve: (doc, event) =>
        doc.users.includes(event.data.userId)
          ? doc
          : { ...doc, users: [...doc.users, event.data.userId] },
    });
    const { side, docs } = readSide();
    for (const userId of ['u1', 'u2', 'u1'])
      await followers.apply(envelope('CollectionFollowed', { collectionId: 'k1', userId }), side);
    expect(await docs('followers')).toEqual([{ _id: 'k1', users: ['u1', 'u2'] }]);
  });

  it('refuses a document whose id is not the one the event named', async () => {
    const wrong = documentProjector({
      name: 'wrong',
      collectionName: 'wrong',
      canHandle: ['CartCreated'],
      documentId: (event) => event.data.cartId,
      evolve: (_doc: Doc | null, event) => ({ _id: event.data.userId }),
    });
    const { side, writes } = readSide();
    await expect(wrong.apply(created('c1'), side)).rejects.toThrow(
      /wrong: evolve gave document u-c1 for c1 \(CartCreated\)/,
    );
    expect(writes).toEqual([]);
  });

  it('names only event types of the catalogue, and evolve sees only the handled ones', () => {
    documentProjector({
      name: 'typed',
      collectionName: 'typed',
      // @ts-expect-error: no such event type
      canHandle: ['CartCreatd'],
      documentId: () => 'x',
      evolve: (doc: Doc | null) => doc,
    });
    documentProjector({
      name: 'typed',
      collectionName: 'typed',
      canHandle: ['CartCreated'],
      documentId: (event) => event.data.cartId,
      evolve: (doc: Doc | null, event) => {
        // @ts-expect-error: a CartCreated has no productId
        void event.data.productId;
        return doc;
      },
    });
    const handwritten: Projector = {
      name: 'typed',
      collections: {},
      // @ts-expect-error: no such event type
      handles: ['OrderPayed'],
      async apply() {},
    };
    expect(handwritten.name).toBe('typed');
  });
});

describe('documentProjector in the projector runtime', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  it('is given only the types it handles, live, replayed and rebuilt', async () => {
    const platform = embeddedPlatform();
    cleanups.push(() => platform.remove());
    const append = (streamId: string, version: number, event: DomainEvent) =>
      platform.eventStore.append(streamId, [event], appendOptions(version));
    const runtime = await startProjections({
      platform,
      projectors: [cartLines()],
      log: { info() {}, warn() {}, error() {} },
    });
    cleanups.push(() => runtime.stop());
    await append('cart-c1', 0, { type: 'CartCreated', data: { cartId: 'c1', userId: 'u1' } });
    await append('cart-c1', 1, {
      type: 'CartItemAdded',
      data: { cartId: 'c1', productId: 'p1', quantity: 3 },
    });
    // Not handled: evolve has no case for it (given one, the helper would have dead-lettered it).
    await append('cart-c1', 2, {
      type: 'CartItemRemoved',
      data: { cartId: 'c1', productId: 'p1', quantity: 1 },
    });
    await append('cart-c2', 0, { type: 'CartCreated', data: { cartId: 'c2', userId: 'u2' } });
    await append('cart-c2', 1, { type: 'CartCleared', data: { cartId: 'c2', reason: 'user' } });
    expect(await runtime.catchUp(5000)).toBe(true);
    const carts = () => runtime.readSide.collection('cart_lines').find({}, { sort: { _id: 1 } });
    const expected = [{ _id: 'c1', user_id: 'u1', lines: { p1: 3 } }];
    expect(await carts()).toEqual(expected);
    await runtime.replay('cart-lines', 0);
    expect(await carts()).toEqual(expected);
    await runtime.rebuild('cart-lines');
    expect(await carts()).toEqual(expected);
    expect(await runtime.deadLettersOf('cart-lines')).toEqual([]);
  });
});
