/**
 * One contract for every idempotency store: in memory, SQLite (two connections to one file) and
 * MongoDB or FerretDB (two clients: two command-api replicas) when MONGODB_URI answers. Each run
 * uses fresh keys and a throwaway database or file, dropped afterwards. The stores share one
 * adjustable clock; leases are 1 s here.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type IdempotencyStore,
  type IdempotencyStoreOptions,
  type StoredAnswer,
  IDEMPOTENCY_TTL_MS,
  createMemoryIdempotencyStore,
} from '@rewear/platform';
import { createSqliteIdempotencyStore } from '@rewear/sqlite';
import { openMongoIdempotencyStore, type MongoIdempotencyStore } from '@rewear/mongodb';
import { reportSkip } from '@rewear/testing';
import { contractEngine } from './engines.ts';

const mongo = await contractEngine('mongodb');
reportSkip('idempotency store contract (MongoDB)', mongo);

const LEASE_MS = 1000;

interface Engine {
  name: string;
  reachable: boolean;
  /** Two stores over the same records (two processes); the memory store is one process. */
  open(options: IdempotencyStoreOptions): Promise<[IdempotencyStore, IdempotencyStore]>;
  /** Closes the stores and drops what the run wrote. */
  finish(stores: IdempotencyStore[]): Promise<void>;
}

