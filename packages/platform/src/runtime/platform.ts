import type { EventBus, EventStore, PhotoStore, ReadModelStore, SearchEngine } from '@rewear/ports';

/** The engines behind the ports, as `createPlatform` picked them from configuration. */
export interface Platform {
  eventStore: EventStore;
  bus: EventBus;
  readModels: ReadModelStore;
  search: SearchEngine;
  /** Uploaded photos (their served sizes). */
  photos: PhotoStore;
  /**
   * Whether each store keeps its content across restarts. What is not durable starts empty and
   * is rebuilt by replaying the log from position 0 at boot.
   */
  durability: { readModels: boolean; search: boolean };
  /** Engine names, for logs, status and benchmarks only: no code path branches on them. */
  engines: {
    eventStore: string;
    bus: string;
    readModels: string;
    search: string;
    photos: string;
  };
  /** Closes every engine (bus and relay first, so nothing is delivered into a closed store). */
  close(): Promise<void>;
}
