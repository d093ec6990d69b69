/**
 * The distributed event store on MongoDB (the official driver). It runs on FerretDB as well,
 * so it uses no multi-document transaction and no aggregation: single-document inserts,
 * finds with sort/limit, findOneAndUpdate with $inc, updateMany.
 *
 * One document per append (a "commit") holds its events. Why two writers cannot both win:
 *  - the commit's _id is `<streamId>:<baseVersion>` (baseVersion = expected version), so two
 *    appends on the same expected version collide on the always-unique _id index;
 *  - before inserting, the writer checks that the stream's head version equals its expected
 *    version. A commit with base b is only ever inserted after a check saw head == b, so the
 *    commits of a stream chain 0 → v1 → v2 … and a stale writer either fails the check or
 *    collides with the commit that moved the head on. Stream versions stay contiguous.
 * Global positions come from a counter document (`$inc` reserves a block per append).
 * The head check reads a `heads` document by _id (the only lookup FerretDB's SQLite backend
 * serves without scanning the collection); it is raised with $max after each commit, so it may
 * lag but never runs ahead. When it equals the expected version the insert proceeds (a stale
 * head means a commit with that base exists, and the _id collision rejects us); when it differs,
 * the commits themselves decide, and the head document is repaired.
 *
 * The commit document is also the outbox entry (`published: false`), so an acknowledged append
 * reaches Kafka through the relay (outbox-relay.ts) whatever crashes in between. Positions are
 * unique (index on firstPosition): when the relay gives up waiting for a reserved position it
 * fences it with a tombstone, and a late writer's insert then fails and retries with fresh
 * positions, so the bus never sees a lower position after a higher one.
 */
