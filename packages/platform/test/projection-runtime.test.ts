import Database from 'better-sqlite3';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@rewear/contracts';
import type { Projector } from '../src/projection.ts';
import { EngineUnavailableError } from '../src/engine-errors.ts';
import {
  CHECKPOINTS_COLLECTION,
  DEAD_LETTERS_COLLECTION,
  GENERATIONS_COLLECTION,
  startProjections,
} from '../src/runtime/index.ts';
import { createEmbeddedSearchEngine } from '@rewear/embedded-search';
import { createMemoryReadModelStore } from '@rewear/memory-read-models';
import type { Doc, ReadModelStore } from '@rewear/ports';
import { embeddedPlatform, type TestPlatform } from './support/embedded.ts';
import {
  appendListing,
  appendOptions,
  cartsProjector,
  catalogueProjector,
  listingCreated,
  snapshot,
  stockSold,
} from './support/fixtures.ts';

const quiet = { info() {}, warn() {}, error() {} };
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function boot(
  platform: TestPlatform,
  projectors: Projector[] = [catalogueProjector, cartsProjector],
) {
  const runtime = await startProjections({ platform, projectors, log: quiet, replayBatchSize: 50 });
  cleanups.push(() => runtime.stop());
  return runtime;
}

function fresh() {
  const platform = embeddedPlatform();
  cleanups.push(() => platform.remove());
  return platform;
}

/**
 * Stores a ListingCreated for listing-l2 without going through append's validation (an old
 * writer, a bad migration): what consume-time validation is there for.
 */
function storeUnchecked(platform: TestPlatform, id: string, data: unknown) {
  const db = new Database(path.join(platform.dir, 'events.db'));
  db.prepare(
    `INSERT INTO events (id, stream_id, stream_version, type, schema_version, occurred_at, actor, correlation_id, causation_id, data)
     VALUES (?, 'listing-l2', 1, 'ListingCreated', 1, '2024-01-01T00:00:00Z', null, 'c', null, ?)`,
  ).run(id, JSON.stringify(data));
  db.close();
}

/** A projector recording what it was given, to see deliveries and skips. */
function recording(name = 'recorder') {
  const seen: EventEnvelope[] = [];
  const projector: Projector = {
    name,
    collections: { seen: [] },
    handles: ['CartCreated'],
    async apply(event, target) {
      seen.push(event);
      await target.collection('seen').put({ _id: event.id, position: event.position });
    },
  };
  return { projector, seen };
}

