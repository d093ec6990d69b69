/**
 * The outbox relay: publishes the MongoDB store's commits to Kafka strictly in global position
 * order, then marks them published. At least once: a crash between the send and the mark
 * sends the commit again (consumers skip positions they applied).
 *
 * One relay publishes at a time (a lease document), so several processes may run one.
 * A gap in positions (a writer reserved positions but has not inserted yet) is waited for up to
 * `gapTimeoutMs`; then the relay fences the missing positions with tombstones, so a writer that
 * was merely slow fails its insert and retries with new positions, and nothing is ever
 * published below a position already published.
 */
import { randomUUID } from 'node:crypto';
import { Kafka, type Message, type Producer } from 'kafkajs';
import type { Collection, Db } from 'mongodb';
import { DEFAULT_TOPIC_PREFIX, ensureTopics, kafkaLogger, topicOfStream } from './kafka-bus.ts';
import {
  GAP_STREAM,
  isDuplicateKey,
  mongoEventCollections,
  tombstone,
  type CommitDoc,
  type MongoEventStore,
} from '@rewear/mongodb';
import { registerPublishedPosition } from '@rewear/platform';
import { loggerFor } from '@rewear/platform/logging';
import { ROOT_CONTEXT, SpanKind, trace, type Span } from '@opentelemetry/api';
import {
  contextFromCarrier,
  markFailed,
  traceHeadersOf,
  tracer,
  tracingEnabled,
} from '@rewear/platform/tracing';

export interface OutboxRelayOptions {
  /** The store whose commits to publish (its appends also wake the relay at once)... */
  store?: MongoEventStore;
  /** ...or the database holding them. */
  db?: Db;
  collectionPrefix?: string;
  brokers: string[];
  clientId?: string;
  topicPrefix?: string;
  partitions?: number;
  /**
   * How often to look for new commits appended by other processes (this process's own appends
   * wake the relay at once). Default 100 ms: at 20 ms the lease holder's polling kept the
   * document store busy while nothing happened.
   */
  pollIntervalMs?: number;
  /** How long a missing position is waited for before it is fenced. Default 5 s. */
  gapTimeoutMs?: number;
  /** Commits read and published per round. Default 500. */
  batchSize?: number;
  /** Lease duration of the publishing relay. Default 10 s. */
  leaseMs?: number;
  onError?: (error: unknown) => void;
}

