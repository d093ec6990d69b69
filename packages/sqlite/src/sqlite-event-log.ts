/**
 * The embedded event store and bus: one SQLite file (better-sqlite3) holding the log of every
 * event, in global position order, plus the durable checkpoint of each subscription.
 *
 * Durability: WAL journal with synchronous=NORMAL. A commit is written to the WAL (in the OS
 * page cache) before `append` resolves, so an acknowledged append survives the process being
 * killed (SIGKILL) at any point; only a power cut or kernel crash can lose the last commits,
 * which FULL would cover at the price of an fsync per append (pass `synchronous: 'FULL'`).
 *
 * Checkpoints (copying the WAL into the database file, with an fsync) run in a worker thread
 * on its own connection, not in the commit that crosses SQLite's 1000-page mark: there they
 * stalled the event loop for 10–16 ms several times a second under a stream of appends. SQLite's
 * own checkpoint stays as a backstop, at 10,000 pages, for bursts faster than the worker.
 *
 * Positions: the table's AUTOINCREMENT rowid. Every write runs in an IMMEDIATE transaction,
 * so writers (even in other processes) are serialised and positions become visible in order,
 * without gaps that fill later: a reader that has seen position p never misses a p' < p.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { DomainEvent, EventEnvelope } from '@rewear/contracts';
import {
  ConcurrencyError,
  type AppendOptions,
  type AppendResult,
  type DeliveredBatch,
  type EventBus,
  type EventStore,
  type SubscribeOptions,
  type Subscription,
} from '@rewear/ports';
import { checkAppend, sealEvents } from '@rewear/platform/adapters';
import { ReadAheadRun } from './sqlite-read-ahead.ts';
import { loggerFor } from '@rewear/platform/logging';

export interface SqliteEventLogOptions {
  /** Path of the database file (its folder must exist); ':memory:' for a throwaway log. */
  file: string;
  /** 'NORMAL' (default) survives a killed process; 'FULL' also a power cut. */
  synchronous?: 'NORMAL' | 'FULL';
  /**
   * How often the log looks for events appended by other processes: one `PRAGMA data_version`
   * per interval, which wakes the idle subscriptions when another connection committed.
   * Default 20 ms. Appends through this process wake them at once.
   */
  pollIntervalMs?: number;
  /**
   * An idle subscription also reads again after this long, woken or not: a wake-up missed for
   * a reason not foreseen costs that long, never a stall. Default 1000 ms (a read per second
   * per idle subscription, against one per poll interval when each polled).
   */
  idleRecheckMs?: number;
  /** Events per delivered batch and per read. Default 2000. */
  batchSize?: number;
  /**
   * How long a subscription's durable checkpoint may trail what it handled. Default 250 ms.
   * Stored at once would be a write transaction per subscription per delivered batch: with a
   * subscription per projector, seven commits for every append. Delivery is at least once
   * either way; a stopped subscription stores its latest position, a killed one resumes from
   * at most this much earlier (its consumers are idempotent).
   */
  checkpointDelayMs?: number;
  /**
   * How often a worker thread copies the WAL into the database file (a PASSIVE checkpoint, which
   * never waits for readers or writers). Default 200 ms; 0 leaves it to SQLite, inside commits.
   * A burst of appends faster than that still meets SQLite's own checkpoint, at 10,000 pages
   * (about 40 MB) instead of 1,000: the WAL stays bounded.
   */
  walCheckpointIntervalMs?: number;
  /**
   * Not called: stored events are delivered as they are, without a schema check. Events are
   * validated at append (nothing invalid is written through this log) and again at consume by
   * the projection runtime, which dead-letters an invalid one; checking them here as well cost
   * a second validation of every event. Kept so that existing callers still type-check.
   * @deprecated
   */
  onInvalidEvent?: (event: EventEnvelope, reason: string, subscription: string) => void;
  /**
   * A subscription a full batch or more behind has the following batches read by a worker
   * thread while it applies the current one. Default true (file logs only).
   */
  readAhead?: boolean;
  /** Called when a subscriber's `handle` throws; the batch is retried after a pause. */
  onHandlerError?: (error: unknown, subscription: string) => void;
}

