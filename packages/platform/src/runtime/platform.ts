import type { RestoreResult, SnapshotStats } from '../adapters/read-side-snapshot.ts';
import type {
  EventBus,
  EventStore,
  PersonalDataVault,
  PhotoStore,
  ReadModelStore,
  SearchEngine,
} from '@rewear/ports';

/** The engines behind the ports, as `createPlatform` picked them from configuration. */
export interface Platform {
  eventStore: EventStore;
  bus: EventBus;
  readModels: ReadModelStore;
  search: SearchEngine;
  /** Uploaded photos (their served sizes). */
  photos: PhotoStore;
  /**
   * Members' personal-data keys (docs/security.md): `eventStore` and `bus` seal and open the
   * personal fields with them; erasing a member's key (account deletion) erases those fields
   * everywhere. Its `erase` also forgets the key this process has cached.
   */
  personalData: PersonalDataVault;
  /**
   * Whether each store holds content from before this boot: a durable engine, or the embedded
   * ones restored from a snapshot. What does not starts empty and is rebuilt by replaying the
   * log from position 0 at boot.
   */
  durability: { readModels: boolean; search: boolean };
  /**
   * The snapshot of the embedded read side (null with other engines or when not asked for):
   * whether this boot restored it, and `write()`, for when the projections have stopped.
   */
  snapshot: {
    file: string;
    restored: RestoreResult;
    write(): Promise<SnapshotStats>;
  } | null;
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
