/**
 * Picks the engine behind each port from configuration alone; the only place outside
 * `adapters/` that knows which engines exist.
 *
 * - event store + bus: MONGODB_URI and KAFKA_BROKERS → MongoDB event store, outbox relay, Kafka
 *   bus; otherwise the SQLite log in `dataDir` (store and bus in one).
 * - read models: MONGODB_URI → MongoDB; otherwise in memory (rebuilt by replay at boot).
 * - search: MEILI_URL → Meilisearch; otherwise the embedded engine (rebuilt by replay at boot).
 * - photos: MONGODB_URI → GridFS; otherwise files under `dataDir/photos`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { EventBus, EventStore, PhotoStore, ReadModelStore, SearchEngine } from '@rewear/ports';
import type { Platform } from './runtime/platform.ts';
import { openSqliteEventLog } from './adapters/sqlite-event-log.ts';
import { openMongoEventStore } from './adapters/mongo-event-store.ts';
import { startOutboxRelay } from './adapters/outbox-relay.ts';
import { createKafkaBus } from './adapters/kafka-bus.ts';
import { createMemoryReadModelStore } from '@rewear/memory-read-models';
import { openMongoReadModelStore } from './adapters/mongo-read-models.ts';
import { createEmbeddedSearchEngine } from '@rewear/embedded-search';
import { createMeiliSearchEngine } from './adapters/meili-search.ts';
import { createFilePhotoStore } from './adapters/file-photo-store.ts';
import { openGridFsPhotoStore } from './adapters/gridfs-photo-store.ts';

export type { Platform } from './runtime/platform.ts';

/** File of the embedded event log inside `dataDir`. */
export const EVENT_LOG_FILE = 'events.sqlite';
/** Folder of the embedded photo files inside `dataDir`. */
export const PHOTOS_DIR = 'photos';

/** Opens the engines configuration picks; `close()` closes them all. */
export interface PlatformOptions {
  /**
   * Keeps this platform's distributed resources apart from others on the same servers (tests,
   * benchmarks): Kafka topics `<namespace>.<aggregate>` instead of `rewear.<aggregate>`, and
   * Meilisearch indexes prefixed `<namespace>_`. The MongoDB database comes from the config.
   */
  namespace?: string;
}

export async function createPlatform(
  config: Config,
  options: PlatformOptions = {},
): Promise<Platform> {
  // What delivers events stops first, so nothing is delivered into a closed store; then the
  // stores in reverse order of opening. Also run when a later engine fails to open.
  const delivery: Array<() => Promise<unknown>> = [];
  const stores: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of [...delivery.reverse(), ...stores.reverse()]) {
      try {
        await close();
      } catch (err) {
        console.error('[platform] closing an engine failed', err);
      }
    }
    delivery.length = 0;
    stores.length = 0;
  };

  try {
    let eventStore: EventStore;
    let bus: EventBus;
    let logEngines: Pick<Platform['engines'], 'eventStore' | 'bus'>;
    if (config.mongodbUri && config.kafkaBrokers) {
      const store = await openMongoEventStore({
        uri: config.mongodbUri,
        database: config.mongodbDatabase,
      });
      stores.push(() => store.close());
      const kafka = createKafkaBus({
        brokers: config.kafkaBrokers,
        topicPrefix: options.namespace,
      });
      delivery.push(() => kafka.close());
      const relay = await startOutboxRelay({
        store,
        brokers: config.kafkaBrokers,
        topicPrefix: options.namespace,
      });
      delivery.push(() => relay.stop());
      eventStore = store;
      bus = kafka;
      logEngines = { eventStore: 'mongodb', bus: 'kafka' };
    } else {
      mkdirSync(config.dataDir, { recursive: true });
      const log = openSqliteEventLog({ file: path.join(config.dataDir, EVENT_LOG_FILE) });
      stores.push(() => log.close());
      eventStore = log;
      bus = log;
      logEngines = { eventStore: 'sqlite', bus: 'sqlite' };
    }

    let readModels: ReadModelStore;
    if (config.mongodbUri) {
      readModels = await openMongoReadModelStore({
        uri: config.mongodbUri,
        database: config.mongodbDatabase,
      });
    } else {
      readModels = createMemoryReadModelStore();
    }
    stores.push(() => readModels.close());

    let search: SearchEngine;
    if (config.meiliUrl) {
      search = createMeiliSearchEngine({
        url: config.meiliUrl,
        apiKey: config.meiliApiKey,
        indexPrefix: options.namespace ? `${options.namespace}_` : undefined,
      });
    } else {
      search = createEmbeddedSearchEngine();
    }
    stores.push(() => search.close());

    const photos: PhotoStore = config.mongodbUri
      ? await openGridFsPhotoStore({ uri: config.mongodbUri, database: config.mongodbDatabase })
      : createFilePhotoStore(path.join(config.dataDir, PHOTOS_DIR));
    stores.push(() => photos.close());

    return {
      eventStore,
      bus,
      readModels,
      search,
      photos,
      durability: { readModels: config.mongodbUri !== null, search: config.meiliUrl !== null },
      engines: {
        ...logEngines,
        readModels: config.mongodbUri ? 'mongodb' : 'memory',
        search: config.meiliUrl ? 'meilisearch' : 'embedded',
        photos: config.mongodbUri ? 'gridfs' : 'files',
      },
      close: closeAll,
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
