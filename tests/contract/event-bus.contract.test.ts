/**
 * The EventBus contract, run against every reachable engine: the embedded SQLite log (store
 * and bus in one) always; the MongoDB store + outbox relay + Kafka bus when both MONGODB_URI
 * and KAFKA_BROKERS answer (a fresh database, topic prefix and group names per run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, EventEnvelope } from '@rewear/contracts';
import type {
  Checkpoint,
  DeliveredBatch,
  EventBus,
  EventStore,
  Subscription,
} from '@rewear/platform';
import { openSqliteEventLog, type SqliteEventLog } from '@rewear/sqlite';
import { openMongoEventStore, type MongoEventStore } from '@rewear/mongodb';
import {
  startOutboxRelay,
  type OutboxRelay,
  createKafkaBus,
  type KafkaBus,
  type KafkaBusOptions,
  topicsOf,
} from '@rewear/kafka';
import { reportSkip, type EngineAvailability } from '@rewear/testing';
import { contractEngine } from './engines.ts';

const [kafka, mongo] = await Promise.all([contractEngine('kafka'), contractEngine('mongodb')]);
const distributed: EngineAvailability = !mongo.available
  ? mongo
  : !kafka.available
    ? kafka
    : { available: true, reason: '', url: kafka.url };
reportSkip('EventBus contract on Kafka (MongoDB store + outbox relay)', distributed);
const runId = randomUUID().slice(0, 8);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Harness {
  store: EventStore;
  /** A fresh bus instance on the same data: what a restarted process gets. */
  newBus(): EventBus;
  /** Stores an event that fails its schema, bypassing the store's validation. */
  storeInvalidEvent(streamId: string): Promise<void>;
  dispose(): Promise<void>;
}

interface Engine {
  name: string;
  available: boolean;
  open(): Promise<Harness>;
}

const engines: Engine[] = [
  {
    name: 'SQLite event log',
    available: true,
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'event-bus-contract-'));
      const file = path.join(dir, 'events.db');
      const store = openSqliteEventLog({ file, onInvalidEvent: () => {} });
      const buses: SqliteEventLog[] = [];
      return {
        store,
        newBus() {
          const bus = openSqliteEventLog({ file, onInvalidEvent: () => {} });
          buses.push(bus);
          return bus;
        },
        async storeInvalidEvent(streamId) {
          const raw = new Database(file);
          raw
            .prepare(
              `INSERT INTO events (id, stream_id, stream_version, type, schema_version, occurred_at, actor, correlation_id, causation_id, data)
               VALUES (?, ?, 1, 'CartItemAdded', 1, ?, NULL, 'corrupt', NULL, '{"quantity":"many"}')`,
            )
            .run(randomUUID(), streamId, new Date().toISOString());
          raw.close();
        },
        async dispose() {
          await Promise.all([store, ...buses].map((b) => b.close()));
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'Kafka bus with MongoDB store and outbox relay',
    available: distributed.available,
    async open() {
      const brokers = kafka.url!.split(',');
      const topicPrefix = `contract${runId}`;
      const store: MongoEventStore = await openMongoEventStore({
        uri: mongo.url!,
        database: `contract_bus_${runId}`,
      });
      const relay: OutboxRelay = await startOutboxRelay({
        store,
        brokers,
        topicPrefix,
        onError: () => {},
      });
      const buses: EventBus[] = [];
      return {
        store,
        newBus() {
          const bus = createKafkaBus({
            brokers,
            topicPrefix,
            clientId: `contract-${runId}`,
            onInvalidEvent: () => {},
          });
          buses.push(bus);
          return bus;
        },
        async storeInvalidEvent(streamId) {
          const counter = await store.counters.findOneAndUpdate(
            { _id: 'position' },
            { $inc: { value: 1 } },
            { upsert: true, returnDocument: 'after' },
          );
          const position = counter!.value;
          const event = {
            id: randomUUID(),
            type: 'CartItemAdded',
            schemaVersion: 1,
            streamId,
            streamVersion: 1,
            position,
            occurredAt: new Date().toISOString(),
            actor: null,
            correlationId: 'corrupt',
            causationId: null,
            data: { quantity: 'many' },
          } as unknown as EventEnvelope;
          await store.commits.insertOne({
            _id: `${streamId}:0`,
            streamId,
            baseVersion: 0,
            version: 1,
            firstPosition: position,
            lastPosition: position,
            events: [event],
            published: false,
            committedAt: new Date(),
          });
        },
        async dispose() {
          await Promise.all(buses.map((b) => b.close()));
          await relay.stop();
          await store.db.dropDatabase();
          await store.close();
          await deleteTopics(brokers, topicPrefix);
        },
      };
    },
  },
];

