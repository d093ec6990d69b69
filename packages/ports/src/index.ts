/**
 * The three ports every service stands on. Code outside `adapters/` sees only these
 * interfaces; configuration alone picks the engine behind each (see config.ts).
 */
import type { DomainEvent, EventEnvelope } from '@rewear/contracts';

// ---------------------------------------------------------------- event store and bus

/** A span's W3C trace context in its text form (what a `traceparent` header carries). */
export interface TraceContext {
  traceparent: string;
  tracestate?: string;
}

export interface AppendOptions {
  /** Number of events the stream must hold now (0 for a new stream). */
  expectedVersion: number;
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
  /**
   * The trace context of the request the append is made for, when it is traced: an event store
   * that traces makes the append a span under it and stores the append's own context with the
   * events, beside their correlation id, for the outbox relay and the consumers.
   */
  trace?: TraceContext;
  /** Injected clock for `occurredAt`; defaults to the wall clock. */
  now?: () => Date;
}

export interface AppendResult {
  /** Stream version after the append (= expectedVersion + events.length). */
  streamVersion: number;
  /** Global position of the last appended event: the consistency token. */
  position: number;
  events: EventEnvelope[];
}

/** A racing writer lost: the stream moved on since it was read. Never a silent overwrite. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion}, expected ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}

export interface EventStore {
  /** Validates every event against its schema, then appends atomically or not at all. */
  append(streamId: string, events: DomainEvent[], options: AppendOptions): Promise<AppendResult>;
  /** Events of one stream in version order, from `fromVersion` (1-based, inclusive). */
  readStream(streamId: string, fromVersion?: number): Promise<EventEnvelope[]>;
  /** Events of all streams with position > afterPosition, in position order. */
  readAll(afterPosition: number, limit: number): Promise<EventEnvelope[]>;
  /** Position of the newest event, 0 when empty. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Where a subscriber has got to. The embedded log has one partition ('all'); Kafka has one per
 * topic-partition. Positions only grow within a partition.
 */
export type Checkpoint = Record<string, number>;

export interface DeliveredBatch {
  events: EventEnvelope[];
  /** Partition the batch came from (for checkpointing). */
  partition: string;
}

export interface SubscribeOptions {
  /** Durable subscription name (a Kafka consumer group, a row in the SQLite log). */
  name: string;
  /**
   * Where to start. If given, delivery resumes after these positions (the subscriber keeps its
   * own checkpoint with its writes); otherwise from the bus's durable checkpoint for `name`.
   */
  from?: Checkpoint;
  /** Resolves once the batch is applied; the bus then advances its durable checkpoint. */
  handle(batch: DeliveredBatch): Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventBus {
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- read models

export type Doc = { _id: string } & Record<string, unknown>;
/** A MongoDB query-language filter (`{ price: { $lte: 100 } }`). */
export type Filter = Record<string, unknown>;

export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  projection?: Record<string, 0 | 1>;
  skip?: number;
  limit?: number;
  /**
   * The caller only reads the results: an engine may hand out its own frozen documents and
   * values instead of copies (the in-memory one does; a change then throws).
   */
  readonly?: boolean;
}

export interface IndexSpec {
  keys: Record<string, 1 | -1>;
  unique?: boolean;
}

export interface ReadModelCollection<T extends Doc = Doc> {
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'readonly'>): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  /** $match, $group (with $sum), $sort, $limit, $project, $unwind: the stages both engines run. */
  aggregate<R = Doc>(pipeline: Record<string, unknown>[]): Promise<R[]>;
  /** Replaces the document with this _id, inserting it if absent. Idempotent. */
  put(doc: T): Promise<void>;
  /** Applies `$set` / `$unset` to one document; with upsert, creates it. */
  update(
    id: string,
    update: { $set?: Partial<T>; $unset?: Record<string, 1> },
    options?: { upsert?: boolean },
  ): Promise<void>;
  delete(id: string): Promise<void>;
  deleteMany(filter: Filter): Promise<number>;
  ensureIndexes(indexes: IndexSpec[]): Promise<void>;
  drop(): Promise<void>;
}

