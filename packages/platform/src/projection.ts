/**
 * How projectors and query-api meet the read side. A projector applies events to a `ReadSide`;
 * query-api reads from one. The projector runtime resolves logical names ('listings') to the
 * physical collection and index of the live generation, so an operator can rebuild a projection
 * into a fresh generation while the old one keeps serving, then switch.
 */
import type { EnvelopeOf, EventEnvelope, EventType } from '@rewear/contracts';
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

/**
 * The envelope a projector handling types T is given: of those types only, narrowed by `type`.
 * A projector of every type (the default) takes any envelope.
 */
export type HandledEnvelope<T extends EventType> = [EventType] extends [T]
  ? EventEnvelope
  : EnvelopeOf<T>;

/**
 * Keeps read models from events of the types T (names from the event catalogue). A
 * `Projector<T>` is a `Projector`: the runtime holds them all as such, and delivers each only
 * the types in its `handles`. E, the envelope `apply` is given, follows from T: leave it be.
 */
export interface Projector<
  T extends EventType = EventType,
  E extends EventEnvelope = HandledEnvelope<T>,
> {
  /** Stable name: the checkpoint and dead letters are kept under it. */
  name: string;
  /** Logical collections it owns, with their indexes. */
  collections: Record<string, IndexSpec[]>;
  /** Logical search indexes it owns, with their settings. */
  searchIndexes?: Record<string, SearchSettings>;
  /** Event types it consumes; the runtime delivers it no others (`apply` needs no guard). */
  handles: readonly T[];
  /**
   * Applies one event of a handled type. Must be idempotent: writes are puts, `$set`s and
   * deletes, and counts are recomputed from documents, never incremented, so a redelivery or
   * replay changes nothing. A thrown error sends the event to the dead-letter store; the
   * projector goes on.
   */
  apply(event: E, target: ReadSide): Promise<void>;
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
