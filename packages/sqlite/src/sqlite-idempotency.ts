/**
 * Idempotency records in a SQLite file (`idempotency.sqlite` in DATA_DIR), apart from the event
 * log because they are not domain facts and are dropped after a day. One row per key; a claim
 * reads and takes the row in one IMMEDIATE transaction, so processes sharing the file (WAL mode,
 * a busy timeout) take a key one at a time.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { IdempotencyStore, IdempotencyStoreOptions, StoredAnswer } from '@rewear/ports';
import {
  idempotencyTimes,
  PRUNE_INTERVAL_MS,
  verdictOf,
  type ClaimRecord,
} from '@rewear/platform/adapters';

interface Row {
  token: string;
  state: ClaimRecord['state'];
  lease_until: number;
  expires_at: number;
  status: number | null;
  body: string | null;
  position: number | null;
}

const recordOf = (row: Row): ClaimRecord => ({
  token: row.token,
  state: row.state,
  leaseUntil: row.lease_until,
  expiresAt: row.expires_at,
  answer:
    row.state === 'done'
      ? {
          status: row.status!,
          body: row.body === null ? null : JSON.parse(row.body),
          position: row.position,
        }
      : null,
});

const bodyText = (answer: StoredAnswer) =>
  answer.body === undefined ? null : JSON.stringify(answer.body);

export function createSqliteIdempotencyStore(
  file: string,
  options: IdempotencyStoreOptions = {},
): IdempotencyStore {
  const { now, ttlMs, leaseMs } = idempotencyTimes(options);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 10_000 });
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE IF NOT EXISTS idempotency_claims (
    key TEXT PRIMARY KEY,
    token TEXT NOT NULL,
    state TEXT NOT NULL,
    lease_until INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    status INTEGER,
    body TEXT,
    position INTEGER
  );
  CREATE INDEX IF NOT EXISTS idempotency_claims_expiry ON idempotency_claims (expires_at);`);
  // Answers kept by the earlier table (answers only, no claims) move over once.
  db.transaction(() => {
    const old = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'idempotent_answers'")
      .get();
    if (!old) return;
    db.prepare(
      `INSERT OR IGNORE INTO idempotency_claims (key, token, state, lease_until, expires_at, status, body, position)
       SELECT key, 'earlier', 'done', 0, stored_at + ?, status, body, position
       FROM idempotent_answers WHERE stored_at + ? > ?`,
    ).run(ttlMs, ttlMs, now());
    db.exec('DROP TABLE idempotent_answers');
  }).immediate();

  const select = db.prepare<[string], Row>(
    'SELECT token, state, lease_until, expires_at, status, body, position FROM idempotency_claims WHERE key = ?',
  );
  const take = db.prepare<[string, string, number, number]>(
    `INSERT OR REPLACE INTO idempotency_claims (key, token, state, lease_until, expires_at)
     VALUES (?, ?, 'pending', ?, ?)`,
  );
  const renew = db.prepare<[number, string, string]>(
    "UPDATE idempotency_claims SET lease_until = ? WHERE key = ? AND token = ? AND state = 'pending'",
  );
  const complete = db.prepare<[number, number, string | null, number | null, string, string]>(
    `UPDATE idempotency_claims SET state = 'done', lease_until = 0, expires_at = ?, status = ?, body = ?, position = ?
     WHERE key = ? AND token = ? AND state = 'pending'`,
  );
  const release = db.prepare<[string, string]>(
    "DELETE FROM idempotency_claims WHERE key = ? AND token = ? AND state = 'pending'",
  );
  const prune = db.prepare<[number]>('DELETE FROM idempotency_claims WHERE expires_at <= ?');
  let prunedAt = 0;

  const claim = db.transaction((key: string, at: number) => {
    const row = select.get(key);
    const verdict = verdictOf(row ? [recordOf(row)] : [], at);
    if (verdict.outcome !== 'free') return verdict;
    const token = randomUUID();
    take.run(key, token, at + leaseMs, at + ttlMs);
    return { outcome: 'claimed' as const, token };
  });

  return {
    async claim(key) {
      const at = now();
      if (at - prunedAt >= PRUNE_INTERVAL_MS) {
        prunedAt = at;
        prune.run(at);
      }
      return claim.immediate(key, at);
    },
    async renew(key, token) {
      return renew.run(now() + leaseMs, key, token).changes > 0;
    },
    async complete(key, token, answer) {
      complete.run(now() + ttlMs, answer.status, bodyText(answer), answer.position, key, token);
    },
    async release(key, token) {
      release.run(key, token);
    },
    async get(key) {
      const row = select.get(key);
      const verdict = verdictOf(row ? [recordOf(row)] : [], now());
      return verdict.outcome === 'answered' ? verdict.answer : null;
    },
    async close() {
      db.close();
    },
  };
}
