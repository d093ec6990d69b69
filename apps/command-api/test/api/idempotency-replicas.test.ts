/**
 * Two command-api replicas, as two apps with their own connections to one SQLite event log and
 * one idempotency store (two connections to one SQLite file; two MongoDB clients when
 * MONGODB_URI answers): the same `Idempotency-Key` sent to both at once appends once, and both
 * answers are the first one.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFilePhotoStore,
  type EventStore,
  type IdempotencyStore,
  createFirebaseIdentityVerifier,
  createRateLimiter,
} from '@rewear/platform';
import {
  createSqliteIdempotencyStore,
  openSqliteEventLog,
  type SqliteEventLog,
} from '@rewear/sqlite';
import { openMongoIdempotencyStore, type MongoIdempotencyStore } from '@rewear/mongodb';
import { createSimulatedPaymentGateway } from '../../src/payments/index.ts';
import { createCommandApi } from '../../src/index.ts';
import {
  createTestUser,
  startAuthEmulatorForTests,
  TEST_PROJECT_ID,
  type TestUser,
  mongoAvailability,
  reportSkip,
} from '@rewear/testing';
import { listingBody, TEST_RATE_LIMITS } from './harness.ts';

const mongo = await mongoAvailability();
reportSkip('command-api replicas sharing MongoDB idempotency records', mongo);

interface Replica {
  name: string;
  url: string;
  log: SqliteEventLog;
  /** Makes the replica's next append fail as an engine fault would (a 500, not an answer). */
  failNextAppend(): void;
  close(): Promise<void>;
}

interface Response {
  status: number;
  body: any;
  headers: Headers;
}

async function startReplica(
  name: string,
  eventLogFile: string,
  idempotency: IdempotencyStore,
): Promise<Replica> {
  const log = openSqliteEventLog({ file: eventLogFile });
  let failNext = false;
  const eventStore: EventStore = {
    append: (streamId, events, options) => {
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('the event store went away'));
      }
      return log.append(streamId, events, options);
    },
    readStream: (streamId, fromVersion) => log.readStream(streamId, fromVersion),
    readAll: (after, limit) => log.readAll(after, limit),
    headPosition: () => log.headPosition(),
    close: () => log.close(),
  };
  const payments = createSimulatedPaymentGateway({ file: ':memory:' });
  const app = createCommandApi({
    eventStore,
    identity: createFirebaseIdentityVerifier({ projectId: TEST_PROJECT_ID }),
    payments,
    photos: createFilePhotoStore(mkdtempSync(path.join(os.tmpdir(), 'replica-photos-'))),
    config: { reservationTtlMs: 15 * 60 * 1000 },
    idempotency,
    idempotencyWaitMs: 3_000,
    rateLimiter: createRateLimiter(TEST_RATE_LIMITS),
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    name,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    failNextAppend: () => void (failNext = true),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await idempotency.close();
      payments.close();
      await log.close();
    },
  };
}

async function call(
  replica: Replica,
  method: string,
  route: string,
  options: { token?: string; body?: unknown; key?: string } = {},
): Promise<Response> {
  const response = await fetch(replica.url + route, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    headers: response.headers,
  };
}

const sameAnswer = (a: Response, b: Response) => {
  expect(b.status).toBe(a.status);
  expect(b.body).toEqual(a.body);
  expect(b.headers.get('x-event-position')).toBe(a.headers.get('x-event-position'));
};

let stopEmulator: () => Promise<void>;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  [seller, buyer] = await Promise.all([createTestUser(), createTestUser()]);
});
afterAll(async () => {
  await stopEmulator?.();
});

const engines: Array<{
  name: string;
  reachable: boolean;
  /** Opens one connection to the shared store (a replica's own), with an optional lease. */
  open(dir: string, database: string, leaseMs?: number): Promise<IdempotencyStore>;
  dropAll(store: IdempotencyStore): Promise<void>;
}> = [
  {
    name: 'SQLite file',
    reachable: true,
    open: async (dir, _database, leaseMs) =>
      createSqliteIdempotencyStore(path.join(dir, 'idempotency.sqlite'), { leaseMs }),
    dropAll: async () => {},
  },
  {
    name: 'MongoDB',
    reachable: mongo.available,
    open: (_dir, database, leaseMs) =>
      openMongoIdempotencyStore({ uri: mongo.url!, database, leaseMs }),
    dropAll: (store) => (store as MongoIdempotencyStore).db.dropDatabase().then(() => undefined),
  },
];

