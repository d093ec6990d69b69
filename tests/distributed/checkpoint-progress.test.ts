/**
 * The consistency token of a query-api process that does not run the projectors: it reads their
 * stored checkpoints and, on Kafka, the published position, the partitions' high watermarks and
 * the projectors' committed offsets. Runs where KAFKA_BROKERS and MONGODB_URI answer; otherwise
 * skipped with the reason printed.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import { loadConfig, startProjections, type Config } from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { openMongoReadModelStore } from '@rewear/mongodb';
import { topicsOf } from '@rewear/kafka';
import { createCheckpointProgress } from '@rewear/server';
import { kafkaAvailability, mongoAvailability, reportSkip } from '@rewear/testing';
import { appendSteps } from '../platform/support/event-mix.ts';
import { everyDocument, realProjectors } from '../platform/support/projections.ts';

const [kafka, mongo] = await Promise.all([kafkaAvailability(), mongoAvailability()]);
const reachable = kafka.available && mongo.available;
reportSkip('checkpoint progress on Kafka + MongoDB', kafka.available ? mongo : kafka);

const namespace = `cp${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const quiet = { info() {}, warn() {}, error: console.error };
let config: Config | null = null;

describe.skipIf(!reachable)('checkpoint progress on Kafka + MongoDB', () => {
  afterAll(async () => {
    if (!config?.mongodbUri) return;
    const store = await openMongoReadModelStore({ uri: config.mongodbUri, database: namespace });
    for (const name of await store.listCollections()) await store.collection(name).drop();
    await store.close();
    if (config.kafkaBrokers) {
      const admin = new Kafka({
        clientId: 'checkpoint-progress-cleanup',
        brokers: config.kafkaBrokers,
        logLevel: logLevel.NOTHING,
      }).admin();
      await admin.connect();
      await admin.deleteTopics({ topics: topicsOf(namespace) }).catch(() => {});
      await admin.disconnect();
    }
  }, 60_000);

  it('answers for a position only once every partition has it applied', async () => {
    config = { ...loadConfig(process.env), mongodbDatabase: namespace, meiliUrl: null };
    const platform = await createPlatform(config, { namespace });
    const subscriptionPrefix = `${namespace}-`;
    try {
      const projectors = realProjectors();
      const progress = createCheckpointProgress(
        platform.readModels,
        projectors.all.map((p) => p.name),
        20,
        {
          eventStore: platform.eventStore,
          bus: platform.bus,
          subscriptionPrefix,
        },
      );
      const first = await startProjections({
        platform,
        projectors: projectors.all,
        log: quiet,
        subscriptionPrefix,
      });
      try {
        await appendSteps(platform.eventStore, 0, 120);
        const head = await platform.eventStore.headPosition();
        expect(await progress.waitFor(head, 30_000)).toBe(true);
        // Read at once, as query-api would: nothing below the head is still in flight.
        const documents = await everyDocument(first.readSide, projectors.all);
        expect(documents.listings).toHaveLength(30);
        expect(documents.carts).toHaveLength(15);
      } finally {
        await first.stop();
      }

      // No projector runs: a position appended now is published, but not applied anywhere.
      await appendSteps(platform.eventStore, 120, 160);
      const later = await platform.eventStore.headPosition();
      expect(await progress.waitFor(later, 1000)).toBe(false);

      const second = await startProjections({
        platform,
        projectors: realProjectors().all,
        log: quiet,
        subscriptionPrefix,
      });
      try {
        expect(await progress.waitFor(later, 30_000)).toBe(true);
        const documents = await everyDocument(second.readSide, projectors.all);
        expect(documents.listings).toHaveLength(40);
        expect(documents.carts).toHaveLength(20);
      } finally {
        await second.stop();
      }
    } finally {
      await platform.close();
    }
  }, 120_000);
});
