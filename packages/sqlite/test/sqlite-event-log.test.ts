/**
 * The SQLite event log's worker threads. Background checkpoints: appends reach the database file
 * itself (not only the WAL) without a commit doing the copy, and closing the log stops the
 * worker. Read-ahead: a subscription far behind gets the same envelopes, in order, whichever
 * thread read them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqliteEventLog, type SqliteEventLogOptions } from '../src/sqlite-event-log.ts';
import { loggerFor } from '@rewear/platform/logging';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Rows of `file` as the database file alone holds them (its WAL left behind); 0 before the table. */
function rowsInDatabaseFile(file: string, folder: string): number {
  const copy = path.join(folder, `copy-${Date.now()}-${Math.random()}.sqlite`);
  copyFileSync(file, copy);
  const db = new Database(copy, { readonly: true });
  try {
    const table = db
      .prepare("SELECT count(*) FROM sqlite_master WHERE name = 'events'")
      .pluck()
      .get();
    return table ? (db.prepare('SELECT count(*) FROM events').pluck().get() as number) : 0;
  } finally {
    db.close();
  }
}

const cartCreated = (cartId: string) => ({
  type: 'CartCreated' as const,
  data: { cartId, userId: `u-${cartId}` },
});
const optionsFor = (i: number) => ({ expectedVersion: 0, actor: null, correlationId: `corr-${i}` });

/** A log file in a fresh folder (removed after the test), with `count` carts appended. */
async function logWithCarts(count: number, walCheckpointIntervalMs: number) {
  const folder = mkdtempSync(path.join(tmpdir(), 'rewear-wal-'));
  folders.push(folder);
  const file = path.join(folder, 'events.sqlite');
  const log = openSqliteEventLog({ file, walCheckpointIntervalMs });
  for (let i = 0; i < count; i++)
    await log.append(`cart-${i}`, [cartCreated(`c${i}`)], optionsFor(i));
  return { folder, file, log };
}

describe('SQLite event log checkpoints', () => {
  it('copies the WAL into the database file from a worker thread, and stops it on close', async () => {
    const { folder, file, log } = await logWithCarts(20, 50);
    expect(existsSync(`${file}-wal`)).toBe(true);

    let copied = rowsInDatabaseFile(file, folder);
    for (let waited = 0; copied < 20 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      copied = rowsInDatabaseFile(file, folder);
    }
    expect(copied).toBe(20);

    await log.close();
    // The last connection closed: SQLite folded the WAL in and removed it.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('keeps the WAL bounded through a burst faster than the worker (SQLite checkpoints at 10,000 pages)', async () => {
    // The worker never runs in this test: each append writes a few pages, 4,000 of them ~75 MB.
    const { file, log } = await logWithCarts(4000, 60_000);
    expect(statSync(`${file}-wal`).size).toBeLessThan(45 * 1024 * 1024);
    await log.close();
  });

  it('leaves checkpoints to SQLite when asked to (interval 0): the file lags the WAL', async () => {
    const { folder, file, log } = await logWithCarts(5, 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Five small commits stay under SQLite's 1000-page mark: nothing copied yet.
    expect(rowsInDatabaseFile(file, folder)).toBe(0);
    await log.close();
  });

  it('finishes closing in a process with nothing else to do, its worker running whatever the flags', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rewear-wal-'));
    folders.push(folder);
    const module = fileURLToPath(new URL('../src/sqlite-event-log.ts', import.meta.url));
    const script = `
      import { openSqliteEventLog } from ${JSON.stringify(module)};
      const log = openSqliteEventLog({ file: ${JSON.stringify(path.join(folder, 'events.sqlite'))} });
      await log.append('cart-1', [{ type: 'CartCreated', data: { cartId: 'c1', userId: 'u1' } }], { expectedVersion: 0, actor: null, correlationId: 'corr' });
      await log.close();
      console.log('closed');
    `;
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(child.stdout.trim()).toBe('closed');
    // The worker ran (no fallback to checkpoints in commits), whatever flags the process had.
    expect(child.stderr).not.toContain('checkpoint worker failed');
  });
});

