/**
 * The projector runtime: runs every projector on a durable subscription, keeps its checkpoint
 * with its writes, dead-letters what fails, and lets an operator replay or rebuild a projection
 * into a fresh generation while the live one keeps serving.
 *
 * Checkpoints: after a batch's writes, the projector's checkpoint (partition → position) is put
 * into `projector_checkpoints` in the same read-model store. Writes are idempotent puts and sets,
 * so a crash between the two, or a redelivery, changes nothing; an event at or below the stored
 * checkpoint of its partition is skipped.
 */
import type { EventEnvelope, EventType } from '@rewear/contracts';
import { validateEvent } from '../event-validation.ts';
import { isEngineUnavailable } from '../engine-errors.ts';
import type { Checkpoint, DeliveredBatch, Doc, Subscription } from '@rewear/ports';
import type { Projector, ProjectionProgress, ReadSide } from '../projection.ts';
import { GenerationDirectory } from './generations.ts';
import { FOLLOWER_REFRESH_MS } from './follower.ts';
import {
  isPartitionedBus,
  isTrackedSubscription,
  publishedPositionOf,
  type PartitionOffsets,
} from './frontier.ts';
import { SerialLock } from './lock.ts';
import {
  CHECKPOINTS_COLLECTION,
  DEAD_LETTERS_COLLECTION,
  checkpointId,
  physicalName,
} from './names.ts';
import type { Platform } from './platform.ts';
import { GenerationReadSide, LiveReadSide } from './read-side.ts';
import { loggerFor } from '../logging/logger.ts';

export interface ProjectionRuntimeOptions {
  platform: Pick<Platform, 'eventStore' | 'bus' | 'readModels' | 'search' | 'durability'>;
  projectors: readonly Projector[];
  /** Events read per `readAll` call during replays and rebuilds. */
  replayBatchSize?: number;
  /**
   * Prepended to each projector's name to form its durable subscription name (a Kafka consumer
   * group is global to the cluster: a benchmark or test run sharing one uses its own prefix).
   */
  subscriptionPrefix?: string;
  now?: () => Date;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export interface CheckpointRecord extends Doc {
  projector: string;
  generation: number;
  /**
   * One entry per partition. A list, not an object keyed by partition: Kafka partitions are
   * named `<topic>:<n>` and topics hold dots, which document stores take for paths.
   */
  partitions: Array<{ partition: string; position: number }>;
  position: number;
  updatedAt: string;
}

export interface DeadLetter extends Doc {
  projector: string;
  generation: number;
  eventId: string;
  position: number;
  type: string;
  streamId: string;
  event: EventEnvelope;
  error: string;
  failedAt: string;
}

export interface ProjectorStatus {
  projector: string;
  /** Live generation (its collections are `<name>__g<generation>`). */
  generation: number;
  checkpoint: Checkpoint;
  /** Highest position processed (for Kafka: the highest seen over its partitions). */
  position: number;
  headPosition: number;
  /** Events in the log not yet processed (head − position). */
  lag: number;
  /** Dead letters recorded for the live generation. */
  deadLetters: number;
  rebuilding: { generation: number; position: number } | null;
  /** A replay under way: where it started and how far it got (absent where not reported). */
  replaying?: { fromPosition: number; position: number } | null;
}

/**
 * What a projector has done in this process, for metrics read at scrape time: counted on the
 * hot path as a number incremented, nothing more.
 */
export interface ProjectorActivity {
  projector: string;
  /** Events applied without error since this process started, per generation (live and rebuilt). */
  applied: Array<{ generation: number; events: number }>;
  /** Its subscription on the bus (null before it is subscribed or after it stopped). */
  subscription: Subscription | null;
}

export interface ReplayResult {
  projector: string;
  generation: number;
  fromPosition: number;
  /** Events read from the log (the projector applied those it handles). */
  events: number;
  position: number;
  durationMs: number;
}

export interface RebuildResult {
  projector: string;
  generation: number;
  previousGeneration: number;
  events: number;
  position: number;
  durationMs: number;
}

export class UnknownProjectorError extends Error {
  constructor(readonly projector: string) {
    super(`Unknown projector: ${projector}`);
    this.name = 'UnknownProjectorError';
  }
}

export class UnknownDeadLetterError extends Error {
  constructor(projector: string, id: string) {
    super(`No dead letter ${id} of projector ${projector}`);
    this.name = 'UnknownDeadLetterError';
  }
}

/** What retrying or skipping a dead letter did. */
export interface DeadLetterOutcome {
  projector: string;
  /** The dead letter's id. */
  id: string;
  eventId: string;
  position: number;
  type: string;
  /** Retried and applied without error (always false for a skip). */
  applied: boolean;
  /** The error of the failed retry, or the one the skipped letter had. */
  error: string | null;
}

export class RebuildInProgressError extends Error {
  constructor(readonly projector: string) {
    super(`A rebuild of ${projector} is already running`);
    this.name = 'RebuildInProgressError';
  }
}

interface LiveState {
  generation: number;
  checkpoint: Checkpoint;
  /** The checkpoint moved past unhandled events only and is not stored yet. */
  unsaved?: boolean;
  side: GenerationReadSide;
}

/**
 * Events applied at boot before the projectors' writes are made and checkpointed together: a
 * listing created early and liked all over the log is then written once, not once per batch.
 */
const CATCH_UP_WINDOW = 250_000;

/**
 * Lets timers and I/O run between batches: with an embedded log and in-memory read models a
 * replay resolves only microtasks and would otherwise hold the event loop (and every HTTP
 * request) until it ends.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** How often a wait on a partitioned bus looks at the published position and processed offsets. */
const FRONTIER_POLL_MS = 10;
const highest = (checkpoint: Checkpoint) => Math.max(0, ...Object.values(checkpoint));
/** The events of a batch read from the log at or below `position` (the log is read in order). */
const upTo = (batch: EventEnvelope[], position: number) => {
  const beyond = batch.findIndex((event) => event.position > position);
  return beyond === -1 ? batch : batch.slice(0, beyond);
};

/** The schema error of a delivered event, or null when it is valid. */
function validationError(event: EventEnvelope): unknown {
  try {
    validateEvent(event.type, event.schemaVersion, event.data);
    return null;
  } catch (err) {
    return err;
  }
}

/**
 * The errors of a batch's invalid events, checked once for all the projectors a batch is fanned
 * out to (the boot's catch-up). An event absent from it is valid.
 */
type Verdicts = ReadonlyMap<EventEnvelope, unknown>;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

class ProjectorRunner {
  readonly lock = new SerialLock();
  /** What `apply` is given: no event of another type reaches the projector (none needs a guard). */
  readonly handles: ReadonlySet<EventType>;
  readonly ownedNames: string[];
  live!: LiveState;
  rebuilding: { generation: number; position: number } | null = null;
  replaying: { fromPosition: number; position: number } | null = null;
  subscription: Subscription | null = null;
  /** Events applied without error in this process, by generation (ProjectorActivity). */
  readonly applied = new Map<number, number>();

