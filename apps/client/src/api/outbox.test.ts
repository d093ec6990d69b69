import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { OUTBOX_LIMIT, OutboxFullError } from './command.ts';
import { indexedDbOutbox, nextSeq, outboxLock, type OutboxEntry } from './outbox.ts';

const entry = (key: string, uid: string, at: number): OutboxEntry => ({
  key,
  uid,
  at,
  seq: nextSeq(),
  method: 'POST',
  path: '/api/cart/add-item',
  body: { cartId: `cart-${uid}`, productId: key, quantity: 1 },
  intent: { type: 'cart/addToCart', payload: { product: { product_id: key } } },
});

beforeEach(() => {
  // A fresh IndexedDB for each test.
  vi.stubGlobal('indexedDB', new IDBFactory());
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the outbox in IndexedDB', () => {
  it('keeps entries across openings, answers a user’s own oldest first, and removes them', async () => {
    const outbox = indexedDbOutbox('test-outbox')!;
    await outbox.keep(entry('b', 'u1', 2000));
    await outbox.keep(entry('a', 'u1', 1000));
    await outbox.keep(entry('x', 'u2', 500));
    // Two made in the same millisecond keep the order they were made in.
    await outbox.keep(entry('c1', 'u1', 3000));
    await outbox.keep(entry('c2', 'u1', 3000));

    // Another page (a new opening of the same database) finds them, each as it was kept.
    const again = indexedDbOutbox('test-outbox')!;
    const mine = await again.pending('u1');
    expect(mine.map((e) => e.key)).toEqual(['a', 'b', 'c1', 'c2']);
    expect(mine[0]).toEqual({ ...entry('a', 'u1', 1000), seq: mine[0]!.seq });
    expect((await again.pending('u2')).map((e) => e.key)).toEqual(['x']);

    await again.remove('a');
    expect((await outbox.pending('u1')).map((e) => e.key)).toEqual(['b', 'c1', 'c2']);
  });

  it(`refuses a command past ${OUTBOX_LIMIT} waiting, keeping the oldest`, async () => {
    const outbox = indexedDbOutbox('test-limit')!;
    for (let i = 0; i < OUTBOX_LIMIT; i += 1) await outbox.keep(entry(`k${i}`, 'u1', i));
    await expect(outbox.keep(entry('late', 'u1', OUTBOX_LIMIT))).rejects.toBeInstanceOf(
      OutboxFullError,
    );
    const kept = await outbox.pending('u1');
    expect(kept).toHaveLength(OUTBOX_LIMIT);
    expect(kept[0]!.key).toBe('k0');
    expect(kept.some((e) => e.key === 'late')).toBe(false);
  });

  it('finds a command whose IndexedDB write the closing tab cut short, from its synchronous copy', async () => {
    // The tab's IndexedDB never answers: the page is closed before its write lands.
    vi.stubGlobal('indexedDB', { open: () => ({}) });
    const closing = indexedDbOutbox('test-closed')!;
    void closing.keep(entry('tap', 'u1', 1000)).catch(() => {});

    // The next page, with the IndexedDB as that write left it: empty.
    vi.stubGlobal('indexedDB', new IDBFactory());
    const next = indexedDbOutbox('test-closed')!;
    expect((await next.pending('u1')).map((e) => e.key)).toEqual(['tap']);
    expect(await next.pending('u2')).toEqual([]);
    await next.remove('tap');
    expect(await next.pending('u1')).toEqual([]);
  });

  it('keeps no copy once the IndexedDB write has landed, nor of a command refused as one too many', async () => {
    const outbox = indexedDbOutbox('test-landed')!;
    await outbox.keep(entry('a', 'u1', 1000));
    expect(localStorage.length).toBe(0);
    for (let i = 1; i < OUTBOX_LIMIT; i += 1) await outbox.keep(entry(`k${i}`, 'u1', i));
    await expect(outbox.keep(entry('late', 'u1', 5000))).rejects.toBeInstanceOf(OutboxFullError);
    expect(localStorage.length).toBe(0);
    expect((await outbox.pending('u1')).some((e) => e.key === 'late')).toBe(false);
  });

  it('is absent where the browser has no IndexedDB', () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(indexedDbOutbox('none')).toBeNull();
  });
});

describe('the outbox lock', () => {
  /** Web Locks, as the browser does them for exclusive locks: one holder per name at a time. */
  function fakeLocks() {
    const queues = new Map<string, Array<() => void>>();
    return {
      request(
        name: string,
        options: { signal?: AbortSignal },
        callback: () => Promise<void>,
      ): Promise<void> {
        return new Promise<void>((resolve, reject) => {
          const queue = queues.get(name) ?? [];
          queues.set(name, queue);
          const run = () => {
            void callback().then(() => {
              queue.shift();
              queue[0]?.();
              resolve();
            });
          };
          options.signal?.addEventListener('abort', () => {
            const at = queue.indexOf(run);
            if (at > 0) {
              queue.splice(at, 1);
              reject(new DOMException('aborted', 'AbortError'));
            }
          });
          queue.push(run);
          if (queue.length === 1) run();
        });
      },
    };
  }

  it('lets one tab at a time send a user’s outbox; a tab that stops waiting leaves the queue', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() });
    const first = outboxLock('u1');
    await first.acquired;
    const second = outboxLock('u1');
    const gaveUp = outboxLock('u1');
    const otherUser = outboxLock('u2');
    await otherUser.acquired; // another user's outbox has its own lock
    let secondHeld = false;
    void second.acquired.then(() => (secondHeld = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(secondHeld).toBe(false);

    gaveUp.release(); // cancelled while waiting (a sign-out)
    await expect(gaveUp.acquired).rejects.toThrow();
    first.release();
    await second.acquired;
    expect(secondHeld).toBe(true);
    second.release();
    otherUser.release();
  });

  it('is held at once where the browser has no Web Locks (the keys still act once)', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const lock = outboxLock('u1');
    await expect(lock.acquired).resolves.toBeUndefined();
    lock.release();
  });
});
