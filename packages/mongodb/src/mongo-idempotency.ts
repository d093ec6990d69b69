/**
 * Idempotency records on MongoDB (or FerretDB), shared by every command-api replica.
 *
 * Each claim of a key is a document of its own, `_id` `<key>#<n>` (n = 0, 1, 2 … for the key's
 * later claims), and a claim is taken by inserting it: of two replicas inserting the same `_id`
 * one gets a duplicate-key error. Nothing relies on a conditional update being atomic (FerretDB
 * reads, then writes, so two racing `updateOne`s with the same filter both succeed): a document
 * is only ever changed by the claim that inserted it (renew, complete, release). A key whose
 * latest claim expired, was released or whose holder stopped renewing it is taken by inserting
 * the next n. After its insert a claimer reads the key's documents again and, if it sees another
 * claim still held or an answer (a racing claimer that numbered its claim from documents it saw
 * before they were deleted as expired), it lets its own go: of two overlapping claims at least
 * one sees the other, so at most one runs.
 *
 * Expiry: a TTL index on `expiresAt` where the server has them (MongoDB); FerretDB 1.24 refuses
 * `expireAfterSeconds`, so the store then deletes expired documents itself, at most once a minute.
 * Either way expired documents are ignored when read.
 */
import { randomUUID } from 'node:crypto';
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import type { IdempotencyStore, IdempotencyStoreOptions } from '@rewear/ports';
import {
  idempotencyTimes,
  PRUNE_INTERVAL_MS,
  verdictOf,
  type ClaimRecord,
  type Verdict,
} from '@rewear/platform/adapters';
import { createIndexesOneByOne, expireAtField } from './mongo-read-models.ts';
import { loggerFor } from '@rewear/platform/logging';

export interface MongoIdempotencyOptions extends IdempotencyStoreOptions {
  uri: string;
  database: string;
  /** Default 'idempotency_claims'. */
  collection?: string;
  /** Defaults to a short timeout so a missing server fails fast instead of hanging boot. */
  serverSelectionTimeoutMS?: number;
}

export interface MongoIdempotencyStore extends IdempotencyStore {
  readonly db: Db;
  /** True when the server deletes expired records itself (a TTL index). */
  readonly serverExpiry: boolean;
  /** Deletes expired records now (what the store does once a minute without a TTL index). */
  prune(): Promise<number>;
}

interface ClaimDoc {
  _id: string;
  key: string;
  n: number;
  token: string;
  state: ClaimRecord['state'];
  leaseUntil: Date;
  expiresAt: Date;
  answer?: { status: number; body: string | null; position: number | null };
}

const DUPLICATE_KEY = 11000;

const recordOf = (doc: ClaimDoc): ClaimRecord => ({
  token: doc.token,
  state: doc.state,
  leaseUntil: doc.leaseUntil.getTime(),
  expiresAt: doc.expiresAt.getTime(),
  answer:
    doc.state === 'done' && doc.answer
      ? {
          status: doc.answer.status,
          body: doc.answer.body === null ? null : JSON.parse(doc.answer.body),
          position: doc.answer.position,
        }
      : null,
});

/** The token names the claim's document: `<n>:<random>`. */
const idOf = (key: string, token: string) => `${key}#${token.slice(0, token.indexOf(':'))}`;

export async function openMongoIdempotencyStore(
  options: MongoIdempotencyOptions,
): Promise<MongoIdempotencyStore> {
  const { now, ttlMs, leaseMs } = idempotencyTimes(options);
  const client = new MongoClient(options.uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5_000,
    ignoreUndefined: true,
  });
  await client.connect();
  const db = client.db(options.database);
  const collection = db.collection<ClaimDoc>(options.collection ?? 'idempotency_claims');
  let serverExpiry: boolean;
  try {
    await createIndexesOneByOne(collection, [{ key: { key: 1 }, name: 'key_1' }]);
    serverExpiry = await expireAtField(collection);
  } catch (error) {
    await client.close();
    throw error;
  }

  const claimsOf = async (key: string) =>
    (await collection.find({ key }).toArray()).sort((a, b) => a.n - b.n);

  const prune = async () =>
    (await collection.deleteMany({ expiresAt: { $lte: new Date(now()) } })).deletedCount;
  let prunedAt = 0;
  let pruning: Promise<unknown> = Promise.resolve();
  const pruneNowAndThen = () => {
    const at = now();
    if (serverExpiry || at - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = at;
    pruning = prune().catch((error: unknown) =>
      loggerFor('idempotency').error(
        { err: error },
        '[idempotency] deleting expired records failed',
      ),
    );
  };

  const ownClaim = (key: string, token: string) => ({
    _id: idOf(key, token),
    token,
    state: 'pending' as const,
  });

  return {
    db,
    serverExpiry,
    prune,
    async claim(key) {
      pruneNowAndThen();
      for (let attempt = 0; attempt < 4; attempt++) {
        const claims = await claimsOf(key);
        const verdict = verdictOf(claims.map(recordOf), now());
        if (verdict.outcome !== 'free') return verdict;
        const n = claims.length === 0 ? 0 : claims[claims.length - 1]!.n + 1;
        const token = `${n}:${randomUUID()}`;
        const at = now();
        try {
          await collection.insertOne({
            _id: `${key}#${n}`,
            key,
            n,
            token,
            state: 'pending',
            leaseUntil: new Date(at + leaseMs),
            expiresAt: new Date(at + ttlMs),
          });
        } catch (error) {
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) continue;
          throw error;
        }
        const others: Verdict = verdictOf(
          (await claimsOf(key)).filter((doc) => doc.token !== token).map(recordOf),
          now(),
        );
        if (others.outcome === 'free') return { outcome: 'claimed', token };
        await collection.updateOne(ownClaim(key, token), {
          $set: { state: 'released', expiresAt: new Date(now()) },
        });
        return others;
      }
      // Lost every insert to other claimers: one of them holds the key.
      return { outcome: 'pending' };
    },
    async renew(key, token) {
      const result = await collection.updateOne(ownClaim(key, token), {
        $set: { leaseUntil: new Date(now() + leaseMs) },
      });
      if (result.matchedCount === 0) return false;
      // Its document is only changed by its holder: a claim taken over shows as another one held.
      const others = (await claimsOf(key)).filter((doc) => doc.token !== token).map(recordOf);
      return verdictOf(others, now()).outcome === 'free';
    },
    async complete(key, token, answer) {
      await collection.updateOne(ownClaim(key, token), {
        $set: {
          state: 'done',
          leaseUntil: new Date(0),
          expiresAt: new Date(now() + ttlMs),
          answer: {
            status: answer.status,
            body: answer.body === undefined ? null : JSON.stringify(answer.body),
            position: answer.position,
          },
        },
      });
    },
    async release(key, token) {
      await collection.updateOne(ownClaim(key, token), {
        $set: { state: 'released', expiresAt: new Date(now()) },
      });
    },
    async get(key) {
      const verdict = verdictOf((await claimsOf(key)).map(recordOf), now());
      return verdict.outcome === 'answered' ? verdict.answer : null;
    },
    async close() {
      await pruning;
      await client.close();
    },
  };
}