  constructor(
    readonly projector: Projector,
    private readonly runtime: ProjectionRuntime,
  ) {
    this.handles = new Set(projector.handles);
    this.ownedNames = [
      ...Object.keys(projector.collections),
      ...Object.keys(projector.searchIndexes ?? {}),
    ];
  }

  get name() {
    return this.projector.name;
  }

  get position() {
    return highest(this.live.checkpoint);
  }

  sideFor(generation: number): GenerationReadSide {
    return this.runtime.generationSide(this.projector, this.ownedNames, generation);
  }

  /**
   * Applies one event if the projector handles it (true then); a failure becomes a dead letter,
   * unless an engine was out of reach (then it throws, and the batch is delivered again).
   * `verdicts`: the event was schema-checked already (see Verdicts).
   */
  async applyOne(
    event: EventEnvelope,
    side: GenerationReadSide,
    verdicts?: Verdicts,
  ): Promise<boolean> {
    if (!this.handles.has(event.type)) return false;
    try {
      const invalid = verdicts ? (verdicts.get(event) ?? null) : validationError(event);
      if (invalid !== null) throw invalid;
      await this.projector.apply(event, side);
      this.applied.set(side.generation, (this.applied.get(side.generation) ?? 0) + 1);
    } catch (err) {
      // An engine out of reach is no fault of the event: the batch fails, its checkpoint stays,
      // and the bus delivers it again (at least once) instead of the event being set aside.
      if (isEngineUnavailable(err)) throw err;
      await this.runtime.deadLetter(this.name, side.generation, event, err);
    }
    return true;
  }

