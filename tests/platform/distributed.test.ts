/**
 * The projector runtime on the distributed engines: MongoDB event store, outbox relay, Kafka bus
 * and MongoDB read models (search: Meilisearch when MEILI_URL is set, else embedded). Runs where
 * KAFKA_BROKERS and MONGODB_URI answer; otherwise skipped with the reason printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadConfig,
  type Config,
  type Platform,
  followProjections,
  publishedPositionOf,
  startProjections,
  type ProjectionRuntime,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { openMongoReadModelStore } from '@rewear/mongodb';
import { kafkaAvailability, mongoAvailability, reportSkip } from '@rewear/testing';
import { appendSteps } from './support/event-mix.ts';
import { everyDocument, realProjectors } from './support/projections.ts';

const [kafka, mongo] = await Promise.all([kafkaAvailability(), mongoAvailability()]);
const reachable = kafka.available && mongo.available;
reportSkip('projector runtime on Kafka + MongoDB', kafka.available ? mongo : kafka);

const namespace = `rt${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const quiet = { info() {}, warn() {}, error: console.error };
let config: Config;

async function startRuntime(platform: Platform) {
  const projectors = realProjectors(200);
  const runtime = await startProjections({
    platform,
    projectors: projectors.all,
    log: quiet,
    subscriptionPrefix: `${namespace}-`,
  });
  return { runtime, flush: projectors.flush };
}

/** Waits for the head: on every partition, so nothing below it is still in flight. */
async function settle(runtime: ProjectionRuntime, platform: Platform) {
  expect(await runtime.waitFor(await platform.eventStore.headPosition(), 60_000)).toBe(true);
}

describe.skipIf(!reachable)('projector runtime on Kafka + MongoDB', () => {
  beforeAll(() => {
    config = { ...loadConfig(process.env), mongodbDatabase: namespace };
  });

  afterAll(async () => {
    if (!config?.mongodbUri) return;
    const store = await openMongoReadModelStore({ uri: config.mongodbUri, database: namespace });
    for (const name of await store.listCollections()) await store.collection(name).drop();
    await store.close();
  });

  it('projects through the relay and Kafka, rebuilds equal, and resumes from its checkpoints after a restart', async () => {
    const platform = await createPlatform(config, { namespace });
    try {
      // The store everyone holds (personal fields sealed) knows how far the relay has published:
      // without it, a consistency token on Kafka is taken as reached before it is on the bus.
      const published = publishedPositionOf(platform.eventStore);
      expect(published).not.toBeNull();
      expect(await published!()).toBeGreaterThanOrEqual(0);
      const first = await startRuntime(platform);
      let snapshot: Record<string, unknown[]>;
      try {
        await appendSteps(platform.eventStore, 0, 160);
        await settle(first.runtime, platform);
        await first.flush();
        snapshot = await everyDocument(first.runtime.readSide, realProjectors().all);
        expect(snapshot.listings).toHaveLength(40);
        expect(snapshot.carts).toHaveLength(20);

        const status = await first.runtime.status();
        expect(status.every((s) => s.lag === 0 && s.deadLetters === 0)).toBe(true);
        expect(Object.keys(status[0]!.checkpoint).every((p) => p.startsWith(`${namespace}.`))).toBe(
          true,
        );

        // A reader in another process (query-api) follows the switch from the stored pointers:
        // while it still reads the old generation, that generation must not be gone.
        const follower = await followProjections({ platform, projectors: realProjectors().all });
        let emptyReads = 0;
        let reading = true;
        const reads = (async () => {
          while (reading) {
            const carts = await follower.readSide.collection('carts').find({});
            if (carts.length === 0) emptyReads += 1;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        })();
        await first.runtime.rebuild('catalogue');
        await first.runtime.rebuild('carts');
        reading = false;
        await reads;
        follower.stop();
        expect(emptyReads).toBe(0);
        await first.flush();
        expect(await everyDocument(first.runtime.readSide, realProjectors().all)).toEqual(snapshot);
      } finally {
        await first.runtime.stop();
      }

      // Events appended while no projector runs; a new runtime (fresh projector instances, the
      // same durable read models and consumer groups) resumes from the stored checkpoints.
      await appendSteps(platform.eventStore, 160, 200);
      const second = await startRuntime(platform);
      try {
        await settle(second.runtime, platform);
        const after = await everyDocument(second.runtime.readSide, realProjectors().all);
        expect(after.listings).toHaveLength(50);
        expect(after.carts).toHaveLength(25);
        expect(
          (await second.runtime.status()).find((s) => s.projector === 'catalogue')?.generation,
        ).toBe(2);
      } finally {
        await second.runtime.stop();
      }
    } finally {
      await platform.close();
    }
  }, 180_000);
});