describe('projector runtime on the embedded engines', () => {
  it('delivers only handled types, in log order, and stores the checkpoint with the writes', async () => {
    const platform = fresh();
    const { projector, seen } = recording();
    const runtime = await boot(platform, [projector]);
    for (let i = 0; i < 5; i++) {
      await platform.eventStore.append(
        `cart-c${i}`,
        [{ type: 'CartCreated', data: { cartId: `c${i}`, userId: `u${i}` } }],
        appendOptions(0),
      );
      await platform.eventStore.append(`listing-l${i}`, [listingCreated(i)], appendOptions(0));
    }
    const head = await platform.eventStore.headPosition();
    expect(await runtime.waitFor(head, 5000)).toBe(true);

    expect(seen.map((e) => e.type)).toEqual(Array(5).fill('CartCreated'));
    expect(seen.map((e) => e.position)).toEqual(
      [...seen.map((e) => e.position)].sort((a, b) => a - b),
    );
    const stored = await platform.readModels
      .collection(CHECKPOINTS_COLLECTION)
      .findOne({ _id: 'recorder__g1' });
    expect(stored).toMatchObject({
      projector: 'recorder',
      generation: 1,
      partitions: [{ partition: 'all', position: head }],
      position: head,
    });
    expect(await runtime.readSide.collection('seen').count()).toBe(5);
    expect(await platform.readModels.listCollections()).toContain('seen__g1');
  });

  it('skips events at or below the stored checkpoint after a restart', async () => {
    const platform = fresh();
    const first = recording();
    const runtime = await boot(platform, [first.projector]);
    for (let i = 0; i < 3; i++) {
      await platform.eventStore.append(
        `cart-c${i}`,
        [{ type: 'CartCreated', data: { cartId: `c${i}`, userId: 'u' } }],
        appendOptions(0),
      );
    }
    expect(await runtime.catchUp(5000)).toBe(true);
    await runtime.stop();
    await platform.close();

    // Same (durable) read models, a reopened log, and a subscription that would start from 0
    // were it not for the checkpoint kept with the writes.
    const restarted = platform.reopen({ keepReadModels: true });
    const second = recording();
    const again = await boot(restarted, [second.projector]);
    await restarted.eventStore.append(
      'cart-c9',
      [{ type: 'CartCreated', data: { cartId: 'c9', userId: 'u' } }],
      appendOptions(0),
    );
    expect(await again.catchUp(5000)).toBe(true);
    expect(second.seen.map((e) => e.streamId)).toEqual(['cart-c9']);
    await restarted.close();
  });

  it('replays the whole log at boot when the read models are empty', async () => {
    const platform = fresh();
    for (let i = 0; i < 20; i++) await appendListing(platform.eventStore, i);
    const runtime = await boot(platform);
    expect(await runtime.catchUp(5000)).toBe(true);
    const listings = await snapshot(runtime.readSide, 'listings');
    expect(listings).toHaveLength(20);
    expect(listings.find((l) => l._id === 'l7')).toMatchObject({ priceCents: 507 });
    const counts = await snapshot(runtime.readSide, 'category_counts');
    expect(counts.reduce((sum, c) => sum + (c.count as number), 0)).toBe(20);
  });

  it('dead-letters an event whose apply throws, and goes on; other projectors are unaffected', async () => {
    const platform = fresh();
    const runtime = await boot(platform);
    await platform.eventStore.append('listing-l1', [listingCreated(1)], appendOptions(0));
    const poison = await platform.eventStore.append(
      'listing-l2',
      [listingCreated(2, { title: 'poison' })],
      appendOptions(0),
    );
    await platform.eventStore.append('listing-l3', [listingCreated(3)], appendOptions(0));
    // Adding to an unknown cart makes the carts projector throw.
    await platform.eventStore.append(
      'cart-x',
      [{ type: 'CartItemAdded', data: { cartId: 'x', productId: 'l1', quantity: 1 } }],
      appendOptions(0),
    );
    await platform.eventStore.append(
      'cart-y',
      [{ type: 'CartCreated', data: { cartId: 'y', userId: 'u' } }],
      appendOptions(0),
    );
    expect(await runtime.catchUp(5000)).toBe(true);

    expect((await snapshot(runtime.readSide, 'listings')).map((l) => l._id)).toEqual(['l1', 'l3']);
    expect((await snapshot(runtime.readSide, 'carts')).map((c) => c._id)).toEqual(['y']);
    const letters = await platform.readModels
      .collection(DEAD_LETTERS_COLLECTION)
      .find({}, { sort: { position: 1 } });
    expect(letters).toHaveLength(2);
    expect(letters[0]).toMatchObject({
      projector: 'test-catalogue',
      generation: 1,
      position: poison.position,
      type: 'ListingCreated',
      error: 'This listing cannot be projected',
      event: { id: poison.events[0]!.id, data: { title: 'poison' } },
    });
    expect(typeof letters[0]!.failedAt).toBe('string');
    expect(letters[1]).toMatchObject({ projector: 'test-carts', error: 'Cart x is unknown' });
    const status = await runtime.status();
    expect(status.map((s) => [s.projector, s.deadLetters, s.lag])).toEqual([
      ['test-catalogue', 1, 0],
      ['test-carts', 1, 0],
    ]);
  });

  it('does not dead-letter an event while an engine is out of reach: the batch is delivered again', async () => {
    const platform = fresh();
    const { projector, seen } = recording();
    let outage = 2;
    const flaky: Projector = {
      ...projector,
      async apply(event, target) {
        if (outage > 0) {
          outage -= 1;
          throw new EngineUnavailableError('meilisearch');
        }
        await projector.apply(event, target);
      },
    };
    const runtime = await boot(platform, [flaky]);
    await platform.eventStore.append(
      'cart-a',
      [{ type: 'CartCreated', data: { cartId: 'a', userId: 'u' } }],
      appendOptions(0),
    );
    expect(await runtime.catchUp(10_000)).toBe(true);
    expect(await runtime.waitFor(await platform.eventStore.headPosition(), 10_000)).toBe(true);
    expect(outage).toBe(0);
    expect(seen.map((e) => e.type)).toEqual(['CartCreated']);
    expect(await snapshot(runtime.readSide, 'seen')).toHaveLength(1);
    expect(await platform.readModels.collection(DEAD_LETTERS_COLLECTION).find({})).toEqual([]);
  });

  it('validates events at consume: one that fails its schema is dead-lettered, not applied', async () => {
    const platform = fresh();
    await platform.eventStore.append('listing-l1', [listingCreated(1)], appendOptions(0));
    storeUnchecked(platform, 'bad-1', { listingId: 'l2' });
    await platform.eventStore.append('listing-l3', [listingCreated(3)], appendOptions(0));
    const runtime = await boot(platform);
    expect(await runtime.catchUp(5000)).toBe(true);
    expect((await snapshot(runtime.readSide, 'listings')).map((l) => l._id)).toEqual(['l1', 'l3']);
    const [letter] = await runtime.deadLettersOf('test-catalogue');
    expect(letter).toMatchObject({ eventId: 'bad-1', projector: 'test-catalogue' });
    expect(letter!.error).toMatch(/Invalid ListingCreated event/);
  });

  it('validates events at consume on a live subscription too', async () => {
    const platform = fresh();
    const runtime = await boot(platform);
    await platform.eventStore.append('listing-l1', [listingCreated(1)], appendOptions(0));
    expect(await runtime.catchUp(5000)).toBe(true);
    storeUnchecked(platform, 'bad-2', { listingId: '' });
    await platform.eventStore.append('listing-l3', [listingCreated(3)], appendOptions(0));
    expect(await runtime.catchUp(5000)).toBe(true);
    expect((await snapshot(runtime.readSide, 'listings')).map((l) => l._id)).toEqual(['l1', 'l3']);
    const letters = await runtime.deadLettersOf('test-catalogue');
    expect(letters.map((l) => l.eventId)).toEqual(['bad-2']);
    expect(letters[0]!.error).toMatch(/Invalid ListingCreated event/);
  });

  it('waitFor answers false when the position is not reached in time', async () => {
    const platform = fresh();
    const runtime = await boot(platform);
    const head = await appendListing(platform.eventStore, 1);
    expect(await runtime.waitFor(head, 5000)).toBe(true);
    const started = Date.now();
    expect(await runtime.waitFor(head + 10, 100)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('replays from a position into the live generation, restoring what was lost', async () => {
    const platform = fresh();
    const runtime = await boot(platform);
    for (let i = 0; i < 10; i++) await appendListing(platform.eventStore, i);
    expect(await runtime.catchUp(5000)).toBe(true);
    const before = await snapshot(runtime.readSide, 'listings');
    const [l6] = await platform.eventStore.readStream('listing-l6');

    await runtime.readSide.collection('listings').deleteMany({ _id: { $in: ['l6', 'l7', 'l8'] } });
    const result = await runtime.replay('test-catalogue', l6!.position);
    expect(result).toMatchObject({
      projector: 'test-catalogue',
      generation: 1,
      fromPosition: l6!.position,
    });
    expect(result.events).toBe((await platform.eventStore.headPosition()) - l6!.position + 1);
    expect(await snapshot(runtime.readSide, 'listings')).toEqual(before);
  });

  it('a replay ends at the head of the log when asked; what shoppers write meanwhile is delivered live', async () => {
    const platform = fresh();
    const { projector, seen } = recording();
    // Every event it is given during the replay brings a new one to the log, as shoppers do:
    // a replay that chased the head would never end.
    let writing = false;
    let written = 0;
    const busy: Projector = {
      ...projector,
      async apply(event, target) {
        await projector.apply(event, target);
        if (!writing) return;
        written++;
        await platform.eventStore.append(
          `cart-w${written}`,
          [{ type: 'CartCreated', data: { cartId: `w${written}`, userId: 'u' } }],
          appendOptions(0),
        );
      },
    };
    const runtime = await boot(platform, [busy]);
    for (let i = 0; i < 120; i++) {
      await platform.eventStore.append(
        `cart-c${i}`,
        [{ type: 'CartCreated', data: { cartId: `c${i}`, userId: 'u' } }],
        appendOptions(0),
      );
    }
    expect(await runtime.catchUp(5000)).toBe(true);
    const head = await platform.eventStore.headPosition();

    writing = true;
    const result = await runtime.replay('recorder', 1);
    writing = false;
    expect(result).toMatchObject({ fromPosition: 1, events: head, position: head });
    expect(written).toBeGreaterThanOrEqual(head);
    // The events written during the replay reach the projector through its live subscription.
    expect(await runtime.catchUp(5000)).toBe(true);
    const positions = new Set(seen.map((event) => event.position));
    expect(positions.size).toBe(await platform.eventStore.headPosition());
  });

  it('rebuilds into a new generation that equals the live one, switches, and drops the old', async () => {
    const platform = fresh();
    const runtime = await boot(platform);
    for (let i = 0; i < 40; i++) await appendListing(platform.eventStore, i);
    await platform.eventStore.append('listing-l3', [stockSold(3, 'o1', 1)], appendOptions(2));
    expect(await runtime.catchUp(5000)).toBe(true);
    const liveListings = await snapshot(runtime.readSide, 'listings');
    const liveCounts = await snapshot(runtime.readSide, 'category_counts');

    const result = await runtime.rebuild('test-catalogue');
    expect(result).toMatchObject({
      projector: 'test-catalogue',
      generation: 2,
      previousGeneration: 1,
      events: 81,
    });
    expect(await snapshot(runtime.readSide, 'listings')).toEqual(liveListings);
    expect(await snapshot(runtime.readSide, 'category_counts')).toEqual(liveCounts);
    const collections = await platform.readModels.listCollections();
    expect(collections).toContain('listings__g2');
    expect(collections).not.toContain('listings__g1');
    expect(
      await platform.readModels
        .collection(GENERATIONS_COLLECTION)
        .findOne({ _id: 'test-catalogue' }),
    ).toMatchObject({
      live: 2,
      building: null,
    });
    // The other projector was not touched.
    expect((await runtime.status()).find((s) => s.projector === 'test-carts')?.generation).toBe(1);

    // The new generation keeps consuming.
    const next = await appendListing(platform.eventStore, 100);
    expect(await runtime.waitFor(next, 5000)).toBe(true);
    expect(await runtime.readSide.collection('listings').findOne({ _id: 'l100' })).toMatchObject({
      priceCents: 600,
    });
    const status = (await runtime.status()).find((s) => s.projector === 'test-catalogue')!;
    expect(status).toMatchObject({ generation: 2, lag: 0, position: next, rebuilding: null });
  });

  it('refuses a second rebuild of the same projector while one runs, and unknown projectors', async () => {
    const platform = fresh();
    const runtime = await boot(platform);
    for (let i = 0; i < 30; i++) await appendListing(platform.eventStore, i);
    const first = runtime.rebuild('test-catalogue');
    await expect(runtime.rebuild('test-catalogue')).rejects.toThrow(/already running/);
    await first;
    await expect(runtime.rebuild('nope')).rejects.toThrow(/Unknown projector: nope/);
    await expect(runtime.replay('nope', 0)).rejects.toThrow(/Unknown projector/);
  });

  it('refills a search index that did not survive a restart when the read models did', async () => {
    const searchable: Projector = {
      name: 'searchable',
      collections: { titles: [] },
      searchIndexes: { titles: { searchable: ['title'], filterable: [], sortable: [] } },
      handles: ['ListingCreated'],
      async apply(event, target) {
        const { listingId, title } = event.data as { listingId: string; title: string };
        await target.collection('titles').put({ _id: listingId, title });
        await target.searchIndex('titles').upsert([{ id: listingId, title }]);
      },
    };
    const first = embeddedPlatform({ search: createEmbeddedSearchEngine() });
    cleanups.push(() => first.remove());
    first.durability = { readModels: true, search: false };
    const runtime = await startProjections({
      platform: first,
      projectors: [searchable],
      log: quiet,
    });
    for (let i = 0; i < 5; i++)
      await first.eventStore.append(`listing-l${i}`, [listingCreated(i)], appendOptions(0));
    expect(await runtime.catchUp(5000)).toBe(true);
    await runtime.stop();
    await first.close();

    // Same read models (with their checkpoint), an empty search engine.
    const restarted = embeddedPlatform({
      dir: first.dir,
      readModels: first.readModels,
      search: createEmbeddedSearchEngine(),
    });
    restarted.durability = { readModels: true, search: false };
    const again = await boot(restarted, [searchable]);
    expect(await again.catchUp(5000)).toBe(true);
    const found = await again.readSide.searchIndex('titles').search({ q: 'listing', limit: 10 });
    expect(found.total).toBe(5);
    await restarted.close();
  });

  it('counts a batch as processed only once its checkpoint is stored', async () => {
    const memory = createMemoryReadModelStore();
    let refuseCheckpoints = true;
    // The read-model store refusing checkpoint writes (a store outage), everything else working.
    const flaky: ReadModelStore = {
      ...memory,
      collection<T extends Doc = Doc>(name: string) {
        const real = memory.collection<T>(name);
        if (name !== CHECKPOINTS_COLLECTION) return real;
        return Object.assign(Object.create(real), {
          put: async (doc: T) => {
            if (refuseCheckpoints) throw new Error('store unavailable');
            return real.put(doc);
          },
        }) as typeof real;
      },
    };
    const platform = embeddedPlatform({ readModels: flaky });
    cleanups.push(() => platform.remove());
    const { projector } = recording();
    const runtime = await boot(platform, [projector]);
    const { position } = await platform.eventStore.append(
      'cart-c1',
      [{ type: 'CartCreated', data: { cartId: 'c1', userId: 'u' } }],
      appendOptions(0),
    );
    expect(await runtime.waitFor(position, 400)).toBe(false);
    refuseCheckpoints = false;
    expect(await runtime.waitFor(position, 10_000)).toBe(true);
    expect(
      await memory.collection(CHECKPOINTS_COLLECTION).findOne({ _id: 'recorder__g1' }),
    ).toMatchObject({ position });
  });

  it('moves past unhandled events without a write, and stores that position at stop', async () => {
    const platform = fresh();
    const { projector } = recording();
    const runtime = await boot(platform, [projector]);
    const cart = await platform.eventStore.append(
      'cart-c1',
      [{ type: 'CartCreated', data: { cartId: 'c1', userId: 'u' } }],
      appendOptions(0),
    );
    expect(await runtime.waitFor(cart.position, 5000)).toBe(true);
    const head = await appendListing(platform.eventStore, 1);
    expect(await runtime.waitFor(head, 5000)).toBe(true);
    const checkpoints = platform.readModels.collection(CHECKPOINTS_COLLECTION);
    expect(await checkpoints.findOne({ _id: 'recorder__g1' })).toMatchObject({
      position: cart.position,
    });
    await runtime.stop();
    expect(await checkpoints.findOne({ _id: 'recorder__g1' })).toMatchObject({ position: head });
  });
});