describe('SQLite event log read-ahead', () => {
  /** A log file with small batches, so that a few hundred events make many of them. */
  async function logWithEvents(count: number, options: Partial<SqliteEventLogOptions> = {}) {
    const folder = mkdtempSync(path.join(tmpdir(), 'rewear-read-ahead-'));
    folders.push(folder);
    const log = openSqliteEventLog({
      file: path.join(folder, 'events.sqlite'),
      batchSize: 50,
      ...options,
    });
    for (let i = 0; i < count; i++) await appendMixed(log, i);
    return log;
  }

  /** Events of several shapes: with and without actor and causation, nested and null fields. */
  async function appendMixed(log: Awaited<ReturnType<typeof logWithEvents>>, i: number) {
    if (i % 3 === 0) return log.append(`cart-${i}`, [cartCreated(`c${i}`)], optionsFor(i));
    if (i % 3 === 1) {
      return log.append(
        `brand-b${i}`,
        [{ type: 'BrandCreated', data: { brandId: `b${i}`, name: `Brand "${i}" é`, image: null } }],
        {
          expectedVersion: 0,
          actor: `u${i}`,
          correlationId: `corr-${i}`,
          causationId: `cause-${i}`,
        },
      );
    }
    return log.append(
      `wishlist-u${i}`,
      [
        { type: 'WishlistItemAdded', data: { userId: `u${i}`, productId: `l${i}` } },
        { type: 'WishlistItemAdded', data: { userId: `u${i}`, productId: `l${i + 1}` } },
      ],
      optionsFor(i),
    );
  }

  /** Subscribes from 0 and collects what is delivered until the log's head is; `handle` runs per batch. */
  async function deliverAll(
    log: Awaited<ReturnType<typeof logWithEvents>>,
    handle?: (batch: number) => Promise<void>,
  ) {
    const delivered: unknown[] = [];
    let batches = 0;
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const subscription = await log.subscribe({
      name: `reader-${Math.random()}`,
      from: { all: 0 },
      async handle({ events }) {
        const batch = batches++;
        await handle?.(batch);
        // A slow projector, slowest at first: the worker has time to start and read ahead.
        await new Promise((resolve) => setTimeout(resolve, batch < 3 ? 100 : 2));
        delivered.push(...events);
        if (delivered.length >= (await log.headPosition())) done();
      },
    });
    await finished;
    await subscription.stop();
    return delivered;
  }

  it('delivers a long log once and in order, the same envelopes as readAll, appends during catch-up included', async () => {
    const log = await logWithEvents(600);
    const before = await log.headPosition();
    let appended = 600;
    const delivered = await deliverAll(log, async (batch) => {
      // Appends while the worker reads: they come after, in order, whichever thread reads them.
      if (batch === 3) for (; appended < 700; appended++) await appendMixed(log, appended);
    });
    expect(await log.headPosition()).toBe(before + 133);
    expect(delivered).toEqual(await log.readAll(0, 10_000));
    expect(log.batchesReadAhead).toBeGreaterThan(5);
    await log.close();
  });

  it('delivers a retried batch again after a failing handler, and nothing out of order', async () => {
    const errors: string[] = [];
    const log = await logWithEvents(400, { onHandlerError: (error) => errors.push(String(error)) });
    let failed = false;
    const delivered = await deliverAll(log, async (batch) => {
      if (batch === 4 && !failed) {
        failed = true;
        throw new Error('projector down');
      }
    });
    expect(errors).toEqual(['Error: projector down']);
    const positions = delivered.map((event) => (event as { position: number }).position);
    expect(positions).toEqual(Array.from({ length: await log.headPosition() }, (_, i) => i + 1));
    expect(log.batchesReadAhead).toBeGreaterThan(0);
    await log.close();
  });

  it('reads on the subscriber thread when the worker cannot read, warning once', async () => {
    const log = await logWithEvents(300);
    // The worker opens the file by its path: moved away, it fails; this connection reads on.
    const file = path.resolve(log.file);
    renameSync(file, `${file}.moved`);
    const warn = vi.spyOn(loggerFor('event-log'), 'warn').mockImplementation(() => {});
    try {
      const delivered = await deliverAll(log);
      expect(delivered).toEqual(await log.readAll(0, 10_000));
      expect(log.batchesReadAhead).toBe(0);
      // The worker's failure is reported from its own thread, which a loaded machine may run
      // after the deliveries finished on this one.
      await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 10_000 });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/read-ahead worker failed/);
    } finally {
      warn.mockRestore();
      renameSync(`${file}.moved`, file);
      await log.close();
    }
  });

  it('reads on the subscriber thread alone when read-ahead is off, with the same deliveries', async () => {
    const log = await logWithEvents(300, { readAhead: false });
    const delivered = await deliverAll(log);
    expect(delivered).toEqual(await log.readAll(0, 10_000));
    expect(log.batchesReadAhead).toBe(0);
    await log.close();
  });
});