const opts = (expectedVersion: number) => ({
  expectedVersion,
  actor: 'user-1',
  correlationId: 'corr',
});
const created = (cartId: string): DomainEvent => ({
  type: 'CartCreated',
  data: { cartId, userId: 'user-1' },
});
const added = (cartId: string, productId: string): DomainEvent => ({
  type: 'CartItemAdded',
  data: { cartId, productId, quantity: 1 },
});

/** A subscriber that records what it receives and the checkpoint it would store with its writes. */
function recorder() {
  const events: EventEnvelope[] = [];
  const checkpoint: Checkpoint = {};
  const listeners = new Set<() => void>();
  return {
    events,
    checkpoint,
    async handle(batch: DeliveredBatch) {
      events.push(...batch.events);
      if (batch.events.length) checkpoint[batch.partition] = batch.events.at(-1)!.position;
      for (const listener of listeners) listener();
    },
    of(streams: string[]) {
      return events.filter((e) => streams.includes(e.streamId));
    },
    /** Waits until `done()` holds; fails after `timeoutMs`. */
    until(done: () => boolean, timeoutMs = 20_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!done()) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`not delivered within ${timeoutMs} ms (got ${events.length} events)`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}

/** Appends `count` events per cart (1 create + adds), one append per event. Returns stream ids. */
async function appendCarts(store: EventStore, carts: string[], count: number) {
  for (let version = 0; version < count; version++) {
    for (const cart of carts) {
      await store.append(
        `cart-${cart}`,
        [version === 0 ? created(cart) : added(cart, `p${version}`)],
        opts(version),
      );
    }
  }
  return carts.map((c) => `cart-${c}`);
}

const distinctIds = (events: EventEnvelope[]) => new Set(events.map((e) => e.id));

describe.each(engines)('EventBus contract: $name', (engine) => {
  let h: Harness;
  let n = 0;
  const newCart = () => `b${runId}x${++n}`;
  const newName = (label: string) => `contract-${runId}-${label}`;
  const open: Subscription[] = [];

  beforeAll(async () => {
    if (!engine.available) return;
    h = await engine.open();
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.stop()));
    await h?.dispose();
  });

  it.skipIf(!engine.available)(
    'delivers every appended event, each stream in version order, at least once',
    async () => {
      const streams = await appendCarts(h.store, [newCart(), newCart(), newCart()], 5);
      const bus = h.newBus();
      const seen = recorder();
      open.push(await bus.subscribe({ name: newName('all'), handle: seen.handle }));
      await seen.until(() => distinctIds(seen.of(streams)).size === 15);

      for (const streamId of streams) {
        const versions = seen.of([streamId]).map((e) => e.streamVersion);
        // At least once: a redelivery may repeat, but never reorders a stream.
        expect(versions.every((v, i) => i === 0 || v >= versions[i - 1]!)).toBe(true);
        expect(new Set(versions)).toEqual(new Set([1, 2, 3, 4, 5]));
        expect(seen.of([streamId]).every((e) => e.type && e.correlationId === 'corr')).toBe(true);
      }
    },
  );

  it.skipIf(!engine.available)(
    'resumes after its durable checkpoint when restarted, and `from` skips what was applied',
    async () => {
      const carts = [newCart(), newCart()];
      const firstStreams = await appendCarts(h.store, carts, 3);
      const name = newName('resume');
      const before = recorder();
      const first = await h.newBus().subscribe({ name, handle: before.handle });
      await before.until(() => distinctIds(before.of(firstStreams)).size === 6);
      await first.stop();

      const later = [newCart()];
      const laterStreams = await appendCarts(h.store, later, 3);

      // Same name, no `from`: the bus's own durable checkpoint.
      const after = recorder();
      open.push(await h.newBus().subscribe({ name, handle: after.handle }));
      await after.until(() => distinctIds(after.of(laterStreams)).size === 3);
      expect(after.of(firstStreams)).toEqual([]);

      // A new name with `from` = the checkpoint the first subscriber stored with its writes.
      const skipped = recorder();
      open.push(
        await h
          .newBus()
          .subscribe({ name: newName('from'), from: before.checkpoint, handle: skipped.handle }),
      );
      await skipped.until(() => distinctIds(skipped.of(laterStreams)).size === 3);
      expect(skipped.of(firstStreams)).toEqual([]);
    },
  );

  it.skipIf(!engine.available)('delivers new appends live to a running subscription', async () => {
    const live = recorder();
    const bus = h.newBus();
    open.push(await bus.subscribe({ name: newName('live'), handle: live.handle }));
    const lags: number[] = [];
    for (let i = 0; i < 5; i++) {
      const cart = newCart();
      const result = await h.store.append(`cart-${cart}`, [created(cart)], opts(0));
      const appendedAt = performance.now();
      await live.until(() => live.events.some((e) => e.id === result.events[0]!.id), 10_000);
      lags.push(performance.now() - appendedAt);
    }
    console.info(
      `[${engine.name}] append → handler lag per event (ms): ${lags.map((l) => l.toFixed(1)).join(', ')}`,
    );
    expect(Math.max(...lags)).toBeLessThan(2000);
  });

  it.skipIf(!engine.available)(
    'delivers an invalid stored event instead of stopping, and goes on',
    async () => {
      const bad = `cart-${newCart()}`;
      await h.storeInvalidEvent(bad);
      const cart = newCart();
      await h.store.append(`cart-${cart}`, [created(cart)], opts(0));
      const seen = recorder();
      open.push(await h.newBus().subscribe({ name: newName('invalid'), handle: seen.handle }));
      await seen.until(() => seen.of([bad, `cart-${cart}`]).length >= 2);
      expect(seen.of([bad])[0]!.data).toEqual({ quantity: 'many' });
    },
  );
});