export interface SqliteEventLog extends EventStore, EventBus {
  readonly file: string;
  /** The stored durable checkpoint of a subscription (0 if it never stored one). */
  checkpointOf(name: string): number;
  /** Batches delivered to subscriptions from a read-ahead worker since the log was opened. */
  readonly batchesReadAhead: number;
}

type Row = [
  position: number,
  id: string,
  streamId: string,
  streamVersion: number,
  type: string,
  schemaVersion: number,
  occurredAt: string,
  actor: string | null,
  correlationId: string,
  causationId: string | null,
  data: string,
];

const COLUMNS =
  'position, id, stream_id, stream_version, type, schema_version, occurred_at, actor, correlation_id, causation_id, data';

function toEnvelope(row: Row): EventEnvelope {
  return {
    id: row[1],
    type: row[4],
    schemaVersion: row[5],
    streamId: row[2],
    streamVersion: row[3],
    position: row[0],
    occurredAt: row[6],
    actor: row[7],
    correlationId: row[8],
    causationId: row[9],
    data: JSON.parse(row[10]),
  } as EventEnvelope;
}

const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 10000 });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or locked: the next round copies what this one could not
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Starts the worker that checkpoints `file`; its promise resolves once it closed its connection.
 * The driver is resolved here: an evaluated worker resolves modules from the working folder.
 */
function startCheckpointer(
  file: string,
  intervalMs: number,
  onError: (error: Error) => void,
): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // No flags of the parent (a loader, --input-type=module): the source is plain CommonJS.
  const worker = new Worker(CHECKPOINTER_SOURCE, {
    eval: true,
    execArgv: [],
    workerData: { file, intervalMs, driver },
  });
  worker.unref();
  worker.on('error', onError);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return async () => {
    // Held while it closes: an unreferenced worker would let the process end mid-close.
    worker.ref();
    worker.postMessage('close');
    await exited;
  };
}

/**
 * Subscriptions waiting for new events, per database file: an append through any log object
 * of this process on that file wakes them at once; other processes' commits are noticed by
 * each log's watch on `PRAGMA data_version`.
 */
const sleepersByFile = new Map<string, Set<() => void>>();

