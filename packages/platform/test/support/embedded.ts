/** The embedded engines in a temp folder, for runtime tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSqliteEventLog, type SqliteEventLog } from '@rewear/sqlite';
import { createFilePhotoStore } from '../../src/adapters/file-photo-store.ts';
import { createMemoryPersonalDataVault } from '../../src/adapters/personal-data.ts';
import { createMemoryReadModelStore } from '@rewear/memory-read-models';
import type { ReadModelStore, SearchEngine } from '@rewear/ports';
import type { Platform } from '../../src/runtime/platform.ts';

export interface TestPlatform extends Platform {
  log: SqliteEventLog;
  dir: string;
  /** Reopens the event log on the same file (as after a restart), keeping or not the read models. */
  reopen(options?: { keepReadModels?: boolean }): TestPlatform;
  remove(): Promise<void>;
}

/** For projectors without search indexes: any use of it is a test bug. */
export const noSearch: SearchEngine = {
  index() {
    throw new Error('This test platform has no search engine');
  },
  async close() {},
};

export function embeddedPlatform(
  options: { dir?: string; readModels?: ReadModelStore; search?: SearchEngine } = {},
): TestPlatform {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'rewear-runtime-'));
  const log = openSqliteEventLog({
    file: path.join(dir, 'events.db'),
    pollIntervalMs: 5,
    onHandlerError: () => {},
    onInvalidEvent: () => {},
  });
  const readModels = options.readModels ?? createMemoryReadModelStore();
  const search = options.search ?? noSearch;
  const platform: TestPlatform = {
    log,
    dir,
    eventStore: log,
    bus: log,
    readModels,
    search,
    photos: createFilePhotoStore(path.join(dir, 'photos')),
    personalData: createMemoryPersonalDataVault(),
    durability: { readModels: false, search: false },
    snapshot: null,
    engines: {
      eventStore: 'sqlite',
      bus: 'sqlite',
      readModels: 'memory',
      search: 'test',
      photos: 'files',
    },
    async close() {
      await log.close();
    },
    reopen({ keepReadModels = false } = {}) {
      return embeddedPlatform({ dir, search, readModels: keepReadModels ? readModels : undefined });
    },
    async remove() {
      await log.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return platform;
}