describe('SQLite event log subscriptions', () => {
  /** A log in a fresh folder, and what a subscription from 0 receives (stream ids); `onDelivery` after each batch. */
  async function watchedLog(options: Partial<SqliteEventLogOptions>, onDelivery = () => {}) {
    const folder = mkdtempSync(path.join(tmpdir(), 'rewear-watch-'));
    folders.push(folder);
    const file = path.join(folder, 'events.sqlite');
    const log = openSqliteEventLog({ file, ...options });
    const delivered: string[] = [];
    const subscription = await log.subscribe({
      name: 'watcher',
      from: { all: 0 },
      async handle({ events }) {
        delivered.push(...events.map((e) => e.streamId));
        onDelivery();
      },
    });
    const stop = async () => {
      await subscription.stop();
      await log.close();
    };
    return { file, log, delivered, stop };
  }

  it('wake for an append made by another process, and for one made by this process', async () => {
    let arrived = () => {};
    // Idle re-reads a minute apart: only a wake-up delivers within the test's deadlines.
    const { file, log, delivered, stop } = await watchedLog(
      { pollIntervalMs: 20, idleRecheckMs: 60_000 },
      () => arrived(),
    );
    const next = () =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`nothing delivered in time; had ${delivered.join()}`)),
          2000,
        );
        arrived = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    try {
      // The subscription is idle (nothing to read) when another process appends.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const module = fileURLToPath(new URL('../src/sqlite-event-log.ts', import.meta.url));
      const script = `
        import { openSqliteEventLog } from ${JSON.stringify(module)};
        const log = openSqliteEventLog({ file: ${JSON.stringify(file)} });
        await log.append('cart-other', [{ type: 'CartCreated', data: { cartId: 'c1', userId: 'u1' } }], { expectedVersion: 0, actor: null, correlationId: 'corr' });
        await log.close();
      `;
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { encoding: 'utf8' },
      );
      expect(child.status, child.stderr).toBe(0);
      // This thread was blocked meanwhile: the deadline starts now.
      await next();
      expect(delivered).toEqual(['cart-other']);

      const fromHere = next();
      await log.append('cart-here', [cartCreated('c2')], optionsFor(2));
      await fromHere;
      expect(delivered).toEqual(['cart-other', 'cart-here']);
    } finally {
      await stop();
    }
  });

  it('reads again after a while even when no wake-up comes', async () => {
    // The watch never looks within the test: only the idle re-read can deliver.
    const { file, delivered, stop } = await watchedLog({
      pollIntervalMs: 600_000,
      idleRecheckMs: 50,
    });
    // A row written by a connection this log knows nothing of (as another process would).
    const other = new Database(file);
    other
      .prepare(
        `INSERT INTO events (id, stream_id, stream_version, type, schema_version, occurred_at, actor, correlation_id, causation_id, data)
         VALUES ('e-raw', 'cart-raw', 1, 'CartCreated', 1, '2026-01-01T00:00:00.000Z', NULL, 'corr', NULL, '{"cartId":"c9","userId":"u9"}')`,
      )
      .run();
    other.close();
    try {
      await vi.waitFor(() => expect(delivered).toEqual(['cart-raw']), {
        timeout: 2000,
        interval: 20,
      });
    } finally {
      await stop();
    }
  });

  it('refuses a new subscription once closing has begun', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rewear-watch-'));
    folders.push(folder);
    const log = openSqliteEventLog({ file: path.join(folder, 'events.sqlite') });
    await log.subscribe({ name: 'first', from: { all: 0 }, async handle() {} });
    const closing = log.close();
    await expect(
      log.subscribe({ name: 'late', from: { all: 0 }, async handle() {} }),
    ).rejects.toThrow(/closed/);
    await closing;
  });
});