  /**
   * Applies events in order as (part of) one batch of a batching projector (see
   * Projector's beginBatch). With `keepOpen`, the batch stays open for more events: `closeBatch` ends it.
   */
  async applyAll(
    events: readonly EventEnvelope[],
    side: GenerationReadSide,
    after = 0,
    keepOpen = false,
    verdicts?: Verdicts,
  ): Promise<boolean> {
    const projector = this.projector;
    let applied = false;
    projector.beginBatch?.(side);
    let failed = true;
    try {
      for (const event of events) {
        // Checked before the call: an await per unhandled event costs a turn of the microtask queue.
        if (event.position <= after || !this.handles.has(event.type)) continue;
        await this.applyOne(event, side, verdicts);
        applied = true;
      }
      failed = false;
    } finally {
      // The batch's writes are made even when a step failed: what was applied before it stays.
      if (failed || !keepOpen) await projector.afterBatch?.(side);
    }
    return applied;
  }

  async closeBatch(side: GenerationReadSide): Promise<void> {
    await this.projector.afterBatch?.(side);
  }

  /** Stores a checkpoint that moved past events the projector does not handle. */
  async saveIfUnsaved(): Promise<void> {
    if (!this.live?.unsaved) return;
    await this.runtime.saveCheckpoint(this.name, this.live.generation, this.live.checkpoint);
    this.live.unsaved = false;
  }

  /** A batch from the bus, applied in order to the live generation, then checkpointed. */
  async handleBatch(batch: DeliveredBatch): Promise<void> {
    await this.applyBatch(batch);
    this.runtime.progressed();
    await yieldToEventLoop();
  }

  async applyBatch(batch: DeliveredBatch): Promise<void> {
    await this.lock.run(async () => {
      const live = this.live;
      const done = live.checkpoint[batch.partition] ?? 0;
      let reached = done;
      for (const event of batch.events) if (event.position > reached) reached = event.position;
      if (reached === done) return;
      const applied = await this.applyAll(batch.events, live.side, done);
      await this.advance({ ...live.checkpoint, [batch.partition]: reached }, applied);
    });
  }

  /** Moves the live checkpoint once a batch's writes are made (stored if anything was written). */
  private async advance(checkpoint: Checkpoint, applied: boolean): Promise<void> {
    const live = this.live;
    if (!applied) {
      // Nothing written: redelivering these events after a crash would change nothing, so
      // the store is spared a write; the position is stored with the next writing batch.
      live.checkpoint = checkpoint;
      live.unsaved = true;
      return;
    }
    await this.runtime.saveCheckpoint(this.name, live.generation, checkpoint);
    // Only once stored: if the store refused it, the bus redelivers the batch and it is
    // applied again (idempotent) instead of being counted as done.
    live.checkpoint = checkpoint;
    live.unsaved = false;
  }

  /**
   * The boot's catch-up: several delivered batches applied as one projector batch (so a
   * document touched all over the log is written once per window). The checkpoint moves,
   * and readers see the writes, only when the window is closed.
   */
  private window: { checkpoint: Checkpoint; applied: boolean } | null = null;

  /**
   * `events`: the batch's events this projector handles (sorted out once for all projectors);
   * `reached`: the batch's highest position, which the checkpoint moves to either way.
   */
  async applyToWindow(
    partition: string,
    events: readonly EventEnvelope[],
    reached: number,
    verdicts: Verdicts,
  ): Promise<void> {
    await this.lock.run(async () => {
      const base = this.window?.checkpoint ?? this.live.checkpoint;
      const done = base[partition] ?? 0;
      if (reached <= done) return;
      const applied =
        events.length > 0 && (await this.applyAll(events, this.live.side, done, true, verdicts));
      this.window = {
        checkpoint: { ...base, [partition]: reached },
        applied: applied || (this.window?.applied ?? false),
      };
    });
  }

