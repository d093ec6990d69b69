/**
 * Ports wrapped to be counted: the event store's appends (by event type) and the read side's
 * searches (timed, by engine). Everything else is passed through untouched.
 */
import type { EventStore, SearchIndex, SearchQuery } from '@rewear/ports';
import type { ReadSide } from '../projection.ts';
import type { Metrics } from './metrics.ts';

/** The event store, counting each event appended through it (`rewear_events_appended_total`). */
export function countingAppends(store: EventStore, metrics: Metrics): EventStore {
  return {
    async append(streamId, events, options) {
      const result = await store.append(streamId, events, options);
      metrics.eventsAppended(events);
      return result;
    },
    readStream: (streamId, fromVersion) => store.readStream(streamId, fromVersion),
    readAll: (afterPosition, limit) => store.readAll(afterPosition, limit),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

/**
 * The read side, timing every search of its search indexes (`rewear_search_request_duration_seconds`
 * under `engine` and the index's logical name).
 */
export function timingSearches(readSide: ReadSide, metrics: Metrics, engine: string): ReadSide {
  const indexes = new Map<string, SearchIndex<{ id: string }>>();
  return {
    collection: (name) => readSide.collection(name),
    searchIndex<T extends { id: string }>(name: string): SearchIndex<T> {
      let timed = indexes.get(name);
      if (!timed) {
        const index = readSide.searchIndex<{ id: string }>(name);
        timed = {
          configure: (settings) => index.configure(settings),
          upsert: (docs) => index.upsert(docs),
          remove: (ids) => index.remove(ids),
          clear: () => index.clear(),
          close: () => index.close(),
          async search(query: SearchQuery) {
            const started = performance.now();
            let ok = false;
            try {
              const result = await index.search(query);
              ok = true;
              return result;
            } finally {
              metrics.observeSearch(engine, name, (performance.now() - started) / 1000, ok);
            }
          },
        };
        indexes.set(name, timed);
      }
      return timed as unknown as SearchIndex<T>;
    },
  };
}