for (const engine of engines) {
  describe.skipIf(!engine.reachable)(`command-api replicas sharing a ${engine.name}`, () => {
    let dir: string;
    const database = `replicas_${randomUUID().slice(0, 8)}`;
    let a: Replica;
    let b: Replica;
    let productId: string;
    let cartId: string;
    const addItem = (replica: Replica, key: string) =>
      call(replica, 'POST', '/api/cart/add-item', {
        token: buyer.idToken,
        body: { cartId, productId, quantity: 1 },
        key,
      });
    /** The key as the routes scope it: caller, method, path and the client's key. */
    const scoped = (key: string) => `${buyer.uid}|POST|/api/cart/add-item|${key}`;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'command-api-replicas-'));
      const logFile = path.join(dir, 'events.sqlite');
      a = await startReplica('A', logFile, await engine.open(dir, database));
      b = await startReplica('B', logFile, await engine.open(dir, database));
      const brand = await call(a, 'POST', '/api/brands/find-or-create', {
        token: seller.idToken,
        body: { name: `Replica brand ${randomUUID().slice(0, 6)}` },
      });
      const listing = await call(b, 'POST', '/api/products', {
        token: seller.idToken,
        body: listingBody({ brand_id: brand.body.id, stock: 100 }),
      });
      expect(listing.status).toBe(201);
      productId = listing.body.product_id;
      cartId = (
        await call(a, 'POST', '/api/cart/create', {
          token: buyer.idToken,
          body: { userId: buyer.uid },
        })
      ).body.id;
    });
    afterAll(async () => {
      const cleaner = await engine.open(dir, database);
      await engine.dropAll(cleaner);
      await cleaner.close();
      await a?.close();
      await b?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('the same Idempotency-Key sent to both replicas at once appends once; both answers are the first', async () => {
      let quantity = 0;
      for (let round = 0; round < 8; round++) {
        const key = `add-${randomUUID()}`;
        const before = await a.log.headPosition();
        const [fromA, fromB] = await Promise.all([addItem(a, key), addItem(b, key)]);
        const appended = await a.log.readAll(before, 100);
        expect(appended.map((e) => e.type)).toEqual(['CartItemAdded']);
        expect(fromA.status).toBe(200);
        sameAnswer(fromA, fromB);
        quantity += 1;
        expect(fromA.body).toMatchObject({ quantity, position: appended[0]!.position });
        expect(fromA.headers.get('x-event-position')).toBe(String(appended[0]!.position));
        // One ran it, the other was given its answer.
        const replayed = [fromA, fromB].filter((r) => r.headers.get('idempotent-replayed'));
        expect(replayed).toHaveLength(1);
        // A later retry, to either replica, is the same answer too.
        sameAnswer(fromA, await addItem(round % 2 ? a : b, key));
        expect(await b.log.headPosition()).toBe(appended[0]!.position);
      }
    });

    it('a request that fails unexpectedly lets its key go: the retry on the other replica runs once', async () => {
      const key = `fail-${randomUUID()}`;
      const before = await a.log.headPosition();
      a.failNextAppend();
      const failed = await addItem(a, key);
      expect(failed.status).toBe(500);
      expect(await a.log.headPosition()).toBe(before);
      const retried = await addItem(b, key);
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect((await a.log.readAll(before, 100)).map((e) => e.type)).toEqual(['CartItemAdded']);
      sameAnswer(retried, await addItem(a, key));
    });

    it('a key held by a replica that died is taken over once its lease runs out', async () => {
      const key = `orphan-${randomUUID()}`;
      // A third replica claims the key with a short lease and dies before answering.
      const dead = await engine.open(dir, database, 300);
      expect((await dead.claim(scoped(key))).outcome).toBe('claimed');
      await dead.close();
      const before = await a.log.headPosition();
      const started = Date.now();
      const res = await addItem(a, key);
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      expect((await a.log.readAll(before, 100)).map((e) => e.type)).toEqual(['CartItemAdded']);
    });

    it('a key held longer than the wait is a 409 that says so, and appends nothing', async () => {
      const key = `held-${randomUUID()}`;
      const holder = await engine.open(dir, database, 60_000);
      const claim = await holder.claim(scoped(key));
      expect(claim.outcome).toBe('claimed');
      const before = await a.log.headPosition();
      const res = await addItem(b, key);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(
        /A request with this Idempotency-Key is still being processed/,
      );
      expect(await a.log.headPosition()).toBe(before);
      if (claim.outcome === 'claimed') await holder.release(scoped(key), claim.token);
      await holder.close();
    });
  });
}