  async closeWindow(): Promise<void> {
    await this.lock.run(async () => {
      const window = this.window;
      if (!window) return;
      this.window = null;
      await this.closeBatch(this.live.side);
      await this.advance(window.checkpoint, window.applied);
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ProjectionRuntime implements ProjectionProgress {
  /** What query-api reads: logical names resolved to the live generation of their projector. */
  readonly readSide: ReadSide;
  private readonly directory: GenerationDirectory;
  private readonly runners = new Map<string, ProjectorRunner>();
  private readonly waiters = new Set<() => void>();
  private readonly batchSize: number;
  private readonly subscriptionPrefix: string;
  private readonly now: () => Date;
  private readonly log: Pick<Console, 'info' | 'warn' | 'error'>;
  private readonly platform: ProjectionRuntimeOptions['platform'];
  private stopped = false;
  /** Ends the boot's joint catch-up early (stop during boot). */
  private catchingUp: (() => void) | null = null;
  private booting: Promise<void> = Promise.resolve();

  constructor(options: ProjectionRuntimeOptions) {
    this.platform = options.platform;
    this.batchSize = options.replayBatchSize ?? 2_000;
    this.subscriptionPrefix = options.subscriptionPrefix ?? '';
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? loggerFor('projections');
    this.directory = new GenerationDirectory(options.platform.readModels, options.projectors);
    this.readSide = new LiveReadSide(
      this.directory,
      options.platform.readModels,
      options.platform.search,
    );
    for (const projector of options.projectors) {
      if (this.runners.has(projector.name))
        throw new Error(`Two projectors are named ${projector.name}`);
      this.runners.set(projector.name, new ProjectorRunner(projector, this));
    }
  }

  get projectorNames(): string[] {
    return [...this.runners.keys()];
  }

  // ------------------------------------------------------------------ boot

  /** Loads each projector's live generation and checkpoint, then subscribes it to the bus. */
  async start(): Promise<void> {
    // Every pointer is loaded before any projector applies: one projector may read another's.
    for (const runner of this.runners.values()) {
      const record = await this.directory.load(runner.name);
      if (record.building !== null && record.building !== record.live) {
        // A rebuild that did not finish (the process stopped): its generation is garbage.
        await this.dropGeneration(runner, record.building);
        await this.directory.markBuilding(runner.name, null);
      }
      await this.prepareGeneration(runner, record.live);
      const stored = await this.checkpoints.findOne({
        _id: checkpointId(runner.name, record.live),
      });
      runner.live = {
        generation: record.live,
        // No stored checkpoint (read models that do not survive restarts, or a first start):
        // the bus delivers the whole log from position 0.
        checkpoint: stored
          ? Object.fromEntries(stored.partitions.map((p) => [p.partition, p.position]))
          : {},
        side: runner.sideFor(record.live),
      };
    }
    // Read models rebuilt at every boot: the whole log is read once and fanned out to every
    // projector, instead of once per projector's subscription. In the background, as a
    // subscription would be: the caller waits with catchUp() / waitFor().
    const fresh = [...this.runners.values()].filter(
      (runner) => Object.keys(runner.live.checkpoint).length === 0,
    );
    const restored = new Set(
      [...this.runners.values()].filter((runner) => !fresh.includes(runner)),
    );
    if (!this.platform.durability.readModels && fresh.length > 1) {
      this.booting = this.catchUpTogether(fresh)
        .then(() => (this.stopped ? undefined : this.subscribeAll(restored)))
        .catch((err) => this.log.error(`[projections] catch-up at boot failed: ${messageOf(err)}`));
      return;
    }
    await this.subscribeAll(restored);
  }

  /** Subscribes every runner from its checkpoint; `restored`: runners whose checkpoint was stored. */
  private async subscribeAll(restored: ReadonlySet<ProjectorRunner>): Promise<void> {
    for (const runner of this.runners.values()) {
      // Durable read models but a search index that does not survive restarts (MongoDB without
      // Meilisearch): the bus resumes after the stored checkpoint, so the index is refilled by
      // replaying the log from 0 into the live generation first (idempotent for the documents).
      const searchLost =
        !this.platform.durability.search && runner.projector.searchIndexes !== undefined;
      if (searchLost && restored.has(runner)) await this.replay(runner.name, 0);
      runner.subscription = await this.platform.bus.subscribe({
        name: `${this.subscriptionPrefix}${runner.name}`,
        from: { ...runner.live.checkpoint },
        handle: (batch) => runner.handleBatch(batch),
      });
    }
  }

  /**
   * One subscription delivers the log to several projectors that start from the beginning, each
   * batch applied to each in turn (each keeps its own checkpoint), until all have reached the
   * head the log had when this started. Their own subscriptions then resume from their
   * checkpoints, whose partitions are the bus's own.
   */
  private async catchUpTogether(runners: ProjectorRunner[]): Promise<void> {
    const head = await this.platform.eventStore.headPosition();
    if (head === 0) return;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    this.catchingUp = finish;
    let windowed = 0;
    const byType = new Map<EventType, ProjectorRunner[]>();
    const handlersOf = (type: EventType) => {
      let list = byType.get(type);
      if (!list) byType.set(type, (list = runners.filter((runner) => runner.handles.has(type))));
      return list;
    };
    const subscription = await this.platform.bus.subscribe({
      name: `${this.subscriptionPrefix}catch-up`,
      from: {},
      handle: async (batch) => {
        windowed += batch.events.length;
        let last = 0;
        const handled = new Map(runners.map((runner) => [runner, [] as EventEnvelope[]]));
        const verdicts = new Map<EventEnvelope, unknown>();
        for (const event of batch.events) {
          if (event.position > last) last = event.position;
          const handlers = handlersOf(event.type);
          if (handlers.length === 0) continue;
          const invalid = validationError(event);
          if (invalid !== null) verdicts.set(event, invalid);
          for (const runner of handlers) handled.get(runner)!.push(event);
        }
        for (const runner of runners)
          await runner.applyToWindow(batch.partition, handled.get(runner)!, last, verdicts);
        if (windowed >= CATCH_UP_WINDOW || last >= head) {
          windowed = 0;
          for (const runner of runners) await runner.closeWindow();
          this.progressed();
        }
        if (runners.every((runner) => runner.position >= head)) finish();
        await yieldToEventLoop();
      },
    });
    try {
      await done;
    } finally {
      this.catchingUp = null;
      await subscription.stop();
      // Stopped early: what the open window applied is written and checkpointed.
      for (const runner of runners) await runner.closeWindow();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.catchingUp?.();
    await this.booting;
    for (const runner of this.runners.values()) {
      await runner.subscription?.stop();
      runner.subscription = null;
      await runner.lock
        .run(() => runner.saveIfUnsaved())
        .catch((err) =>
          this.log.warn(
            `[projections] ${runner.name}: checkpoint not stored at stop: ${messageOf(err)}`,
          ),
        );
    }
    for (const wake of this.waiters) wake();
  }

  // ------------------------------------------------------------------ progress

  /**
   * Resolves true once every projector has processed `position`, false after `timeoutMs`.
   *
   * One partition (the embedded log): its checkpoint says it. Several (Kafka): a projector may
   * have applied a higher position on one partition while a lower one waits on another, so
   * unless every partition's checkpoint is at `position`, the frontier is established: once
   * everything up to `position` is published, the partitions' high watermarks are taken, and a
   * partition is done when its checkpoint is at `position` or its processed offset has reached
   * that watermark.
   */
  async waitFor(position: number, timeoutMs: number): Promise<boolean> {
    const bus = this.platform.bus;
    if (!isPartitionedBus(bus)) return this.waitUntil(() => this.reached(position), timeoutMs);
    if (this.everyPartitionReached(position)) return true;
    const deadline = Date.now() + Math.max(0, timeoutMs);
    if (!(await this.waitForPublished(position, deadline))) return false;
    let marks: PartitionOffsets;
    try {
      marks = await bus.highWatermarks();
    } catch (err) {
      this.log.warn(`[projections] partition offsets unavailable: ${messageOf(err)}`);
      return false;
    }
    this.knownPartitions = Object.keys(marks);
    // Processed offsets move after a batch is handled (and skipped batches call no handler):
    // polled as well as checked on progress.
    return this.waitUntil(
      () => this.reachedMarks(position, marks),
      deadline - Date.now(),
      FRONTIER_POLL_MS,
    );
  }

  private waitUntil(done: () => boolean, timeoutMs: number, pollMs?: number): Promise<boolean> {
    if (done()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const check = () => {
        if (done() || this.stopped) finish(done());
      };
      const finish = (result: boolean) => {
        clearTimeout(timer);
        clearInterval(poll);
        this.waiters.delete(check);
        resolve(result);
      };
      const timer = setTimeout(() => finish(done()), Math.max(0, timeoutMs));
      const poll = pollMs === undefined ? undefined : setInterval(check, pollMs);
      this.waiters.add(check);
    });
  }

  /** Partitions seen in the last high-watermark snapshot: the cheap check covers them all. */
  private knownPartitions: string[] = [];

  private everyPartitionReached(position: number): boolean {
    if (this.knownPartitions.length === 0) return false;
    for (const runner of this.runners.values()) {
      if (!runner.live) return false;
      for (const partition of this.knownPartitions)
        if ((runner.live.checkpoint[partition] ?? 0) < position) return false;
    }
    return true;
  }

  private reachedMarks(position: number, marks: PartitionOffsets): boolean {
    for (const runner of this.runners.values()) {
      if (!runner.live) return false;
      const processed = isTrackedSubscription(runner.subscription)
        ? runner.subscription.processedOffsets()
        : {};
      for (const [partition, mark] of Object.entries(marks)) {
        if ((runner.live.checkpoint[partition] ?? 0) >= position) continue;
        if ((processed[partition] ?? 0n) < mark) return false;
      }
    }
    return true;
  }

  /** Everything up to `position` is on the bus (its relay says so), by `deadline`. */
  private async waitForPublished(position: number, deadline: number): Promise<boolean> {
    const published = publishedPositionOf(this.platform.eventStore);
    if (!published) {
      if (!this.warnedUnpublished) {
        this.warnedUnpublished = true;
        this.log.warn(
          '[projections] no outbox relay registered for the event store: positions are assumed published',
        );
      }
      return true;
    }
    for (;;) {
      try {
        if ((await published()) >= position) return true;
      } catch (err) {
        this.log.warn(`[projections] published position unavailable: ${messageOf(err)}`);
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.stopped) return false;
      await new Promise((resolve) => setTimeout(resolve, Math.min(FRONTIER_POLL_MS, left)));
    }
  }

  private warnedUnpublished = false;

  /** Waits until every projector has processed the log's current head. */
  async catchUp(timeoutMs = 60_000): Promise<boolean> {
    return this.waitFor(await this.platform.eventStore.headPosition(), timeoutMs);
  }

  private reached(position: number): boolean {
    for (const runner of this.runners.values()) {
      if (!runner.live || runner.position < position) return false;
    }
    return true;
  }

  /** Called after any checkpoint moved. */
  progressed(): void {
    for (const check of [...this.waiters]) check();
  }

  async status(): Promise<ProjectorStatus[]> {
    const head = await this.platform.eventStore.headPosition();
    const statuses: ProjectorStatus[] = [];
    for (const runner of this.runners.values()) {
      const position = runner.position;
      statuses.push({
        projector: runner.name,
        generation: runner.live.generation,
        checkpoint: { ...runner.live.checkpoint },
        position,
        headPosition: head,
        lag: Math.max(0, head - position),
        deadLetters: await this.deadLetters.count({
          projector: runner.name,
          generation: runner.live.generation,
        }),
        rebuilding: runner.rebuilding ? { ...runner.rebuilding } : null,
        replaying: runner.replaying ? { ...runner.replaying } : null,
      });
    }
    return statuses;
  }

  /** Per projector, what it applied in this process and its subscription (for metrics). */
  activity(): ProjectorActivity[] {
    return [...this.runners.values()].map((runner) => ({
      projector: runner.name,
      applied: [...runner.applied].map(([generation, events]) => ({ generation, events })),
      subscription: runner.subscription,
    }));
  }

  /** Dead letters of one projector (all generations), newest first. */
  async deadLettersOf(projector: string, limit = 100): Promise<DeadLetter[]> {
    this.runner(projector);
    return this.deadLetters.find({ projector }, { sort: { failedAt: -1 }, limit });
  }

  /** Dead letters of every projector, newest first. */
  async allDeadLetters(limit = 100): Promise<DeadLetter[]> {
    return this.deadLetters.find({}, { sort: { failedAt: -1 }, limit });
  }

  // ------------------------------------------------------------------ operator actions

  /**
   * Applies a dead letter's event again to the projector's live generation, under its lock. It
   * worked: the dead letter is gone. It failed again: the dead letter stays, with the new error.
   */
  async retryDeadLetter(projector: string, id: string): Promise<DeadLetterOutcome> {
    const runner = this.runner(projector);
    const letter = await this.deadLetterOf(projector, id);
    return runner.lock.run(async () => {
      const live = runner.live;
      const again = `${checkpointId(projector, live.generation)}:${letter.eventId}`;
      await this.deadLetters.delete(letter._id);
      if (again !== letter._id) await this.deadLetters.delete(again);
      await runner.applyAll([letter.event], live.side);
      const failed = await this.deadLetters.findOne({ _id: again });
      return {
        projector,
        id: letter._id,
        eventId: letter.eventId,
        position: letter.position,
        type: letter.type,
        applied: failed === null,
        error: failed?.error ?? null,
      };
    });
  }

  /** Sets a dead letter aside for good: its event is not applied, and the letter is removed. */
  async skipDeadLetter(projector: string, id: string): Promise<DeadLetterOutcome> {
    this.runner(projector);
    const letter = await this.deadLetterOf(projector, id);
    await this.deadLetters.delete(letter._id);
    return {
      projector,
      id: letter._id,
      eventId: letter.eventId,
      position: letter.position,
      type: letter.type,
      applied: false,
      error: letter.error,
    };
  }

  private async deadLetterOf(projector: string, id: string): Promise<DeadLetter> {
    const letter = await this.deadLetters.findOne({ _id: id });
    if (!letter || letter.projector !== projector) throw new UnknownDeadLetterError(projector, id);
    return letter;
  }

  /**
   * Re-applies every event from `fromPosition` up to the head of the log when asked to the live
   * generation (idempotent), in chunks, each under the projector's lock so live deliveries and
   * the replay never interleave within a chunk. Events appended meanwhile are the live
   * subscription's: a replay that chased the head ran as long as shoppers kept writing (41 s
   * under a light write load on the distributed topology, its projector's live deliveries
   * waiting behind it), where its own part took under 2 s.
   */
  async replay(projector: string, fromPosition: number): Promise<ReplayResult> {
    const runner = this.runner(projector);
    const started = performance.now();
    const head = await this.platform.eventStore.headPosition();
    let after = Math.max(0, fromPosition - 1);
    let events = 0;
    runner.replaying = { fromPosition, position: after };
    this.log.info(`[projections] ${projector}: replaying positions ${fromPosition} to ${head}`);
    try {
      while (after < head) {
        const read = await runner.lock.run(async () => {
          const batch = upTo(await this.platform.eventStore.readAll(after, this.batchSize), head);
          await runner.applyAll(batch, runner.live.side);
          return batch;
        });
        if (read.length === 0) break;
        await yieldToEventLoop();
        events += read.length;
        after = read[read.length - 1]!.position;
        runner.replaying = { fromPosition, position: after };
      }
    } finally {
      runner.replaying = null;
    }
    this.log.info(`[projections] ${projector}: replayed ${events} events up to ${after}`);
    return {
      projector,
      generation: runner.live.generation,
      fromPosition,
      events,
      position: after,
      durationMs: Math.round(performance.now() - started),
    };
  }

  /**
   * Rebuilds a projection into generation g+1 from position 0 while generation g keeps serving
   * and consuming, catches up to the head under the projector's lock, switches readers to g+1 at
   * once, and drops g when the last read on it is done.
   */
  async rebuild(projector: string): Promise<RebuildResult> {
    const runner = this.runner(projector);
    if (runner.rebuilding) throw new RebuildInProgressError(projector);
    const started = performance.now();
    const previous = runner.live.generation;
    // Claimed before the first await: a second rebuild request sees it at once.
    runner.rebuilding = { generation: previous + 1, position: 0 };
    const generation = previous + 1;
    try {
      await this.directory.markBuilding(projector, generation);
      await this.dropGeneration(runner, generation);
      await this.prepareGeneration(runner, generation);
      const side = runner.sideFor(generation);
      let after = 0;
      let events = 0;
      const replayChunk = async () => {
        const batch = await this.platform.eventStore.readAll(after, this.batchSize);
        await runner.applyAll(batch, side);
        if (batch.length > 0) {
          events += batch.length;
          after = batch[batch.length - 1]!.position;
          runner.rebuilding = { generation, position: after };
        }
        return batch.length;
      };
      // Bulk of the log, without holding up live consumption.
      while ((await replayChunk()) > 0) {
        await yieldToEventLoop();
        if (this.stopped) throw new Error('The projection runtime stopped during the rebuild');
      }
      await runner.lock.run(async () => {
        // The rest, with live deliveries held back: afterwards g+1 has seen everything g has.
        while ((await replayChunk()) > 0);
        // A projector that defers some writes (aggregates recomputed on a timer) exposes flush():
        // they must be in g+1 before it serves.
        await runner.projector.flush?.();
        // g+1 takes over g's checkpoint, not the replay's end: after a restart on durable read
        // models, events between the two are delivered again and re-applied (idempotent). A
        // bus may still deliver an event below the replay's end that readAll had not seen yet.
        const checkpoint = { ...runner.live.checkpoint };
        await this.saveCheckpoint(projector, generation, checkpoint);
        await this.directory.switchLive(projector, generation, this.now());
        runner.live = { generation, checkpoint, side };
      });
      runner.rebuilding = null;
      this.progressed();
      await this.directory.drained(projector, previous);
      // Read models other processes read (query-api on MongoDB) are still read there in the
      // old generation until their followers see the switch: it is dropped after that.
      if (this.platform.durability.readModels) await sleep(2 * FOLLOWER_REFRESH_MS);
      await this.dropGeneration(runner, previous);
      this.log.info(
        `[projections] ${projector}: generation ${generation} is live (${events} events replayed)`,
      );
      return {
        projector,
        generation,
        previousGeneration: previous,
        events,
        position: after,
        durationMs: Math.round(performance.now() - started),
      };
    } catch (err) {
      if (runner.rebuilding) {
        runner.rebuilding = null;
        await this.dropGeneration(runner, generation).catch(() => undefined);
        await this.directory.markBuilding(projector, null).catch(() => undefined);
      }
      throw err;
    }
  }

  // ------------------------------------------------------------------ internals used by runners

  generationSide(
    projector: Projector,
    ownedNames: string[],
    generation: number,
  ): GenerationReadSide {
    return new GenerationReadSide(
      projector.name,
      ownedNames,
      generation,
      this.platform.readModels,
      this.platform.search,
      this.readSide,
    );
  }

  async saveCheckpoint(
    projector: string,
    generation: number,
    checkpoint: Checkpoint,
  ): Promise<void> {
    await this.checkpoints.put({
      _id: checkpointId(projector, generation),
      projector,
      generation,
      partitions: Object.entries(checkpoint).map(([partition, position]) => ({
        partition,
        position,
      })),
      position: highest(checkpoint),
      updatedAt: this.now().toISOString(),
    });
  }

  async deadLetter(
    projector: string,
    generation: number,
    event: EventEnvelope,
    err: unknown,
  ): Promise<void> {
    const error = messageOf(err);
    this.log.warn(
      `[projections] ${projector}: event ${event.position} (${event.type}) dead-lettered: ${error}`,
    );
    await this.deadLetters.put({
      _id: `${checkpointId(projector, generation)}:${event.id}`,
      projector,
      generation,
      eventId: event.id,
      position: event.position,
      type: event.type,
      streamId: event.streamId,
      event,
      error,
      failedAt: this.now().toISOString(),
    });
  }

  private get checkpoints() {
    return this.platform.readModels.collection<CheckpointRecord>(CHECKPOINTS_COLLECTION);
  }

  private get deadLetters() {
    return this.platform.readModels.collection<DeadLetter>(DEAD_LETTERS_COLLECTION);
  }

  private runner(projector: string): ProjectorRunner {
    const runner = this.runners.get(projector);
    if (!runner) throw new UnknownProjectorError(projector);
    return runner;
  }

  /** Creates the generation's collections with their indexes and its search indexes' settings. */
  private async prepareGeneration(runner: ProjectorRunner, generation: number): Promise<void> {
    const { collections, searchIndexes = {} } = runner.projector;
    for (const [name, indexes] of Object.entries(collections)) {
      const collection = this.platform.readModels.collection(physicalName(name, generation));
      if (indexes.length === 0) await collection.ensureIndexes([]);
      // One index per call: FerretDB 1.24 drops the connection on a createIndexes naming
      // several indexes that already exist (every boot after the first).
      for (const index of indexes) await collection.ensureIndexes([index]);
    }
    for (const [name, settings] of Object.entries(searchIndexes)) {
      await this.platform.search.index(physicalName(name, generation)).configure(settings);
    }
  }

  private async dropGeneration(runner: ProjectorRunner, generation: number): Promise<void> {
    const { collections, searchIndexes = {} } = runner.projector;
    for (const name of Object.keys(collections)) {
      await this.platform.readModels.collection(physicalName(name, generation)).drop();
    }
    // The search port has no "delete index": an old generation's index is emptied instead.
    for (const name of Object.keys(searchIndexes)) {
      await this.platform.search.index(physicalName(name, generation)).clear();
    }
    await this.checkpoints.delete(checkpointId(runner.name, generation));
  }
}

/** Starts every projector on the platform's bus; resolves once all are subscribed. */
export async function startProjections(
  options: ProjectionRuntimeOptions,
): Promise<ProjectionRuntime> {
  const runtime = new ProjectionRuntime(options);
  await runtime.start();
  return runtime;
}
