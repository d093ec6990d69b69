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

/** The outbox in this browser's IndexedDB (`rewear-outbox`), or null where there is none. */
export function indexedDbOutbox(name = 'rewear-outbox'): Outbox | null {
  if (typeof indexedDB === 'undefined') return null;
  let store: UseStore | null = null;
  // Opened at the first use: a visitor, who sends no such command, never opens it.
  const db = () => (store ??= createStore(name, 'commands'));
  return {
    live: new Map(),
    keep: (entry) =>
      db()('readwrite', (objects) => {
        const count = objects.count();
        count.onsuccess = () => {
          if (count.result < OUTBOX_LIMIT) objects.put(entry, entry.key);
        };
        return promisifyRequest(objects.transaction).then(() => {
          if (count.result >= OUTBOX_LIMIT) throw new OutboxFullError();
        });
      }),
    remove: (key) => del(key, db()),
    pending: async (uid) =>
      ((await values(db())) as OutboxEntry[])
        .filter((entry) => entry.uid === uid)
        .sort(oldestFirst),
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
