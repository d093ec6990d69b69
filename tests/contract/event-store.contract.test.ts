/**
 * The EventStore contract, run against every reachable engine: the embedded SQLite log always,
 * the MongoDB store when MONGODB_URI answers (a fresh database per run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventValidationError, type DomainEvent } from '@rewear/contracts';
import { ConcurrencyError, type AppendOptions, type EventStore } from '@rewear/platform';
import { openSqliteEventLog } from '@rewear/sqlite';
import { openMongoEventStore, tombstone, type MongoEventStore } from '@rewear/mongodb';
import { reportSkip } from '@rewear/testing';
import { contractEngine } from './engines.ts';

const mongo = await contractEngine('mongodb');
reportSkip('EventStore contract on MongoDB', mongo);
const runId = randomUUID().slice(0, 8);

interface Engine {
  name: string;
  available: boolean;
  open(): Promise<{ store: EventStore; dispose(): Promise<void>; reopen(): Promise<EventStore> }>;
}

const engines: Engine[] = [
  {
    name: 'SQLite event log',
    available: true,
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'event-store-contract-'));
      const store = openSqliteEventLog({ file: path.join(dir, 'events.db') });
      return {
        store,
        reopen: async () => openSqliteEventLog({ file: path.join(dir, 'events.db') }),
        async dispose() {
          await store.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'MongoDB event store',
    available: mongo.available,
    async open() {
      const database = `contract_store_${runId}`;
      const store: MongoEventStore = await openMongoEventStore({ uri: mongo.url!, database });
      return {
        store,
        reopen: () => openMongoEventStore({ uri: mongo.url!, database }),
        async dispose() {
          await store.db.dropDatabase();
          await store.close();
        },
      };
    },
  },
];

const fixedNow = new Date('2026-03-01T12:00:00.000Z');
const opts = (expectedVersion: number, extra: Partial<AppendOptions> = {}): AppendOptions => ({
  expectedVersion,
  actor: 'user-1',
  correlationId: `corr-${expectedVersion}`,
  now: () => fixedNow,
  ...extra,
});
const created = (cartId: string): DomainEvent => ({
  type: 'CartCreated',
  data: { cartId, userId: 'user-1' },
});
const added = (cartId: string, productId: string, quantity = 1): DomainEvent => ({
  type: 'CartItemAdded',
  data: { cartId, productId, quantity },
});
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(engines)('EventStore contract: $name', (engine) => {
  let store: EventStore;
  let dispose: () => Promise<void>;
  let reopen: () => Promise<EventStore>;
  let n = 0;
  const newCart = () => `c${runId}x${++n}`;

  beforeAll(async () => {
    if (!engine.available) return;
    ({ store, dispose, reopen } = await engine.open());
  });
  afterAll(async () => {
    await dispose?.();
  });

  it.skipIf(!engine.available)(
    'appends events with a full envelope and reads the stream back in version order',
    async () => {
      const cart = newCart();
      const streamId = `cart-${cart}`;
      const first = await store.append(streamId, [created(cart)], opts(0, { causationId: null }));
      const second = await store.append(
        streamId,
        [added(cart, 'p1', 2), added(cart, 'p2')],
        opts(1, { causationId: 'cmd-9' }),
      );

      expect(first.streamVersion).toBe(1);
      expect(second.streamVersion).toBe(3);
      expect(second.position).toBe(second.events[1]!.position);
      expect(second.events[0]!.position).toBeGreaterThan(first.position);

      const events = await store.readStream(streamId);
      expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
      expect(events.map((e) => e.type)).toEqual(['CartCreated', 'CartItemAdded', 'CartItemAdded']);
      expect(events[1]).toEqual({
        id: expect.stringMatching(uuidPattern),
        type: 'CartItemAdded',
        schemaVersion: 1,
        streamId,
        streamVersion: 2,
        position: second.events[0]!.position,
        occurredAt: fixedNow.toISOString(),
        actor: 'user-1',
        correlationId: 'corr-1',
        causationId: 'cmd-9',
        data: { cartId: cart, productId: 'p1', quantity: 2 },
      });
      expect(new Set(events.map((e) => e.id)).size).toBe(3);
      expect((await store.readStream(streamId, 3)).map((e) => e.data)).toEqual([
        { cartId: cart, productId: 'p2', quantity: 1 },
      ]);
      expect(await store.readStream(`cart-${newCart()}`)).toEqual([]);
    },
  );

  it.skipIf(!engine.available)(
    'lets exactly one of two racing appends on the same version win',
    async () => {
      const cart = newCart();
      const streamId = `cart-${cart}`;
      await store.append(streamId, [created(cart)], opts(0));
      const results = await Promise.allSettled([
        store.append(streamId, [added(cart, 'left')], opts(1)),
        store.append(streamId, [added(cart, 'right'), added(cart, 'right-2')], opts(1)),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(ConcurrencyError);
      expect(lost[0]!.reason).toMatchObject({ streamId, expectedVersion: 1 });

      const events = await store.readStream(streamId);
      const winner = (won[0] as PromiseFulfilledResult<{ events: { id: string }[] }>).value;
      expect(events.slice(1).map((e) => e.id)).toEqual(winner.events.map((e) => e.id));
      expect(events.map((e) => e.streamVersion)).toEqual(events.map((_, i) => i + 1));
    },
  );

  it.skipIf(!engine.available)(
    'rejects stale, future and many concurrent expected versions without writing',
    async () => {
      const cart = newCart();
      const streamId = `cart-${cart}`;
      await store.append(streamId, [created(cart), added(cart, 'a')], opts(0));
      await expect(store.append(streamId, [added(cart, 'stale')], opts(1))).rejects.toMatchObject({
        name: 'ConcurrencyError',
        actualVersion: 2,
      });
      await expect(store.append(streamId, [added(cart, 'future')], opts(5))).rejects.toBeInstanceOf(
        ConcurrencyError,
      );

      const racers = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          store.append(streamId, [added(cart, `racer-${i}`)], opts(2)),
        ),
      );
      expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(
        racers.filter((r) => r.status === 'rejected' && r.reason instanceof ConcurrencyError),
      ).toHaveLength(7);
      const events = await store.readStream(streamId);
      expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    },
  );

  it.skipIf(!engine.available)(
    'rejects an invalid event at append and stores nothing of that append',
    async () => {
      const cart = newCart();
      const streamId = `cart-${cart}`;
      const headBefore = await store.headPosition();
      const invalid = {
        type: 'CartItemAdded',
        data: { cartId: cart, productId: 'p', quantity: -3 },
      } as DomainEvent;
      await expect(
        store.append(streamId, [created(cart), invalid], opts(0)),
      ).rejects.toBeInstanceOf(EventValidationError);
      const unknown = { type: 'CartTeleported', data: {} } as unknown as DomainEvent;
      await expect(store.append(streamId, [unknown], opts(0))).rejects.toBeInstanceOf(
        EventValidationError,
      );
      expect(await store.readStream(streamId)).toEqual([]);
      expect(await store.headPosition()).toBe(headBefore);
      // The stream is still free at version 0.
      expect((await store.append(streamId, [created(cart)], opts(0))).streamVersion).toBe(1);
    },
  );

  it.skipIf(!engine.available)(
    'reads all streams in position order, page by page, up to the head',
    async () => {
      const carts = [newCart(), newCart(), newCart()];
      const start = await store.headPosition();
      const appended: string[] = [];
      for (let round = 0; round < 4; round++) {
        for (const cart of carts) {
          const event = round === 0 ? created(cart) : added(cart, `p${round}`);
          const result = await store.append(`cart-${cart}`, [event], opts(round));
          appended.push(result.events[0]!.id);
        }
      }
      const all = await store.readAll(start, 1000);
      expect(all.map((e) => e.id)).toEqual(appended);
      const positions = all.map((e) => e.position);
      expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
      expect(await store.headPosition()).toBe(positions.at(-1));

      const paged: string[] = [];
      let after = start;
      for (;;) {
        const page = await store.readAll(after, 5);
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(5);
        paged.push(...page.map((e) => e.id));
        after = page.at(-1)!.position;
      }
      expect(paged).toEqual(appended);
      expect(await store.readAll(positions.at(-1)!, 10)).toEqual([]);
    },
  );

  it.skipIf(!engine.available)(
    'opens again on the same data (a restart) and continues the streams and positions',
    async () => {
      const cart = newCart();
      const first = await store.append(`cart-${cart}`, [created(cart)], opts(0));
      const again = await reopen();
      const againToo = await reopen();
      try {
        expect((await again.readStream(`cart-${cart}`)).map((e) => e.id)).toEqual(
          first.events.map((e) => e.id),
        );
        const next = await again.append(`cart-${cart}`, [added(cart, 'after-restart')], opts(1));
        expect(next.position).toBeGreaterThan(first.position);
        expect(await againToo.headPosition()).toBe(next.position);
      } finally {
        await againToo.close();
        await again.close();
      }
    },
  );

  it.skipIf(!engine.available)(
    'many concurrent appends on different streams all land, on distinct positions',
    async () => {
      const carts = Array.from({ length: 60 }, () => newCart());
      const results = await Promise.allSettled(
        carts.map((cart) =>
          store.append(`cart-${cart}`, [created(cart), added(cart, 'p')], opts(0)),
        ),
      );
      const failures = results
        .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        .map((r) => String(r.reason));
      expect(failures).toEqual([]);
      const positions = results.flatMap((r) =>
        r.status === 'fulfilled' ? r.value.events.map((e) => e.position) : [],
      );
      expect(new Set(positions).size).toBe(120);
      for (const cart of carts)
        expect((await store.readStream(`cart-${cart}`)).map((e) => e.streamVersion)).toEqual([
          1, 2,
        ]);
    },
  );
});

/** A MongoDB store in a database of its own for one test, dropped afterwards. */
async function withScratchStore(name: string, test: (store: MongoEventStore) => Promise<void>) {
  const store = await openMongoEventStore({
    uri: mongo.url!,
    database: `contract_${name}_${runId}`,
  });
  try {
    await test(store);
  } finally {
    await store.db.dropDatabase();
    await store.close();
  }
}

