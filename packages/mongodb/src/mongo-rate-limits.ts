/**
 * Rate-limit counts on MongoDB (or FerretDB), shared by every command-api replica.
 *
 * Why not rate-limiter-flexible's RateLimiterMongo: it counts with `findOneAndUpdate` + `$inc`,
 * which FerretDB runs as a read and then a write, so concurrent requests overwrite each other's
 * increments. Measured against FerretDB 1.24 (points 50, 200 requests on one key from two
 * clients): one at a time 50 let through; 10 at a time 167–181; 200 at a time all 200, the
 * stored count ending at 27 (FerretDB also refuses its TTL index, and with it the unique index
 * created after it).
 *
 * Here a window of a key holds `points` slots, and a request takes one by inserting its
 * document, `_id` `<key>|<window length>|<window number>#<slot>`: of two inserts of one `_id`
 * exactly one succeeds, on both servers, so no more than `points` requests get through per
 * window, whatever the concurrency. A process numbers its next attempt from what it last took
 * (or from a count of the window's documents), takes one window's attempts one at a time, and
 * remembers a full window until it ends, so a client over its limit costs no round trip.
 *
 * Expiry: a TTL index on `expiresAt` where the server has them; on FerretDB the counter deletes
 * ended windows itself, at most once a minute.
 */
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import type { RateCounter, RateRule, RateVerdict } from '@rewear/platform';
import { createIndexesOneByOne, expireAtField } from './mongo-read-models.ts';
import { loggerFor } from '@rewear/platform/logging';

export interface MongoRateCounterOptions {
  uri: string;
  database: string;
  /** Default 'rate_limit_slots'. */
  collection?: string;
  serverSelectionTimeoutMS?: number;
  /** Injected clock (tests). */
  now?: () => number;
}

export interface MongoRateCounter extends RateCounter {
  readonly db: Db;
  /** Deletes the documents of ended windows. */
  prune(): Promise<number>;
}

interface SlotDoc {
  _id: string;
  bucket: string;
  expiresAt: Date;
}

interface WindowState {
  /** The next slot to try. */
  next: number | null;
  full: boolean;
  endsAt: number;
  /** Attempts on this window in this process, one after another. */
  queue: Promise<unknown>;
}

const DUPLICATE_KEY = 11000;
const PRUNE_INTERVAL_MS = 60_000;

export async function openMongoRateCounter(
  options: MongoRateCounterOptions,
): Promise<MongoRateCounter> {
  const now = options.now ?? Date.now;
  const client = new MongoClient(options.uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5_000,
  });
  await client.connect();
  const db = client.db(options.database);
  const collection = db.collection<SlotDoc>(options.collection ?? 'rate_limit_slots');
  let serverExpiry: boolean;
  try {
    await createIndexesOneByOne(collection, [{ key: { bucket: 1 }, name: 'bucket_1' }]);
    serverExpiry = await expireAtField(collection);
  } catch (error) {
    await client.close();
    throw error;
  }

  const windows = new Map<string, WindowState>();
  const prune = async () =>
    (await collection.deleteMany({ expiresAt: { $lte: new Date(now()) } })).deletedCount;
  let prunedAt = now();
  const forgetEnded = () => {
    const at = now();
    if (at - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = at;
    for (const [bucket, state] of windows) if (state.endsAt <= at) windows.delete(bucket);
    if (!serverExpiry)
      prune().catch((error: unknown) =>
        loggerFor('rate-limits').error(
          { err: error },
          '[rate-limits] deleting ended windows failed',
        ),
      );
  };

  const take = async (bucket: string, state: WindowState, rule: RateRule) => {
    const at = now();
    const verdict = (allowed: boolean): RateVerdict => ({
      allowed,
      msBeforeNext: Math.max(state.endsAt - at, 0),
    });
    if (state.full) return verdict(false);
    let slot = state.next ?? (await collection.countDocuments({ bucket }));
    let recounted = state.next === null;
    while (slot < rule.points) {
      try {
        await collection.insertOne({
          _id: `${bucket}#${slot}`,
          bucket,
          expiresAt: new Date(state.endsAt),
        });
        state.next = slot + 1;
        return verdict(true);
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
        // Another replica took it: jump to what the window holds now, once, then step.
        slot = recounted
          ? slot + 1
          : Math.max(slot + 1, await collection.countDocuments({ bucket }));
        recounted = true;
      }
    }
    state.full = true;
    state.next = slot;
    return verdict(false);
  };

  return {
    db,
    prune,
    async hit(key, rule) {
      forgetEnded();
      const at = now();
      const window = Math.floor(at / rule.windowMs);
      const bucket = `${key}|${rule.windowMs}|${window}`;
      let state = windows.get(bucket);
      if (!state) {
        state = {
          next: null,
          full: false,
          endsAt: (window + 1) * rule.windowMs,
          queue: Promise.resolve(),
        };
        windows.set(bucket, state);
      }
      const own = state;
      const result = own.queue.then(() => take(bucket, own, rule));
      own.queue = result.catch(() => {});
      return result;
    },
    async close() {
      windows.clear();
      await client.close();
    },
  };
}