export interface ReadModelStore {
  /** A collection by its physical name. */
  collection<T extends Doc = Doc>(name: string): ReadModelCollection<T>;
  listCollections(): Promise<string[]>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- search index

export type SearchFilterValue =
  | string
  | number
  | boolean
  | Array<string | number>
  | { gte?: number; lte?: number; gt?: number; lt?: number };

/** Attribute → value (equality), list (any of) or range. All entries must hold. */
export type SearchFilter = Record<string, SearchFilterValue>;

export interface SearchQuery {
  /** Free text; typo-tolerant, the last word matched as a prefix. Empty matches everything. */
  q?: string;
  filter?: SearchFilter;
  sort?: Array<{ field: string; order: 'asc' | 'desc' }>;
  offset?: number;
  limit?: number;
  /** Attributes to count values of, over all matches (not just the returned page). */
  facets?: string[];
}

/**
 * Read-only: an engine may hand out its own stored documents (the embedded one does, frozen) and
 * the same answer to several callers. Copy a hit before changing it.
 */
export interface SearchResult<T> {
  readonly hits: readonly T[];
  /** Number of matching documents. */
  readonly total: number;
  /** facet attribute → value → count */
  readonly facets: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

export interface SearchSettings {
  searchable: string[];
  filterable: string[];
  sortable: string[];
}

export interface SearchIndex<T extends { id: string } = { id: string } & Record<string, unknown>> {
  configure(settings: SearchSettings): Promise<void>;
  /** Adds or replaces documents; resolves when they are searchable. */
  upsert(docs: T[]): Promise<void>;
  remove(ids: string[]): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult<T>>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export interface SearchEngine {
  index<T extends { id: string }>(name: string): SearchIndex<T>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- idempotency

/** What a command answered: given again to every request repeating its `Idempotency-Key`. */
export interface StoredAnswer {
  status: number;
  body: unknown;
  /** Position of the last appended event (null when nothing was appended). */
  position: number | null;
}

/**
 * The outcome of `claim`: this caller runs the request (`claimed`, with the token its later
 * calls name), or the key's answer is stored (`answered`), or another caller holds the key and
 * is running it now (`pending`: ask again a little later).
 */
export type IdempotencyClaim =
  | { outcome: 'claimed'; token: string }
  | { outcome: 'answered'; answer: StoredAnswer }
  | { outcome: 'pending' };

/**
 * Answers kept by `Idempotency-Key`, shared by every command-api process that uses the same
 * store: of all the requests with one key, however many processes they reach at once, one runs
 * and the others get its answer.
 *
 * A claim is a lease: its holder renews it while it works, and a claim not renewed for the lease
 * (its process died) is taken over by the next `claim`. An answer is kept for the time to live
 * (24 hours), then the key is free again. The calls naming one token must not overlap (the
 * holder renews, then completes or releases, one call at a time).
 */
export interface IdempotencyStore {
  /** Takes the key when it is free, released, expired or its holder's lease ran out. */
  claim(key: string): Promise<IdempotencyClaim>;
  /** Extends the lease of a claim still held; false when it was taken over or let go. */
  renew(key: string, token: string): Promise<boolean>;
  /** Keeps the answer of a claim still held; later claims of the key get it. */
  complete(key: string, token: string, answer: StoredAnswer): Promise<void>;
  /** Gives a claim up without an answer (its request failed): the next claim runs it again. */
  release(key: string, token: string): Promise<void>;
  /** The stored answer, if the key has one that has not expired. */
  get(key: string): Promise<StoredAnswer | null>;
  close(): Promise<void>;
}

export interface IdempotencyStoreOptions {
  /** Injected clock; the wall clock by default. */
  now?: () => Date;
  /** How long an answer is kept (default 24 hours). */
  ttlMs?: number;
  /** How long a claim holds without being renewed (default 20 seconds). */
  leaseMs?: number;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_LEASE_MS = 20_000;

// ---------------------------------------------------------------- photos

/** A stored photo file: its bytes, media type and who uploaded it. */
export interface StoredPhoto {
  data: Buffer;
  contentType: string;
  /** Uid of the user who uploaded it: only they may attach it to a listing. */
  owner: string;
}

/**
 * Named binary objects (the sizes of uploaded photos): files under DATA_DIR on the embedded
 * default, GridFS in the distributed topology. Names are `[a-z0-9._-]`, at most 200 characters.
 * Objects are written once and never change (a name is derived from the content), so a second
 * `put` of a name replaces it with the same bytes.
 */
export interface PhotoStore {
  put(name: string, photo: StoredPhoto): Promise<void>;
  /** The object, or null when there is none of that name. */
  get(name: string): Promise<StoredPhoto | null>;
  /** Removes the object; removing one that is not there does nothing. */
  delete(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Names a PhotoStore accepts: no path separators, nothing a file system or URL reads specially. */
export const PHOTO_NAME = /^[a-z0-9][a-z0-9._-]{0,199}$/;

// ---------------------------------------------------------------- personal data

/**
 * Per-member data keys (docs/security.md, "Personal data and account deletion"): the event store
 * encrypts a member's personal fields with their key, kept here and never in an event; erasing
 * the key makes those fields unreadable everywhere, the log and every rebuild included. An erased
 * subject keeps a tombstone: no key is made for it again.
 */
export interface PersonalDataVault {
  /** The subject's 32-byte key, made on first use; null when the subject was erased. */
  keyFor(subject: string): Promise<Buffer | null>;
  /** The keys that exist of these subjects (erased and unknown ones are absent); makes none. */
  keysOf(subjects: readonly string[]): Promise<Map<string, Buffer>>;
  /** Destroys the subject's key for good. Erasing again, or an unknown subject, is no error. */
  erase(subject: string): Promise<void>;
  close(): Promise<void>;
}
