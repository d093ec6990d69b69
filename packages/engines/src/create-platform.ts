/**
 * Picks the engine behind each port from configuration alone; the only place that knows
 * which engine packages exist (@rewear/sqlite, @rewear/mongodb, @rewear/kafka,
 * @rewear/meilisearch) beside the embedded ones.
 *
 * - event store + bus: MONGODB_URI and KAFKA_BROKERS → MongoDB event store, outbox relay, Kafka
 *   bus; otherwise the SQLite log in `dataDir` (store and bus in one).
 * - read models: MONGODB_URI → MongoDB; otherwise in memory (rebuilt by replay at boot).
 * - search: MEILI_URL → Meilisearch; otherwise the embedded engine (rebuilt by replay at boot).
 *   The embedded read models and search engine together are restored from a snapshot of the
 *   last stop instead, when the caller asks and it fits (@rewear/platform's
 *   adapters/read-side-snapshot.ts).
 * - photos: MONGODB_URI → GridFS; otherwise files under `dataDir/photos`.
 * - members' personal-data keys: MONGODB_URI → MongoDB; otherwise a SQLite file in `dataDir`.
 *   The event store and bus handed out seal and open personal fields with them.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import type {
  EventBus,
  EventStore,
  PersonalDataVault,
  PhotoStore,
  ReadModelStore,
  SearchEngine,
} from '@rewear/ports';
import {
  loggerFor,
  publishedPositionOf,
  registerPublishedPosition,
  type Config,
  type Platform,
} from '@rewear/platform';
import {
  createFilePhotoStore,
  createPersonalDataCipher,
  openingBus,
  sealingEventStore,
  READ_SIDE_SNAPSHOT_FILE,
  restoreReadSideSnapshot,
  writeReadSideSnapshot,
  type RestoreResult,
} from '@rewear/platform/adapters';
import { createMemoryReadModelStore, type MemoryReadModelStore } from '@rewear/memory-read-models';
import { createEmbeddedSearchEngine, type EmbeddedSearchEngine } from '@rewear/embedded-search';
import {
  openSqliteEventLog,
  openSqlitePersonalDataVault,
  PERSONAL_DATA_FILE,
} from '@rewear/sqlite';
import {
  openGridFsPhotoStore,
  openMongoEventStore,
  openMongoPersonalDataVault,
  openMongoReadModelStore,
} from '@rewear/mongodb';
import { createKafkaBus, startOutboxRelay } from '@rewear/kafka';
import { createMeiliSearchEngine } from '@rewear/meilisearch';

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
  /**
   * With the embedded read models and search engine: restore them from the snapshot in
   * `dataDir` when it was taken by projection code of this fingerprint (see
   * @rewear/platform's adapters/read-side-snapshot.ts), and offer `snapshot.write()`.
   */
  readSideSnapshot?: { fingerprint: string };
}

/** Embedded stores, filled from the snapshot when it fits; empty ones when it does not. */
async function restoredReadSide(
  file: string,
  eventStore: EventStore,
  fingerprint: string,
): Promise<{
  readModels: MemoryReadModelStore;
  search: EmbeddedSearchEngine;
  snapshot: NonNullable<Platform['snapshot']>;
}> {
  let readSide = { readModels: createMemoryReadModelStore(), search: createEmbeddedSearchEngine() };
  let restored: RestoreResult;
  try {
    restored = await restoreReadSideSnapshot(file, readSide, { eventStore, fingerprint });
  } catch (err) {
    // Partly filled: start again from empty stores, rebuilt by replay.
    readSide = { readModels: createMemoryReadModelStore(), search: createEmbeddedSearchEngine() };
    restored = { restored: false, reason: `an unreadable snapshot (${(err as Error).message})` };
  }
  if (!restored.restored && existsSync(file)) {
    // Kept aside for a look, out of the way of the next snapshot.
    renameSync(file, `${file}.unused`);
  }
  const { readModels, search } = readSide;
  return {
    readModels,
    search,
    snapshot: {
      file,
      restored,
      write: () => writeReadSideSnapshot(file, { readModels, search }, { eventStore, fingerprint }),
    },
  };
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
        loggerFor('platform').error({ err }, '[platform] closing an engine failed');
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
    let search: SearchEngine;
    let snapshot: Platform['snapshot'] = null;
    if (!config.mongodbUri && !config.meiliUrl && options.readSideSnapshot) {
      // The whole read side in this process: it can be restored from a snapshot.
      const embedded = await restoredReadSide(
        path.join(config.dataDir, READ_SIDE_SNAPSHOT_FILE),
        eventStore,
        options.readSideSnapshot.fingerprint,
      );
      readModels = embedded.readModels;
      search = embedded.search;
      snapshot = embedded.snapshot;
    } else {
      readModels = config.mongodbUri
        ? await openMongoReadModelStore({
            uri: config.mongodbUri,
            database: config.mongodbDatabase,
          })
        : createMemoryReadModelStore();
      search = config.meiliUrl
        ? createMeiliSearchEngine({
            url: config.meiliUrl,
            apiKey: config.meiliApiKey,
            indexPrefix: options.namespace ? `${options.namespace}_` : undefined,
          })
        : createEmbeddedSearchEngine();
    }
    stores.push(() => readModels.close());
    stores.push(() => search.close());

    const photos: PhotoStore = config.mongodbUri
      ? await openGridFsPhotoStore({ uri: config.mongodbUri, database: config.mongodbDatabase })
      : createFilePhotoStore(path.join(config.dataDir, PHOTOS_DIR));
    stores.push(() => photos.close());

    const vault: PersonalDataVault = config.mongodbUri
      ? await openMongoPersonalDataVault({
          uri: config.mongodbUri,
          database: config.mongodbDatabase,
        })
      : (mkdirSync(config.dataDir, { recursive: true }),
        openSqlitePersonalDataVault(path.join(config.dataDir, PERSONAL_DATA_FILE)));
    stores.push(() => vault.close());
    const cipher = createPersonalDataCipher(vault);
    const sealedStore = sealingEventStore(eventStore, cipher);
    // The outbox relay registered how far it has published the store it was given; the sealed
    // store that everything else holds answers the same, or a consistency token on Kafka would be
    // taken as reached before its position is even on the bus.
    const published = publishedPositionOf(eventStore);
    if (published) {
      const unregister = registerPublishedPosition(sealedStore, published);
      delivery.push(async () => unregister());
    }

    return {
      eventStore: sealedStore,
      bus: openingBus(bus, cipher),
      personalData: { ...vault, erase: (subject) => cipher.erase(subject) },
      readModels,
      search,
      photos,
      durability: {
        readModels: config.mongodbUri !== null || snapshot?.restored.restored === true,
        search: config.meiliUrl !== null || snapshot?.restored.restored === true,
      },
      snapshot,
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