import { MongoClient, MongoServerError, type Collection, type Db } from 'mongodb';
import type { DomainEvent, EventEnvelope } from '@rewear/contracts';
import {
  ConcurrencyError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
} from '@rewear/ports';
import { checkAppend, sealEvents } from '@rewear/platform/adapters';
import { createIndexesOneByOne } from './mongo-read-models.ts';
import { ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import {
  contextFromCarrier,
  inSpan,
  traceCarrierOf,
  tracingEnabled,
  type TraceCarrier,
} from '@rewear/platform/tracing';

/** Stream id of the tombstones that fill positions reserved by appends that never landed. */
export const GAP_STREAM = '$gap';

export interface CommitDoc {
  _id: string;
  streamId: string;
  /** Stream version before this commit (the writer's expected version). */
  baseVersion: number;
  /** Stream version after it. */
  version: number;
  firstPosition: number;
  lastPosition: number;
  events: EventEnvelope[];
  published: boolean;
  committedAt: Date;
  /**
   * The W3C trace context of the append (its span), when the writer traces: the outbox relay
   * publishes the events as a child of it and passes it on in the Kafka message headers.
   */
  trace?: TraceCarrier;
}

interface CounterDoc {
  _id: string;
  value: number;
}

export interface MongoEventStoreOptions {
  /** A connection string, or an open client (then `close` leaves it open). */
  uri?: string;
  client?: MongoClient;
  database: string;
  /** Prefix of the collection names (`<prefix>commits`, `<prefix>counters`). Default 'events_'. */
  collectionPrefix?: string;
}

export interface MongoEventStore extends EventStore {
  readonly db: Db;
  readonly commits: Collection<CommitDoc>;
  readonly counters: Collection<CounterDoc>;
  /** Listens to appends made through this store (the relay uses it to publish at once). */
  onAppend(listener: (lastPosition: number) => void): () => void;
}

interface HeadDoc {
  _id: string;
  version: number;
}

/** Reservations retried after position collisions before the append gives up (raced, not conflicted). */
const MAX_POSITION_ATTEMPTS = 50;

/** The longest walk of equality lookups `readAll` and `headPosition` make before a range query. */
const WALK_MAX_COMMITS = 64;

export const isDuplicateKey = (error: unknown) =>
  error instanceof MongoServerError && error.code === 11000;

/** Collections and indexes of the store in `db`; safe to call repeatedly. */
export async function mongoEventCollections(db: Db, prefix = 'events_') {
  const commits = db.collection<CommitDoc>(`${prefix}commits`);
  const counters = db.collection<CounterDoc>(`${prefix}counters`);
  await createIndexesOneByOne(commits, [
    { key: { streamId: 1, baseVersion: 1 }, name: 'stream_version', unique: true },
    { key: { firstPosition: 1 }, name: 'first_position', unique: true },
    { key: { lastPosition: 1 }, name: 'last_position' },
    { key: { published: 1, firstPosition: 1 }, name: 'unpublished' },
  ]);
  return { commits, counters };
}

export async function openMongoEventStore(
  options: MongoEventStoreOptions,
): Promise<MongoEventStore> {
  if (!options.client && !options.uri)
    throw new TypeError('openMongoEventStore needs a uri or a client');
  const ownsClient = !options.client;
  const client =
    options.client ?? new MongoClient(options.uri!, { serverSelectionTimeoutMS: 5000 });
  if (ownsClient) await client.connect();
  const db = client.db(options.database);
  const { commits, counters } = await mongoEventCollections(db, options.collectionPrefix);
  const listeners = new Set<(position: number) => void>();
  let closed = false;

  const heads = db.collection<HeadDoc>(`${options.collectionPrefix ?? 'events_'}heads`);

  async function cachedHead(streamId: string): Promise<number> {
    return (await heads.findOne({ _id: streamId }))?.version ?? 0;
  }

  async function raiseHead(streamId: string, version: number) {
    await heads
      .updateOne({ _id: streamId }, { $max: { version } }, { upsert: true })
      .catch((error) => {
        if (!isDuplicateKey(error)) throw error; // a concurrent upsert created it: fine
      });
  }

  // Filters are a single equality (no sort, no range): FerretDB's PostgreSQL backend pushes
  // those down and returns only the matching documents; sorting happens here.
  async function headVersion(streamId: string): Promise<number> {
    const docs = await commits.find({ streamId }, { projection: { version: 1 } }).toArray();
    return docs.reduce((max, doc) => Math.max(max, doc.version), 0);
  }

  // Reservations from this process go one at a time: FerretDB runs `$inc` as read-modify-write,
  // so concurrent ones would hand out the same block (lost updates) and collide at insert.
  let reservations: Promise<unknown> = Promise.resolve();
  function reserve(count: number): Promise<number> {
    const next = reservations.then(() => reserveNow(count));
    reservations = next.catch(() => undefined);
    return next;
  }

  async function reserveNow(count: number): Promise<number> {
    for (;;) {
      try {
        const counter = await counters.findOneAndUpdate(
          { _id: 'position' },
          { $inc: { value: count } },
          { upsert: true, returnDocument: 'after' },
        );
        return counter!.value - count + 1;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error; // two first upserts raced: the counter exists now
      }
    }
  }

  /**
   * After a position collision: FerretDB applies `$inc` as read-modify-write, so racing writers
   * may get the same block, and a late write may set the counter back below a block already
   * handed out. The counter is raised past what was just tried; the next reservation walks on.
   */
  async function passPositions(last: number) {
    await counters.updateOne({ _id: 'position' }, { $max: { value: last } }).catch((error) => {
      if (!isDuplicateKey(error)) throw error;
    });
  }

  /** Fills positions that will never hold events, so the relay need not wait for them. */
  async function fillGap(first: number, last: number) {
    try {
      await commits.insertOne(tombstone(first, last));
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async function append(
    streamId: string,
    events: DomainEvent[],
    appendOptions: AppendOptions,
  ): Promise<AppendResult> {
    // Traced when made for a traced request: the append's span is its child.
    if (!appendOptions.trace || !tracingEnabled())
      return appendNow(streamId, events, appendOptions, undefined);
    return inSpan(
      'event-store append',
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          'db.system.name': 'mongodb',
          'rewear.stream_id': streamId,
          'rewear.event_types': [...new Set(events.map((event) => String(event?.type)))],
          'rewear.expected_version': appendOptions.expectedVersion,
        },
      },
      contextFromCarrier(appendOptions.trace),
      async (span) => {
        const own = traceCarrierOf(trace.setSpan(ROOT_CONTEXT, span));
        const result = await appendNow(streamId, events, appendOptions, own);
        span.setAttribute('rewear.position', result.position);
        return result;
      },
    );
  }

  async function appendNow(
    streamId: string,
    events: DomainEvent[],
    appendOptions: AppendOptions,
    traceContext: TraceCarrier | undefined,
  ): Promise<AppendResult> {
    if (closed) throw new Error('The event store is closed');
    checkAppend(streamId, events, appendOptions);
    if (streamId === GAP_STREAM) throw new TypeError(`${GAP_STREAM} is reserved`);
    const expected = appendOptions.expectedVersion;
    if ((await cachedHead(streamId)) !== expected) {
      const actual = await headVersion(streamId);
      if (actual > 0) await raiseHead(streamId, actual);
      if (actual !== expected) throw new ConcurrencyError(streamId, expected, actual);
    }

    for (let attempt = 0; ; attempt++) {
      const first = await reserve(events.length);
      const envelopes = sealEvents(streamId, events, appendOptions, first);
      const last = first + events.length - 1;
      const commit: CommitDoc = {
        _id: `${streamId}:${expected}`,
        streamId,
        baseVersion: expected,
        version: expected + events.length,
        firstPosition: first,
        lastPosition: last,
        events: envelopes,
        published: false,
        committedAt: new Date(),
      };
      // The append's span: carried to the relay with the events.
      if (traceContext) commit.trace = traceContext;
      try {
        await commits.insertOne(commit);
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        // Which unique key collided: the stream version (another writer won: a real conflict),
        // or the positions (a racing reservation or the relay's fence): then take fresh ones.
        const winner = await commits.findOne({ _id: commit._id }, { projection: { _id: 1 } });
        if (winner) {
          await fillGap(first, last);
          const actual = await headVersion(streamId);
          await raiseHead(streamId, actual);
          throw new ConcurrencyError(streamId, expected, actual);
        }
        if (attempt >= MAX_POSITION_ATTEMPTS) throw error;
        await passPositions(last);
        await new Promise((resolve) =>
          setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)),
        );
        continue;
      }
      await raiseHead(streamId, commit.version);
      for (const listener of listeners) listener(last);
      return { streamVersion: commit.version, position: last, events: envelopes };
    }
  }

  async function reservedPosition(): Promise<number> {
    return (await counters.findOne({ _id: 'position' }))?.value ?? 0;
  }

  /**
   * The events after `afterPosition`, up to `limit` of them, read commit by commit with
   * equality lookups, until a position has no commit starting there (the head, one in flight,
   * or `afterPosition` inside a commit) or the walk grows long.
   */
  async function walkForward(afterPosition: number, limit: number): Promise<EventEnvelope[]> {
    const out: EventEnvelope[] = [];
    let next = afterPosition + 1;
    for (let lookups = 0; out.length < limit && lookups < WALK_MAX_COMMITS; lookups++) {
      const doc = await commits.findOne({ firstPosition: next });
      if (!doc) break;
      if (doc.streamId !== GAP_STREAM) out.push(...doc.events.slice(0, limit - out.length));
      next = doc.lastPosition + 1;
    }
    return out;
  }

  return {
    db,
    commits,
    counters,
    append,

    async readStream(streamId, fromVersion = 1) {
      const docs = await commits.find({ streamId }).toArray();
      return docs
        .filter((doc) => doc.version >= fromVersion)
        .sort((a, b) => a.baseVersion - b.baseVersion)
        .flatMap((doc) => doc.events.filter((event) => event.streamVersion >= fromVersion));
    },

    /**
     * Commits are found by position; an append still in flight (position reserved, not yet
     * inserted) is not seen, and may later appear below positions already returned. Tailing
     * consumers use the bus, which the relay feeds strictly in position order.
     *
     * A reader near the head (the sweepers, a projector catching up) is served by equality
     * lookups on `firstPosition`, one commit at a time: FerretDB answers a range on positions by
     * reading and filtering every commit (about 200 ms for 900 commits, growing with the log),
     * an equality from its index (about 5 ms). Past a short walk, or at a position no commit
     * starts at, the range query answers.
     */
    async readAll(afterPosition, limit) {
      if (limit <= 0) return [];
      const reserved = await reservedPosition();
      if (reserved - afterPosition <= WALK_MAX_COMMITS) {
        const walked = await walkForward(afterPosition, limit);
        if (walked.length > 0) return walked;
        // Nothing reserved past it, nothing landed right after it: the head (the counter may lag
        // a landed commit on FerretDB, but then that commit starts right after and was found).
        if (reserved <= afterPosition) return [];
      }
      const out: EventEnvelope[] = [];
      const cursor = commits
        .find({ lastPosition: { $gt: afterPosition }, streamId: { $ne: GAP_STREAM } })
        .sort({ firstPosition: 1 })
        .batchSize(Math.min(Math.max(limit, 10), 1000));
      try {
        for await (const doc of cursor) {
          for (const event of doc.events) {
            if (event.position > afterPosition) out.push(event);
            if (out.length >= limit) return out;
          }
        }
      } finally {
        await cursor.close();
      }
      return out;
    },

    async headPosition() {
      // The newest landed commit is at or just below the newest reserved position: a few
      // equality lookups walking down, the sorted scan only past a long run of positions in flight.
      const reserved = await reservedPosition();
      for (let at = reserved; at > 0 && reserved - at < WALK_MAX_COMMITS; at--) {
        const newest = await commits.findOne(
          { lastPosition: at },
          { projection: { streamId: 1, firstPosition: 1 } },
        );
        if (!newest) continue; // reserved, still in flight (or abandoned, to be fenced)
        if (newest.streamId !== GAP_STREAM) return at;
        at = newest.firstPosition; // a fence: go on below it
      }
      if (reserved === 0) return 0;
      const head = await commits
        .find({ streamId: { $ne: GAP_STREAM } }, { projection: { lastPosition: 1 } })
        .sort({ lastPosition: -1 })
        .limit(1)
        .next();
      return head?.lastPosition ?? 0;
    },

    onAppend(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      if (ownsClient) await client.close();
    },
  };
}

export function tombstone(first: number, last: number): CommitDoc {
  return {
    _id: `${GAP_STREAM}:${first}`,
    streamId: GAP_STREAM,
    baseVersion: first,
    version: last,
    firstPosition: first,
    lastPosition: last,
    events: [],
    published: false,
    committedAt: new Date(),
  };
}
