/**
 * Measures the event store and bus adapters on this machine:
 *   npx tsx scripts/engines/bench-event-store.ts
 * SQLite always (temp file); MongoDB store, outbox relay and Kafka bus when MONGODB_URI and
 * KAFKA_BROKERS are set (a throwaway database and topic prefix, removed afterwards).
 * Env: REPLAY_EVENTS (default 200000), LAG_SAMPLES (default 200).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { DomainEvent } from '@rewear/contracts';
import type { EventBus, EventStore } from '@rewear/platform';
import { openSqliteEventLog } from '@rewear/sqlite';
import { openMongoEventStore } from '@rewear/mongodb';
import { startOutboxRelay, createKafkaBus, topicsOf } from '@rewear/kafka';

const replayEvents = Number(process.env.REPLAY_EVENTS ?? 200_000);
const lagSamples = Number(process.env.LAG_SAMPLES ?? 200);
const options = (expectedVersion: number) => ({
  expectedVersion,
  actor: 'bench',
  correlationId: 'bench',
});
const item = (cart: string, n: number): DomainEvent => ({
  type: 'CartItemAdded',
  data: { cartId: cart, productId: `listing-${n}`, quantity: 1 + (n % 3) },
});
const perSecond = (count: number, ms: number) =>
  Math.round((count / ms) * 1000).toLocaleString('en-US');
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

async function appendThroughput(
  store: EventStore,
  label: string,
  singles: number,
  batches: number,
  batchSize: number,
) {
  const run = randomUUID().slice(0, 6);
  let start = performance.now();
  for (let i = 0; i < singles; i++)
    await store.append(`cart-s${run}${i}`, [item(`s${i}`, i)], options(0));
  console.log(
    `${label}: single-event appends ${perSecond(singles, performance.now() - start)} events/s (${singles} appends)`,
  );
  start = performance.now();
  for (let i = 0; i < batches; i++) {
    const cart = `b${run}${i}`;
    await store.append(
      `cart-${cart}`,
      Array.from({ length: batchSize }, (_, j) => item(cart, j)),
      options(0),
    );
  }
  console.log(
    `${label}: batched appends (${batchSize}/append) ${perSecond(batches * batchSize, performance.now() - start)} events/s`,
  );
}

async function replay(store: EventStore, bus: EventBus, label: string) {
  let start = performance.now();
  let after = 0;
  let count = 0;
  for (;;) {
    const page = await store.readAll(after, 2000);
    if (page.length === 0) break;
    count += page.length;
    after = page[page.length - 1]!.position;
  }
  console.log(
    `${label}: readAll replay ${perSecond(count, performance.now() - start)} events/s (${count} events)`,
  );

  const head = await store.headPosition();
  start = performance.now();
  let delivered = 0;
  await new Promise<void>((resolve, reject) => {
    bus
      .subscribe({
        name: `bench-replay-${randomUUID()}`,
        from: { all: 0 },
        async handle({ events }) {
          delivered += events.length;
          if (events[events.length - 1]!.position >= head) resolve();
        },
      })
      .then((s) => done.push(s), reject);
  });
  console.log(
    `${label}: subscription replay (validated, checkpointed) ${perSecond(delivered, performance.now() - start)} events/s`,
  );
  await Promise.all(done.map((s) => s.stop()));
  done.length = 0;
}
const done: { stop(): Promise<void> }[] = [];

async function lag(store: EventStore, bus: EventBus, label: string, samples: number) {
  const appendedAt = new Map<string, number>();
  const lags: number[] = [];
  let notify: (() => void) | null = null;
  const sub = await bus.subscribe({
    name: `bench-lag-${randomUUID()}`,
    async handle({ events }) {
      const now = performance.now();
      for (const event of events) {
        const at = appendedAt.get(event.streamId);
        if (at !== undefined) lags.push(now - at);
      }
      notify?.();
    },
  });
  // Warm-up: the subscription first catches up with what is already stored.
  const warm = `cart-warm${randomUUID().slice(0, 8)}`;
  appendedAt.set(warm, performance.now());
  await store.append(warm, [item('warm', 0)], options(0));
  while (lags.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  lags.length = 0;
  for (let i = 0; i < samples; i++) {
    const cart = `lag${randomUUID().slice(0, 8)}`;
    // Measured from the append call: what a command's writer waits plus the bus's delivery.
    // (Keyed by stream: the handler may run before `append` has returned to us.)
    appendedAt.set(`cart-${cart}`, performance.now());
    await store.append(`cart-${cart}`, [item(cart, i)], options(0));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      notify = () => {
        if (lags.length > i) {
          clearTimeout(timer);
          resolve();
        }
      };
      notify();
    });
  }
  await sub.stop();
  lags.sort((a, b) => a - b);
  console.log(
    `${label}: append→handler lag p50 ${quantile(lags, 0.5).toFixed(1)} ms, p99 ${quantile(lags, 0.99).toFixed(1)} ms, max ${lags.at(-1)!.toFixed(1)} ms (${lags.length}/${samples} samples)`,
  );
}

async function sqlite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-event-log-'));
  const log = openSqliteEventLog({ file: path.join(dir, 'events.db') });
  try {
    await appendThroughput(log, 'SQLite', 5000, 200, 100);
    const have = await log.headPosition();
    for (let i = 0; have + i * 500 < replayEvents; i++) {
      const cart = `fill${i}`;
      await log.append(
        `cart-${cart}`,
        Array.from({ length: 500 }, (_, j) => item(cart, j)),
        options(0),
      );
    }
    await replay(log, log, 'SQLite');
    await lag(log, log, 'SQLite', lagSamples);
  } finally {
    await log.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function distributed(uri: string, brokers: string[]) {
  const run = `bench${randomUUID().slice(0, 8)}`;
  const store = await openMongoEventStore({ uri, database: run });
  const relay = await startOutboxRelay({ store, brokers, topicPrefix: run });
  const bus = createKafkaBus({ brokers, topicPrefix: run });
  try {
    await appendThroughput(store, 'MongoDB store', 300, 20, 100);
    const head = await store.headPosition();
    let start = performance.now();
    await relay.waitForPublished(head, 120_000);
    console.log(
      `Outbox relay: caught up ${head} events in ${(performance.now() - start).toFixed(0)} ms`,
    );
    start = performance.now();
    let count = 0;
    for (let after = 0; ;) {
      const page = await store.readAll(after, 2000);
      if (page.length === 0) break;
      count += page.length;
      after = page[page.length - 1]!.position;
    }
    console.log(
      `MongoDB store: readAll replay ${perSecond(count, performance.now() - start)} events/s (${count} events)`,
    );
    await lag(store, bus, 'Kafka (store → relay → broker → consumer)', lagSamples);
  } finally {
    await bus.close();
    await relay.stop();
    await store.db.dropDatabase();
    await store.close();
    const admin = new Kafka({
      clientId: 'bench-cleanup',
      brokers,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    await admin.deleteTopics({ topics: topicsOf(run) }).catch(() => {});
    await admin.disconnect();
  }
}

console.log(`node ${process.version}, ${os.cpus().length} cores`);
await sqlite();
const uri = process.env.MONGODB_URI?.trim();
const brokers = process.env.KAFKA_BROKERS?.trim();
if (uri && brokers) await distributed(uri, brokers.split(','));
else
  console.log(
    'MongoDB/Kafka: skipped (set MONGODB_URI and KAFKA_BROKERS, e.g. after scripts/engines/start.sh)',
  );