/**
 * A MongoDB store on a database of its own and Kafka topics of their own, for `body`; both
 * dropped afterwards.
 */
async function withRun(
  name: string,
  body: (run: { store: MongoEventStore; brokers: string[]; topicPrefix: string }) => Promise<void>,
) {
  const brokers = kafka.url!.split(',');
  const topicPrefix = `${name}${runId}`;
  const store = await openMongoEventStore({
    uri: mongo.url!,
    database: `contract_${name}_${runId}`,
  });
  try {
    await body({ store, brokers, topicPrefix });
  } finally {
    await store.db.dropDatabase();
    await store.close();
    await deleteTopics(brokers, topicPrefix);
  }
}

/** Removes a run's aggregate topics. */
async function deleteTopics(brokers: string[], topicPrefix: string) {
  const admin = new Kafka({
    clientId: 'contract-cleanup',
    brokers,
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  await admin.deleteTopics({ topics: topicsOf(topicPrefix) }).catch(() => {});
  await admin.disconnect();
}

describe.skipIf(!distributed.available)('Kafka bus', () => {
  /** A store, its relay and a bus on topics of their own. */
  const withKafka = (
    name: string,
    busOptions: Partial<KafkaBusOptions>,
    body: (h: { store: MongoEventStore; bus: KafkaBus }) => Promise<void>,
  ) =>
    withRun(name, async ({ store, brokers, topicPrefix }) => {
      const relay = await startOutboxRelay({ store, brokers, topicPrefix, onError: () => {} });
      const bus = createKafkaBus({
        brokers,
        topicPrefix,
        clientId: `${name}-${runId}`,
        ...busOptions,
      });
      try {
        await body({ store, bus });
      } finally {
        await bus.close();
        await relay.stop();
      }
    });

  it('keeps a consumer whose batch takes longer than the session timeout, and goes on', async () => {
    // The broker's shortest session (group.min.session.timeout.ms, 6 s by default).
    await withKafka('slow', { sessionTimeoutMs: 6_000 }, async ({ store, bus }) => {
      const seen: string[] = [];
      let first = true;
      await bus.subscribe({
        name: `contract-${runId}-slow`,
        async handle({ events }) {
          seen.push(...events.map((event) => event.streamId));
          if (first) {
            first = false;
            await new Promise((resolve) => setTimeout(resolve, 9_000));
          }
        },
      });
      await store.append('cart-slow1', [created('slow1')], opts(0));
      const deadline = Date.now() + 30_000;
      while (!seen.includes('cart-slow1') && Date.now() < deadline) await sleep(50);
      await sleep(9_500); // the slow batch ends, well past the session timeout
      await store.append('cart-slow2', [created('slow2')], opts(0));
      while (!seen.includes('cart-slow2') && Date.now() < deadline + 10_000) await sleep(50);
      expect(seen).toContain('cart-slow2');
    });
  }, 60_000);

  it('replaces a consumer that stopped fetching while events wait, and delivers them once', async () => {
    const consumers: Consumer[] = [];
    await withKafka(
      'stall',
      { stallTimeoutMs: 3_000, onConsumerStarted: (consumer) => consumers.push(consumer) },
      async ({ store, bus }) => {
        const seen: string[] = [];
        const subscription = await bus.subscribe({
          name: `contract-${runId}-stall`,
          async handle({ events }) {
            seen.push(...events.map((event) => event.streamId));
          },
        });
        await store.append('cart-stall1', [created('stall1')], opts(0));
        const deadline = Date.now() + 30_000;
        while (!seen.includes('cart-stall1') && Date.now() < deadline) await sleep(50);
        expect(seen).toEqual(['cart-stall1']);
        // The consumer stops for good (as one whose crash kafkajs does not restart): the
        // next event waits for it until the subscription replaces it.
        await consumers[0]!.stop();
        await store.append('cart-stall2', [created('stall2')], opts(0));
        while (!seen.includes('cart-stall2') && Date.now() < deadline) await sleep(50);
        expect(seen).toEqual(['cart-stall1', 'cart-stall2']);
        expect(consumers).toHaveLength(2);
        const activity = subscription.activity();
        expect(activity.replacements, JSON.stringify(activity)).toBe(1);
        expect(activity.joins).toBeGreaterThanOrEqual(2);
      },
    );
  }, 60_000);
});

describe.skipIf(!distributed.available)('outbox relay on MongoDB', () => {
  it('publishes a backlog appended while no relay ran, in one go, and marks every commit published', async () => {
    await withRun('backlog', async ({ store, brokers, topicPrefix }) => {
      let relay: OutboxRelay | null = null;
      try {
        // More commits in one relay round than FerretDB has pooled backend connections (50 by
        // default, 400 as scripts/engines starts it).
        let head = 0;
        for (let i = 0; i < 450; i++)
          head = (await store.append(`cart-b${i}`, [created(`b${i}`)], opts(0))).position;
        relay = await startOutboxRelay({ store, brokers, topicPrefix, onError: () => {} });
        expect(await relay.waitForPublished(head, 30_000)).toBe(true);
        expect(await store.commits.countDocuments({ published: false })).toBe(0);
        const next = await store.append('cart-b0', [added('b0', 'p')], opts(1));
        expect(await relay.waitForPublished(next.position, 10_000)).toBe(true);
      } finally {
        await relay?.stop();
      }
    });
  }, 60_000);

  it('moves past commits another relay already published instead of fencing them round after round', async () => {
    await withRun('behind', async ({ store, brokers, topicPrefix }) => {
      let relay: OutboxRelay | null = null;
      const errors: unknown[] = [];
      try {
        const first = await store.append('cart-behind1', [created('behind1')], opts(0));
        const second = await store.append('cart-behind2', [created('behind2')], opts(0));
        // Another relay's round sent the first commit and marked it published, and its lease
        // lapsed before it stored how far it got: the stored position still says 0.
        await store.commits.updateOne(
          { firstPosition: first.position },
          { $set: { published: true } },
        );
        relay = await startOutboxRelay({
          store,
          brokers,
          topicPrefix,
          gapTimeoutMs: 200,
          onError: (error) => errors.push(error),
        });
        expect(await relay.waitForPublished(second.position, 10_000)).toBe(true);
        expect(relay.publishedPosition()).toBe(second.position);
        expect(errors.map(String)).toEqual([]);
      } finally {
        await relay?.stop();
      }
    });
  }, 60_000);
});