export interface OutboxRelay {
  /** Highest position published so far. */
  publishedPosition(): number;
  /** Resolves true once everything up to `position` is published, false after `timeoutMs`. */
  waitForPublished(position: number, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

interface RelayStateDoc {
  _id: string;
  value?: number;
  owner?: string;
  expiresAt?: Date;
}

const STATE_ID = 'relay-position';
const LEASE_ID = 'relay-lease';

/**
 * The Kafka messages of a commit's events: keyed by stream id, the envelope as JSON, its type and
 * ids in headers, and the trace context (`traceparent`, `tracestate`) of its publishing when
 * traced.
 */
export function commitMessages(
  commit: CommitDoc,
  traceHeaders: Record<string, string> = {},
): Message[] {
  return commit.events.map((event) => ({
    key: event.streamId,
    value: JSON.stringify(event),
    headers: {
      'event-type': event.type,
      'event-id': event.id,
      'schema-version': String(event.schemaVersion),
      'correlation-id': event.correlationId,
      position: String(event.position),
      ...traceHeaders,
    },
  }));
}

export async function startOutboxRelay(options: OutboxRelayOptions): Promise<OutboxRelay> {
  const db = options.store?.db ?? options.db;
  if (!db) throw new TypeError('startOutboxRelay needs a store or a db');
  const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const gapTimeoutMs = options.gapTimeoutMs ?? 5000;
  const batchSize = options.batchSize ?? 500;
  const leaseMs = options.leaseMs ?? 10_000;
  const onError =
    options.onError ??
    ((error) =>
      loggerFor('outbox-relay').error(
        { err: error },
        `[outbox-relay] ${(error as Error)?.message ?? String(error)}`,
      ));
  const { commits, counters } =
    options.store ?? (await mongoEventCollections(db, options.collectionPrefix));
  const state = counters as unknown as Collection<RelayStateDoc>;

  const kafka = new Kafka({
    clientId: options.clientId ?? 'rewear-relay',
    brokers: options.brokers,
    ...kafkaLogger(),
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    await ensureTopics(admin, prefix, options.partitions ?? 3);
  } finally {
    await admin.disconnect();
  }
  // Idempotent producer: the broker drops a retried batch it already wrote.
  const producer: Producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();

  const owner = randomUUID();
  let leaseUntil = 0;
  let published = (await state.findOne({ _id: STATE_ID }))?.value ?? 0;
  let gapSince: number | null = null;
  let running = true;
  let wake: (() => void) | null = null;
  const waiters = new Set<() => void>();

  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  const unlisten = options.store?.onAppend(() => wake?.());
  // The projections reading this store wait on it for an exact consistency token. Another
  // process's relay may hold the lease: the stored position is then the newer one.
  // Reads waiting on it poll every few milliseconds: concurrent ones share one lookup.
  let storedRead: Promise<number> | null = null;
  const storedPosition = () =>
    (storedRead ??= state
      .findOne({ _id: STATE_ID })
      .then((doc) => doc?.value ?? 0)
      .finally(() => (storedRead = null)));
  const unregister = options.store
    ? registerPublishedPosition(options.store, async () =>
        leaseUntil > Date.now() ? published : Math.max(published, await storedPosition()),
      )
    : null;

  async function holdLease(): Promise<boolean> {
    const now = Date.now();
    if (leaseUntil - now > leaseMs / 2) return true;
    try {
      const lease = await state.findOneAndUpdate(
        { _id: LEASE_ID, $or: [{ owner }, { expiresAt: { $lt: new Date(now) } }] },
        { $set: { owner, expiresAt: new Date(now + leaseMs) } },
        { upsert: true, returnDocument: 'after' },
      );
      if (lease?.owner !== owner) return false;
    } catch (error) {
      if (isDuplicateKey(error)) return false; // another relay holds a live lease
      throw error;
    }
    // Another relay may have published meanwhile: resume from the stored position.
    if (leaseUntil < now)
      published = Math.max(published, (await state.findOne({ _id: STATE_ID }))?.value ?? 0);
    leaseUntil = now + leaseMs;
    return true;
  }

  /**
   * Moves `published` over the commits after it that are already marked published (one lookup
   * by position each); true if it moved. Stores the position reached.
   */
  async function followPublished(): Promise<boolean> {
    const from = published;
    for (;;) {
      const landed = await commits.findOne({ firstPosition: published + 1 });
      if (!landed?.published) break;
      published = landed.lastPosition;
    }
    if (published === from) return false;
    await state.updateOne({ _id: STATE_ID }, { $max: { value: published } }, { upsert: true });
    gapSince = null;
    for (const resolve of [...waiters]) resolve();
    return true;
  }

  /** One round: publishes the contiguous run of commits after `published`. Returns true if it did work. */
  async function relayOnce(): Promise<boolean> {
    // Equality on `published` (not a range on positions): FerretDB pushes it down to its
    // backend, a range it would filter after reading every commit.
    const pending = await commits
      .find({ published: false })
      .sort({ firstPosition: 1 })
      .limit(batchSize)
      .toArray();
    if (pending.length === 0) return false;

    const run: CommitDoc[] = [];
    let next = published + 1;
    for (const commit of pending) {
      if (commit.firstPosition < next) {
        continue; // a tombstone overlapping a commit that did land (marked with the run below)
      }
      if (commit.firstPosition > next) break;
      run.push(commit);
      next = commit.lastPosition + 1;
    }

    if (run.length === 0) {
      // The positions may have landed and been published by another relay while this one
      // looked away (its lease lapsed in the middle of a round, the other's round marked them
      // published before it stored how far it got): this relay's `published` is then behind,
      // and fencing them would only collide with the commits that hold them, round after round.
      if (await followPublished()) return true;
      const firstMissing = published + 1;
      const upTo = pending[0]!.firstPosition - 1;
      gapSince ??= Date.now();
      if (Date.now() - gapSince < gapTimeoutMs) return false;
      // Every position below a commit we can see was reserved before it: fence them all.
      const fences = [];
      for (let p = firstMissing; p <= upTo; p++) fences.push(tombstone(p, p));
      try {
        await commits.insertMany(fences, { ordered: false });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      onError(
        new Error(`positions ${firstMissing}..${upTo} were reserved but never written; fenced`),
      );
      gapSince = null;
      return true;
    }
    gapSince = null;

    const byTopic = new Map<string, Message[]>();
    // A commit whose append was traced is published in a span of its own, a child of the
    // append's; the span's context goes on in the messages' headers to the consumers.
    const spans: Span[] = [];
    for (const commit of run) {
      if (commit.streamId === GAP_STREAM) continue;
      const topic = topicOfStream(prefix, commit.streamId);
      const messages = byTopic.get(topic) ?? [];
      let traceHeaders: Record<string, string> = {};
      if (commit.trace && tracingEnabled()) {
        const span = tracer().startSpan(
          `publish ${topic}`,
          {
            kind: SpanKind.PRODUCER,
            attributes: {
              'messaging.system': 'kafka',
              'messaging.operation.type': 'send',
              'messaging.destination.name': topic,
              'messaging.batch.message_count': commit.events.length,
              'rewear.stream_id': commit.streamId,
              'rewear.position': commit.lastPosition,
            },
          },
          contextFromCarrier(commit.trace),
        );
        spans.push(span);
        traceHeaders = traceHeadersOf(trace.setSpan(ROOT_CONTEXT, span));
      }
      messages.push(...commitMessages(commit, traceHeaders));
      byTopic.set(topic, messages);
    }
    const last = run[run.length - 1]!.lastPosition;
    try {
      if (byTopic.size > 0) {
        await producer.sendBatch({
          acks: -1,
          topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
        });
      }
    } catch (error) {
      for (const span of spans) markFailed(span, error);
      throw error;
    } finally {
      for (const span of spans) span.end();
    }
    // One statement for the whole run: FerretDB (PostgreSQL backend) holds a pooled connection
    // per statement of a command until the command ends, so a bulk of per-commit updates larger
    // than its pool never finishes; the equality on `published` is what it filters in SQL.
    await commits.updateMany(
      { published: false, firstPosition: { $lte: last } },
      { $set: { published: true } },
    );
    await state.updateOne({ _id: STATE_ID }, { $max: { value: last } }, { upsert: true });
    published = last;
    for (const resolve of [...waiters]) resolve();
    return true;
  }

  const loop = (async () => {
    while (running) {
      try {
        if (!(await holdLease())) {
          await nap(leaseMs / 4);
          continue;
        }
        if (!(await relayOnce())) await nap(pollIntervalMs);
      } catch (error) {
        if (!running) break;
        onError(error);
        await nap(1000);
      }
    }
  })();

  return {
    publishedPosition: () => published,

    async waitForPublished(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (published < position) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, left);
          waiters.add(done);
        });
      }
      return true;
    },

    async stop() {
      if (!running) return;
      running = false;
      wake?.();
      await loop;
      unlisten?.();
      unregister?.();
      if (leaseUntil > Date.now()) {
        await state
          .updateOne({ _id: LEASE_ID, owner }, { $set: { expiresAt: new Date(0) } })
          .catch(() => {});
      }
      await producer.disconnect();
    },
  };
}