export function openSqliteEventLog(options: SqliteEventLogOptions): SqliteEventLog {
  const pollIntervalMs = options.pollIntervalMs ?? 20;
  const idleRecheckMs = options.idleRecheckMs ?? 1000;
  const batchSize = options.batchSize ?? 2000;
  const checkpointDelayMs = options.checkpointDelayMs ?? 250;
  const onHandlerError =
    options.onHandlerError ??
    ((error, name) =>
      loggerFor('event-log').error(
        { err: error },
        `[event-log] subscription ${name}: handler failed, retrying`,
      ));

  const db = new Database(options.file, { timeout: 10_000 });
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  // A WAL grown by a burst is cut back to this once it restarts.
  db.pragma(`journal_size_limit = ${16 * 1024 * 1024}`);
  const checkpointIntervalMs = options.walCheckpointIntervalMs ?? 200;
  let stopCheckpointer: (() => Promise<void>) | null = null;
  if (options.file !== ':memory:' && checkpointIntervalMs > 0) {
    db.pragma('wal_autocheckpoint = 10000');
    stopCheckpointer = startCheckpointer(
      path.resolve(options.file),
      checkpointIntervalMs,
      (error) => {
        // Without it the WAL would only grow: SQLite checkpoints in commits again.
        loggerFor('event-log').error(
          { err: error },
          '[event-log] the WAL checkpoint worker failed; checkpoints run in commits',
        );
        stopCheckpointer = null;
        if (db.open) db.pragma('wal_autocheckpoint = 1000');
      },
    );
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      stream_id TEXT NOT NULL,
      stream_version INTEGER NOT NULL,
      type TEXT NOT NULL,
      schema_version INTEGER NOT NULL,
      occurred_at TEXT NOT NULL,
      actor TEXT,
      correlation_id TEXT NOT NULL,
      causation_id TEXT,
      data TEXT NOT NULL,
      UNIQUE (stream_id, stream_version)
    );
    CREATE TABLE IF NOT EXISTS subscriptions (
      name TEXT PRIMARY KEY,
      position INTEGER NOT NULL,
      updated_at TEXT NOT NULL
    );
  `);

  const headOfStream = db
    .prepare(
      'SELECT stream_version FROM events WHERE stream_id = ? ORDER BY stream_version DESC LIMIT 1',
    )
    .pluck();
  const insert = db.prepare(
    `INSERT INTO events (id, stream_id, stream_version, type, schema_version, occurred_at, actor, correlation_id, causation_id, data)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const readStreamStmt = db
    .prepare(
      `SELECT ${COLUMNS} FROM events WHERE stream_id = ? AND stream_version >= ? ORDER BY stream_version`,
    )
    .raw();
  const readAllStmt = db
    .prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
    .raw();
  const headStmt = db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck();
  const checkpointStmt = db.prepare('SELECT position FROM subscriptions WHERE name = ?').pluck();
  const saveCheckpoint = db.prepare(
    `INSERT INTO subscriptions (name, position, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`,
  );

  const appendTx = db.transaction(
    (streamId: string, events: DomainEvent[], appendOptions: AppendOptions) => {
      const actual = (headOfStream.get(streamId) as number | undefined) ?? 0;
      if (actual !== appendOptions.expectedVersion) {
        throw new ConcurrencyError(streamId, appendOptions.expectedVersion, actual);
      }
      // Positions are only known once inserted; seal with a placeholder and fill them in.
      const envelopes = sealEvents(streamId, events, appendOptions, 0);
      for (const e of envelopes) {
        const info = insert.run(
          e.id,
          e.streamId,
          e.streamVersion,
          e.type,
          e.schemaVersion,
          e.occurredAt,
          e.actor,
          e.correlationId,
          e.causationId,
          JSON.stringify(e.data),
        );
        e.position = Number(info.lastInsertRowid);
      }
      return envelopes;
    },
  );

  // Every ':memory:' database is its own.
  const fileKey =
    options.file === ':memory:' ? `:memory:${randomUUID()}` : path.resolve(options.file);
  const sleepers = sleepersByFile.get(fileKey) ?? new Set<() => void>();
  sleepersByFile.set(fileKey, sleepers);
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };
  /** Waits until woken, or `ms` at most. */
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  // Idle subscriptions wait to be woken rather than each reading the log every interval: one
  // cheap check for the whole log instead of a query per subscription (about 2% of a core for
  // the storefront's idle server). It runs while the log has subscriptions (their naps keep the
  // process alive), and starts before a subscription's first read, so that no commit falls
  // between that read and the version it compares with. A private in-memory database has no
  // other connection to watch.
  const dataVersion =
    options.file === ':memory:' ? null : db.prepare('PRAGMA data_version').pluck();
  let seenVersion: unknown = null;
  let watch: NodeJS.Timeout | null = null;
  const watchOthers = (on: boolean) => {
    if (on && !watch && dataVersion) {
      seenVersion = dataVersion.get();
      watch = setInterval(() => {
        if (sleepers.size === 0) return;
        let version: unknown;
        try {
          version = dataVersion.get();
        } catch {
          // The subscriptions' own reads report what is wrong with the database.
          wakeAll();
          return;
        }
        if (version === seenVersion) return;
        seenVersion = version;
        wakeAll();
      }, pollIntervalMs).unref();
    } else if (!on && watch) {
      clearInterval(watch);
      watch = null;
    }
  };

  // A worker reads on its own connection: a private in-memory database has none to share.
  let readAheadFile =
    options.file === ':memory:' || options.readAhead === false ? null : path.resolve(options.file);
  let batchesReadAhead = 0;
  const subscriptions = new Set<{ stop(): Promise<void> }>();
  let closed = false;
  const ensureOpen = () => {
    if (closed) throw new Error('The event log is closed');
  };

  const log: SqliteEventLog = {
    file: options.file,

    async append(streamId, events, appendOptions): Promise<AppendResult> {
      ensureOpen();
      checkAppend(streamId, events, appendOptions);
      let envelopes: EventEnvelope[];
      try {
        envelopes = appendTx.immediate(streamId, events, appendOptions);
      } catch (error) {
        // Another process won the race between our version check and insert.
        if (
          error instanceof Error &&
          /UNIQUE constraint failed: events\.stream_id/.test(error.message)
        ) {
          const actual = (headOfStream.get(streamId) as number | undefined) ?? 0;
          throw new ConcurrencyError(streamId, appendOptions.expectedVersion, actual);
        }
        throw error;
      }
      wakeAll();
      const last = envelopes[envelopes.length - 1]!;
      return { streamVersion: last.streamVersion, position: last.position, events: envelopes };
    },

    async readStream(streamId, fromVersion = 1) {
      ensureOpen();
      return (readStreamStmt.all(streamId, fromVersion) as Row[]).map(toEnvelope);
    },

    async readAll(afterPosition, limit) {
      ensureOpen();
      return (readAllStmt.all(afterPosition, limit) as Row[]).map(toEnvelope);
    },

    async headPosition() {
      ensureOpen();
      return (headStmt.get('events') as number | undefined) ?? 0;
    },

    get batchesReadAhead() {
      return batchesReadAhead;
    },

    checkpointOf(name) {
      return (checkpointStmt.get(name) as number | undefined) ?? 0;
    },

    async subscribe({ name, from, handle }: SubscribeOptions): Promise<Subscription> {
      ensureOpen();
      let position = from ? (from.all ?? 0) : log.checkpointOf(name);
      let stopped = false;
      let failures = 0;
      let stored = position;
      let storing: NodeJS.Timeout | null = null;
      const storeCheckpoint = () => {
        if (storing) clearTimeout(storing);
        storing = null;
        if (position === stored) return;
        saveCheckpoint.run(name, position, new Date().toISOString());
        stored = position;
      };

      // Set while the subscription is a full batch or more behind the head (see sqlite-read-ahead.ts).
      let readAhead: ReadAheadRun | null = null;
      const endReadAhead = () => {
        // A worker that failed once would fail again: the log reads on the subscribers' threads.
        if (readAhead?.failed) readAheadFile = null;
        void readAhead?.close();
        readAhead = null;
      };
      const nextBatch = (): EventEnvelope[] => {
        const ahead = readAhead?.take(position);
        if (readAhead?.done) endReadAhead();
        if (ahead) {
          batchesReadAhead += 1;
          return ahead;
        }
        const rows = readAllStmt.all(position, batchSize) as Row[];
        if (rows.length < batchSize) endReadAhead();
        else if (readAheadFile !== null && readAhead === null) {
          readAhead = new ReadAheadRun(readAheadFile, rows[rows.length - 1]![0], batchSize);
        }
        return rows.map(toEnvelope);
      };

      const loop = async () => {
        while (!stopped) {
          const events = nextBatch();
          if (events.length === 0) {
            await nap(idleRecheckMs);
            continue;
          }
          // Delivered unchecked: consume-time validation is the projection runtime's (see onInvalidEvent).
          const batch: DeliveredBatch = { events, partition: 'all' };
          try {
            await handle(batch);
          } catch (error) {
            onHandlerError(error, name);
            failures += 1;
            await nap(Math.min(100 * 2 ** failures, 5000));
            continue;
          }
          failures = 0;
          position = events[events.length - 1]!.position;
          if (checkpointDelayMs <= 0) storeCheckpoint();
          else storing ??= setTimeout(storeCheckpoint, checkpointDelayMs).unref();
        }
        endReadAhead();
      };
      watchOthers(true);
      const running = loop();
      const subscription = {
        async stop() {
          stopped = true;
          wakeAll();
          await running;
          storeCheckpoint();
          subscriptions.delete(subscription);
          if (subscriptions.size === 0) watchOthers(false);
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      if (closed) return;
      // From here on, nothing new starts (a subscription would outlive the database).
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      watchOthers(false);
      if (sleepers.size === 0) sleepersByFile.delete(fileKey);
      await stopCheckpointer?.();
      db.close();
    },
  };
  return log;
}
