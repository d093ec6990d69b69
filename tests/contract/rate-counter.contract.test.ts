/**
 * One contract for the rate-limit counters: in memory (one process) and MongoDB or FerretDB (two
 * clients: two command-api replicas) when MONGODB_URI answers, in a throwaway database dropped
 * afterwards. Under concurrency exactly `points` requests get through per window: FerretDB lets
 * racing `$inc`s overwrite each other, which is why the MongoDB counter takes slots by insert.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateCounter, type RateCounter, type RateRule } from '@rewear/platform';
import { openMongoRateCounter, type MongoRateCounter } from '@rewear/mongodb';
import { reportSkip } from '@rewear/testing';
import { contractEngine } from './engines.ts';

const mongo = await contractEngine('mongodb');
reportSkip('rate-limit counter contract (MongoDB)', mongo);

interface Engine {
  name: string;
  reachable: boolean;
  /** Two counters over the same counts (two processes); the memory counter is one process. */
  open(): Promise<[RateCounter, RateCounter]>;
  finish(counters: RateCounter[]): Promise<void>;
}

const memoryEngine: Engine = {
  name: 'memory',
  reachable: true,
  async open() {
    const counter = createMemoryRateCounter();
    return [counter, counter];
  },
  async finish(counters) {
    await counters[0]!.close();
  },
};

function mongoEngine(): Engine {
  const database = `contract_rate_${randomUUID().slice(0, 8)}`;
  return {
    name: 'mongodb',
    reachable: mongo.available,
    async open() {
      const options = { uri: mongo.url!, database };
      return [await openMongoRateCounter(options), await openMongoRateCounter(options)];
    },
    async finish(counters) {
      await (counters[0] as MongoRateCounter).db.dropDatabase();
      for (const counter of counters) await counter.close();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const engine of [memoryEngine, mongoEngine()]) {
  describe.skipIf(!engine.reachable)(`rate-limit counter contract: ${engine.name}`, () => {
    let counters: [RateCounter, RateCounter];
    // Opened only where the engine answers: describe's body runs even when the suite is skipped.
    const opened = engine.reachable ? engine.open().then((c) => (counters = c)) : Promise.resolve();
    afterAll(async () => {
      await opened;
      await engine.finish(counters);
    });

    it('lets exactly `points` of 200 concurrent requests through, across both counters', async () => {
      await opened;
      const rule: RateRule = { points: 50, windowMs: 60_000 };
      const key = `address:${randomUUID()}`;
      const verdicts = await Promise.all(
        Array.from({ length: 200 }, (_, i) => counters[i % 2]!.hit(key, rule)),
      );
      const allowed = verdicts.filter((v) => v.allowed).length;
      expect(allowed).toBe(50);
      for (const refused of verdicts.filter((v) => !v.allowed)) {
        expect(refused.msBeforeNext).toBeGreaterThan(0);
        expect(refused.msBeforeNext).toBeLessThanOrEqual(60_000);
      }
      // Once full, a window stays full for both.
      expect((await counters[0].hit(key, rule)).allowed).toBe(false);
      expect((await counters[1].hit(key, rule)).allowed).toBe(false);
      // Another key has its own allowance.
      expect((await counters[1].hit(`address:${randomUUID()}`, rule)).allowed).toBe(true);
    }, 60_000);

    it('counts each rule apart and resets after the window', async () => {
      await opened;
      const key = `user:${randomUUID()}`;
      const short: RateRule = { points: 2, windowMs: 1_000 };
      const long: RateRule = { points: 10, windowMs: 60_000 };
      // Start just after a window boundary so that three hits fall in one window on both engines.
      await sleep(1_000 - (Date.now() % 1_000) + 20);
      expect((await counters[0].hit(key, short)).allowed).toBe(true);
      expect((await counters[1].hit(key, short)).allowed).toBe(true);
      const refused = await counters[0].hit(key, short);
      expect(refused.allowed).toBe(false);
      expect((await counters[0].hit(key, long)).allowed).toBe(true);
      await sleep(refused.msBeforeNext + 50);
      expect((await counters[1].hit(key, short)).allowed).toBe(true);
    }, 30_000);
  });
}
