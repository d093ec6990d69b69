/**
 * Answers remembered by `Idempotency-Key`: a retry with the same key (same caller, same route)
 * gets the first answer and appends nothing. Durable store: a SQLite file next to the event log
 * (`idempotency.sqlite` in DATA_DIR), kept apart from the event log because these records are
 * not domain facts and are dropped after a day.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export interface StoredAnswer {
  status: number;
  body: unknown;
  position: number | null;
}

export interface IdempotencyStore {
  get(key: string): Promise<StoredAnswer | null>;
  put(key: string, answer: StoredAnswer): Promise<void>;
  close(): Promise<void>;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export function createMemoryIdempotencyStore(now: () => Date = () => new Date()): IdempotencyStore {
  const answers = new Map<string, { answer: StoredAnswer; at: number }>();
  return {
    async get(key) {
      const entry = answers.get(key);
      if (!entry || now().getTime() - entry.at > IDEMPOTENCY_TTL_MS) return null;
      return entry.answer;
    },
    async put(key, answer) {
      answers.set(key, { answer, at: now().getTime() });
    },
    async close() {},
  };
}

export function createSqliteIdempotencyStore(
  file: string,
  now: () => Date = () => new Date(),
): IdempotencyStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 10_000 });
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE IF NOT EXISTS idempotent_answers (
    key TEXT PRIMARY KEY, status INTEGER NOT NULL, body TEXT, position INTEGER, stored_at INTEGER NOT NULL)`);
  const select = db.prepare<
    [string, number],
    { status: number; body: string | null; position: number | null }
  >('SELECT status, body, position FROM idempotent_answers WHERE key = ? AND stored_at > ?');
  const insert = db.prepare(
    'INSERT OR IGNORE INTO idempotent_answers (key, status, body, position, stored_at) VALUES (?, ?, ?, ?, ?)',
  );
  const prune = db.prepare('DELETE FROM idempotent_answers WHERE stored_at <= ?');
  return {
    async get(key) {
      const row = select.get(key, now().getTime() - IDEMPOTENCY_TTL_MS);
      return row
        ? {
            status: row.status,
            body: row.body === null ? null : JSON.parse(row.body),
            position: row.position,
          }
        : null;
    },
    async put(key, answer) {
      const at = now().getTime();
      insert.run(
        key,
        answer.status,
        answer.body === undefined ? null : JSON.stringify(answer.body),
        answer.position,
        at,
      );
      prune.run(at - IDEMPOTENCY_TTL_MS);
    },
    async close() {
      db.close();
    },
  };
}