function sqliteEngine(): Engine {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'idempotency-contract-'));
  const file = path.join(dir, 'idempotency.sqlite');
  return {
    name: 'sqlite',
    reachable: true,
    open: async (options) => [
      createSqliteIdempotencyStore(file, options),
      createSqliteIdempotencyStore(file, options),
    ],
    async finish(stores) {
      for (const store of stores) await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function mongoEngine(): Engine {
  const database = `contract_idem_${randomUUID().slice(0, 8)}`;
  return {
    name: 'mongodb',
    reachable: mongo.available,
    open: async (options) => [
      await openMongoIdempotencyStore({ uri: mongo.url!, database, ...options }),
      await openMongoIdempotencyStore({ uri: mongo.url!, database, ...options }),
    ],
    async finish(stores) {
      await (stores[0] as MongoIdempotencyStore).db.dropDatabase();
      for (const store of stores) await store.close();
    },
  };
}

const engines: Engine[] = [
  {
    name: 'memory',
    reachable: true,
    open: async (options) => {
      const store = createMemoryIdempotencyStore(options);
      return [store, store];
    },
    finish: ([store]) => store!.close(),
  },
  sqliteEngine(),
  mongoEngine(),
];

const answer = (n: number): StoredAnswer => ({
  status: 201,
  body: { id: `cart-${n}`, items: [{ productId: 'p1', quantity: n }], note: 'ünïcode ✓' },
  position: 1000 + n,
});

for (const engine of engines) {
  describe.skipIf(!engine.reachable)(`IdempotencyStore contract: ${engine.name}`, () => {
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const advance = (ms: number) => void (offset += ms);
    let a: IdempotencyStore;
    let b: IdempotencyStore;
    const fresh = () => `u1|POST|/api/cart/add-item|${randomUUID()}`;

    beforeAll(async () => {
      [a, b] = await engine.open({ now, leaseMs: LEASE_MS });
    });
    afterAll(async () => {
      if (a) await engine.finish(a === b ? [a] : [a, b]);
    });

    it('the first claim of a key wins; later claims find it pending until it is answered', async () => {
      const key = fresh();
      const first = await a.claim(key);
      expect(first.outcome).toBe('claimed');
      expect(await a.claim(key)).toEqual({ outcome: 'pending' });
      expect(await b.claim(key)).toEqual({ outcome: 'pending' });
      expect(await b.get(key)).toBeNull();
      // Another key is another request.
      expect((await b.claim(fresh())).outcome).toBe('claimed');
    });

    it('of claims racing from two stores (two replicas), exactly one wins', async () => {
      for (let round = 0; round < 10; round++) {
        const key = fresh();
        const outcomes = await Promise.all(
          [a, b, a, b, a, b].map((store) => store.claim(key).then((c) => c.outcome)),
        );
        expect(
          outcomes.filter((o) => o === 'claimed'),
          outcomes.join(),
        ).toHaveLength(1);
        expect(outcomes.filter((o) => o === 'pending')).toHaveLength(5);
      }
    });

    it('after complete, every claim and get return the answer: status, body and position', async () => {
      const key = fresh();
      const claim = await a.claim(key);
      if (claim.outcome !== 'claimed') throw new Error('not claimed');
      await a.complete(key, claim.token, answer(1));
      expect(await b.claim(key)).toEqual({ outcome: 'answered', answer: answer(1) });
      expect(await a.claim(key)).toEqual({ outcome: 'answered', answer: answer(1) });
      expect(await b.get(key)).toEqual(answer(1));
      // An answer without a body (204) and a refusal without a position are kept as they are.
      for (const kept of [
        { status: 204, body: null, position: 7 },
        { status: 400, body: { message: 'Invalid', details: [{ path: ['x'] }] }, position: null },
      ]) {
        const other = fresh();
        const c = await b.claim(other);
        if (c.outcome !== 'claimed') throw new Error('not claimed');
        await b.complete(other, c.token, kept);
        expect(await a.get(other)).toEqual(kept);
      }
    });

    it('an answer expires after 24 hours; the key can then be claimed again', async () => {
      const key = fresh();
      const claim = await a.claim(key);
      if (claim.outcome !== 'claimed') throw new Error('not claimed');
      await a.complete(key, claim.token, answer(2));
      advance(IDEMPOTENCY_TTL_MS - 60_000);
      expect(await b.get(key)).toEqual(answer(2));
      advance(61_000);
      expect(await b.get(key)).toBeNull();
      const again = await b.claim(key);
      expect(again.outcome).toBe('claimed');
      expect(await a.claim(key)).toEqual({ outcome: 'pending' });
      if (again.outcome !== 'claimed') return;
      await b.complete(key, again.token, answer(3));
      expect(await a.get(key)).toEqual(answer(3));
    });

    it('a claim whose holder stops renewing it is taken over after its lease', async () => {
      const key = fresh();
      const first = await a.claim(key);
      if (first.outcome !== 'claimed') throw new Error('not claimed');
      advance(LEASE_MS * 0.6);
      expect(await a.renew(key, first.token)).toBe(true);
      advance(LEASE_MS * 0.6);
      // Renewed: still held, although claimed longer ago than the lease.
      expect(await b.claim(key)).toEqual({ outcome: 'pending' });
      advance(LEASE_MS + 1);
      const second = await b.claim(key);
      expect(second.outcome).toBe('claimed');
      if (second.outcome !== 'claimed') return;
      expect(await a.claim(key)).toEqual({ outcome: 'pending' });
      // The first holder learns it lost the key; the new holder's answer is the one kept.
      expect(await a.renew(key, first.token)).toBe(false);
      await b.complete(key, second.token, answer(5));
      await a.complete(key, first.token, answer(4));
      expect(await a.get(key)).toEqual(answer(5));
      expect(await b.claim(key)).toEqual({ outcome: 'answered', answer: answer(5) });
    });

    it('a released claim frees the key at once; its holder can no longer answer it', async () => {
      const key = fresh();
      const first = await a.claim(key);
      if (first.outcome !== 'claimed') throw new Error('not claimed');
      await a.release(key, first.token);
      const second = await b.claim(key);
      expect(second.outcome).toBe('claimed');
      if (second.outcome !== 'claimed') return;
      await a.complete(key, first.token, answer(6));
      expect(await a.get(key)).toBeNull();
      expect(await a.claim(key)).toEqual({ outcome: 'pending' });
      await b.complete(key, second.token, answer(7));
      expect(await a.get(key)).toEqual(answer(7));
    });

    it('renew, complete and release of a token that does not hold the key change nothing', async () => {
      const key = fresh();
      const claim = await a.claim(key);
      if (claim.outcome !== 'claimed') throw new Error('not claimed');
      const stranger = `0:${randomUUID()}`;
      expect(await b.renew(key, stranger)).toBe(false);
      await b.complete(key, stranger, answer(8));
      await b.release(key, stranger);
      expect(await b.claim(key)).toEqual({ outcome: 'pending' });
      await a.complete(key, claim.token, answer(9));
      expect(await b.get(key)).toEqual(answer(9));
    });

    if (engine.name === 'mongodb') {
      it('expired records are deleted, by a TTL index or by the store itself', async () => {
        const store = a as MongoIdempotencyStore;
        console.info(
          `[idempotency contract] ${engine.name}: expiry by ${store.serverExpiry ? 'a TTL index' : 'the store (no TTL indexes on this server)'}`,
        );
        const key = fresh();
        const claim = await a.claim(key);
        if (claim.outcome !== 'claimed') throw new Error('not claimed');
        await a.complete(key, claim.token, answer(10));
        advance(IDEMPOTENCY_TTL_MS + 1000);
        expect(await store.prune()).toBeGreaterThanOrEqual(1);
        expect(await b.get(key)).toBeNull();
      });
    }
  });
}
