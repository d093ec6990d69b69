/**
 * The outbox: every command a signed-in user's action sends (cart, wishlist, follows, messages)
 * is kept in IndexedDB from the moment it is made until it is answered (2xx, or a 4xx refusal),
 * with its `Idempotency-Key`, so a page left, closed or offline before the answer still gets it
 * sent: the next load or the return of the network sends it again with the same key, and the
 * server answers a key it has seen with the first answer. Entries carry their user's uid and are
 * sent for that user only.
 */
import { createStore, del, promisifyRequest, values, type UseStore } from 'idb-keyval';
import { OUTBOX_LIMIT, OutboxFullError } from './command.ts';

/** The action whose change on screen the command makes (the page shows it again on a reload). */
export interface OutboxIntent {
  type: string;
  payload?: unknown;
}

export interface CommandRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface OutboxEntry extends CommandRequest {
  /** The Idempotency-Key, also the entry's key. */
  key: string;
  uid: string;
  /** When it was made (ms since the epoch) and, for two made in the same millisecond, in which order. */
  at: number;
  seq: number;
  intent?: OutboxIntent;
}

/** The server keeps an Idempotency-Key's answer a day: an older command is dropped, not sent. */
export const OUTBOX_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface Outbox {
  /** Keeps an entry; refused (OutboxFullError) when OUTBOX_LIMIT entries are kept already. */
  keep(entry: OutboxEntry): Promise<void>;
  remove(key: string): Promise<void>;
  /** The user's entries, oldest first. */
  pending(uid: string): Promise<OutboxEntry[]>;
  /**
   * Keys this tab's own sagas are sending (with what keeping them answered): a replay leaves
   * them to their saga, which sends them in its own order.
   */
  readonly live: Map<string, Promise<void>>;
}

let seq = 0;
/** Orders entries made in the same millisecond. */
export function nextSeq(): number {
  seq += 1;
  return seq;
}

const oldestFirst = (a: OutboxEntry, b: OutboxEntry) => a.at - b.at || a.seq - b.seq;

/**
 * Copies of entries in localStorage, written synchronously as a command is made, until its
 * IndexedDB write has landed. That write takes a few milliseconds, and a tab closed in between
 * aborts it: were the request lost too (no network), the command would be gone. The copy is
 * already stored when the tap's handler returns; the next page finds it.
 */
function writeAhead(name: string) {
  const prefix = `${name}:ahead:`;
  const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);
  return {
    put(entry: OutboxEntry) {
      try {
        storage()?.setItem(prefix + entry.key, JSON.stringify(entry));
      } catch {
        // Storage full or unavailable: the IndexedDB write alone keeps it.
      }
    },
    drop(key: string) {
      try {
        storage()?.removeItem(prefix + key);
      } catch {
        // Unavailable: nothing was written either.
      }
    },
    all(): OutboxEntry[] {
      const kept = storage();
      if (!kept) return [];
      const entries: OutboxEntry[] = [];
      for (let i = 0; i < kept.length; i += 1) {
        const key = kept.key(i);
        if (!key?.startsWith(prefix)) continue;
        try {
          entries.push(JSON.parse(kept.getItem(key) ?? '') as OutboxEntry);
        } catch {
          kept.removeItem(key); // not an entry this code wrote
        }
      }
      return entries;
    },
  };
}

/** The outbox in this browser's IndexedDB (`rewear-outbox`), or null where there is none. */
export function indexedDbOutbox(name = 'rewear-outbox'): Outbox | null {
  if (typeof indexedDB === 'undefined') return null;
  let store: UseStore | null = null;
  // Opened at the first use: a visitor, who sends no such command, never opens it.
  const db = () => (store ??= createStore(name, 'commands'));
  const ahead = writeAhead(name);
  return {
    live: new Map(),
    keep: (entry) => {
      ahead.put(entry);
      return db()('readwrite', (objects) => {
        const count = objects.count();
        count.onsuccess = () => {
          if (count.result < OUTBOX_LIMIT) objects.put(entry, entry.key);
        };
        return promisifyRequest(objects.transaction).then(() => {
          ahead.drop(entry.key);
          if (count.result >= OUTBOX_LIMIT) throw new OutboxFullError();
        });
      });
    },
    remove: async (key) => {
      ahead.drop(key);
      await del(key, db());
    },
    pending: async (uid) => {
      const stored = (await values(db())) as OutboxEntry[];
      const keys = new Set(stored.map((entry) => entry.key));
      // Copies whose IndexedDB write did not land (their tab closed first) count as kept.
      const unlanded = ahead.all().filter((entry) => !keys.has(entry.key));
      return [...stored, ...unlanded].filter((entry) => entry.uid === uid).sort(oldestFirst);
    },
  };
}

/**
 * This user's outbox lock (the Web Locks API), so that two tabs do not both send the same
 * entries: `acquired` resolves once it is held, `release` lets it go (or gives up waiting).
 * Where the API is missing it is held at once (the keys still make each command act once).
 */
export function outboxLock(uid: string): { acquired: Promise<void>; release: () => void } {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return { acquired: Promise.resolve(), release: () => {} };
  const waiting = new AbortController();
  let held = () => {};
  const acquired = new Promise<void>((granted, refused) => {
    locks
      .request(
        `rewear-outbox:${uid}`,
        { signal: waiting.signal },
        () => new Promise<void>((done) => ((held = done), granted())),
      )
      .catch(refused);
  });
  acquired.catch(() => {}); // given up before it was held
  return {
    acquired,
    release: () => {
      waiting.abort();
      held();
    },
  };
}