describe.skipIf(!mongo.available)('MongoDB event store: position races', () => {
  it('an append whose positions are already taken retries with fresh ones instead of failing', () =>
    withScratchStore('race', async (store) => {
      for (let i = 0; i < 12; i++)
        await store.append(`cart-before${i}`, [created(`before${i}`)], opts(0));
      // What a lost `$inc` under racing writers leaves behind: a counter below positions in use.
      await store.counters.updateOne({ _id: 'position' }, { $set: { value: 0 } });
      const result = await store.append('cart-after', [created('after')], opts(0));
      expect(result.position).toBe(13);
      expect(await store.headPosition()).toBe(13);
      await expect(
        store.append('cart-after', [added('after', 'p')], opts(0)),
      ).rejects.toBeInstanceOf(ConcurrencyError);
    }));
});

describe.skipIf(!mongo.available)('MongoDB event store: reading near the head', () => {
  it('reads across a fence, from inside a commit and up to a limit inside one, as a range would', () =>
    withScratchStore('walk', async (store) => {
      const a = await store.append('cart-walk-a', [created('walk-a')], opts(0));
      const b = await store.append(
        'cart-walk-b',
        [created('walk-b'), added('walk-b', 'p1'), added('walk-b', 'p2')],
        opts(0),
      );
      // A position reserved and never written, fenced as the relay fences it.
      const fenced = b.position + 1;
      await store.counters.updateOne({ _id: 'position' }, { $max: { value: fenced } });
      await store.commits.insertOne(tombstone(fenced, fenced));
      const c = await store.append('cart-walk-c', [created('walk-c')], opts(0));
      expect(c.position).toBe(fenced + 1);

      const positions = async (after: number, limit = 100) =>
        (await store.readAll(after, limit)).map((event) => event.position);
      const bPositions = b.events.map((event) => event.position);
      expect(await positions(0)).toEqual([a.position, ...bPositions, c.position]);
      expect(await positions(a.position)).toEqual([...bPositions, c.position]);
      expect(await positions(bPositions[0]!)).toEqual([bPositions[1], bPositions[2], c.position]);
      expect(await positions(a.position, 2)).toEqual(bPositions.slice(0, 2));
      expect(await positions(b.position)).toEqual([c.position]);
      expect(await positions(c.position)).toEqual([]);
      expect(await store.headPosition()).toBe(c.position);

      // Positions reserved by an append still in flight: neither read nor taken as the head.
      await store.counters.updateOne({ _id: 'position' }, { $inc: { value: 2 } });
      expect(await positions(c.position)).toEqual([]);
      expect(await store.headPosition()).toBe(c.position);

      // Those positions fenced: the head walks down past the fence to the last real commit.
      await store.commits.insertOne(tombstone(c.position + 1, c.position + 2));
      expect(await store.headPosition()).toBe(c.position);
      expect(await positions(c.position)).toEqual([]);

      // A counter left below a landed commit (a lost `$inc` on FerretDB): the commit is still read.
      await store.counters.updateOne({ _id: 'position' }, { $set: { value: a.position } });
      expect(await positions(b.position)).toEqual([c.position]);
    }));
});
