/**
 * How projectors and query-api meet the read side. A projector applies events to a `ReadSide`;
 * query-api reads from one. The projector runtime resolves logical names ('listings') to the
 * physical collection and index of the live generation, so an operator can rebuild a projection
 * into a fresh generation while the old one keeps serving, then switch.
 */
import type { EventEnvelope } from '@rewear/contracts';
import type {
  Doc,
  ReadModelCollection,
  SearchIndex,
  SearchSettings,
  IndexSpec,
} from '@rewear/ports';

export interface ReadSide {
  collection<T extends Doc = Doc>(name: string): ReadModelCollection<T>;
  searchIndex<T extends { id: string } = { id: string } & Record<string, unknown>>(
    name: string,
  ): SearchIndex<T>;
}

export interface Projector {
  /** Stable name: the checkpoint and dead letters are kept under it. */
  name: string;
  /** Logical collections it owns, with their indexes. */
  collections: Record<string, IndexSpec[]>;
  /** Logical search indexes it owns, with their settings. */
  searchIndexes?: Record<string, SearchSettings>;
  /** Event types it consumes; others are not delivered to it. */
  handles: readonly string[];
  /**
   * Applies one event. Must be idempotent: writes are puts, `$set`s and deletes, and counts are
   * recomputed from documents, never incremented, so a redelivery or replay changes nothing.
   * A thrown error sends the event to the dead-letter store; the projector goes on.
   */
  apply(event: EventEnvelope, target: ReadSide): Promise<void>;
  /**
   * Optional batching: `beginBatch` is called before the events of a delivered batch (or of a
   * boot's catch-up window) are applied and `afterBatch` once they are, before the checkpoint
   * is stored, so a projector can keep the batch's writes in memory and write each touched
   * document once.
   */
  beginBatch?(target: ReadSide): void;
  afterBatch?(target: ReadSide): Promise<void>;
  /** Optional: writes anything deferred beyond batches (called before a rebuilt generation goes live). */
  flush?(): Promise<void>;
}

/** What query-api needs of the projections' progress for the consistency token. */
export interface ProjectionProgress {
  /** Resolves true once every projector has processed `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}
