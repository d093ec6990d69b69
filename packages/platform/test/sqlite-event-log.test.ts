/**
 * The SQLite event log's background checkpoints: appends reach the database file itself (not
 * only the WAL) without a commit doing the copy, and closing the log stops the worker.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteEventLog } from '../src/adapters/sqlite-event-log.ts';

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
  for (let i = 0; i < count; i++) await log.append(`cart-${i}`, [cartCreated(`c${i}`)], optionsFor(i));
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
    const module = fileURLToPath(new URL('../src/adapters/sqlite-event-log.ts', import.meta.url));
    const script = `
      import { openSqliteEventLog } from ${JSON.stringify(module)};
      const log = openSqliteEventLog({ file: ${JSON.stringify(path.join(folder, 'events.sqlite'))} });
      await log.append('cart-1', [{ type: 'CartCreated', data: { cartId: 'c1', userId: 'u1' } }], { expectedVersion: 0, actor: null, correlationId: 'corr' });
      await log.close();
      console.log('closed');
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(child.stdout.trim()).toBe('closed');
    // The worker ran (no fallback to checkpoints in commits), whatever flags the process had.
    expect(child.stderr).not.toContain('checkpoint worker failed');
  });
});
