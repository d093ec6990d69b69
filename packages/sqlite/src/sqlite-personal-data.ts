/**
 * The personal-data vault in its own SQLite file (`personal-data.sqlite` in DATA_DIR), apart
 * from the event log: one row per subject with its data key, and after an erasure the row
 * without its key (a tombstone, so no key is made for the subject again). `secure_delete`
 * overwrites an erased key's bytes in the file and a checkpoint then empties the write-ahead log,
 * so no copy of the key stays on disk.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { PersonalDataVault } from '@rewear/ports';
import { newDataKey } from '@rewear/platform/adapters';

/** File of the embedded vault inside DATA_DIR. */
export const PERSONAL_DATA_FILE = 'personal-data.sqlite';

export function openSqlitePersonalDataVault(file: string): PersonalDataVault {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { timeout: 10_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('secure_delete = ON');
  db.exec(`CREATE TABLE IF NOT EXISTS data_keys (
    subject TEXT PRIMARY KEY,
    key BLOB,
    created_at TEXT NOT NULL,
    erased_at TEXT
  )`);
  const select = db.prepare<[string], { key: Buffer | null }>(
    'SELECT key FROM data_keys WHERE subject = ?',
  );
  const insert = db.prepare<[string, Buffer, string]>(
    'INSERT OR IGNORE INTO data_keys (subject, key, created_at) VALUES (?, ?, ?)',
  );
  const erase = db.prepare<[string, string, string]>(
    `INSERT INTO data_keys (subject, key, created_at, erased_at) VALUES (?, NULL, ?, ?)
     ON CONFLICT(subject) DO UPDATE SET key = NULL, erased_at = coalesce(erased_at, excluded.erased_at)`,
  );
  const keyFor = db.transaction((subject: string): Buffer | null => {
    insert.run(subject, newDataKey(), new Date().toISOString());
    return select.get(subject)?.key ?? null;
  });
  const keysOf = (subjects: readonly string[]): Map<string, Buffer> => {
    const found = new Map<string, Buffer>();
    for (const subject of subjects) {
      const key = select.get(subject)?.key;
      if (key) found.set(subject, key);
    }
    return found;
  };

  return {
    keyFor: async (subject) => keyFor.immediate(subject),
    keysOf: async (subjects) => keysOf(subjects),
    async erase(subject) {
      const at = new Date().toISOString();
      erase.run(subject, at, at);
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
