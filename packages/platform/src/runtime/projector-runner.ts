/**
 * One projector on the runtime: applies events to a generation (dead-lettering what fails),
 * moves its live checkpoint after each batch from the bus, and keeps the boot's catch-up window.
 * Every delivered event passes here, so it stays as lean as it is: no allocation or await per
 * event beyond the projector's own.
 */
import type { EventEnvelope, EventType } from '@rewear/contracts';
import type { Checkpoint, DeliveredBatch, Subscription } from '@rewear/ports';
import { validateEvent } from '../event-validation.ts';
import { isEngineUnavailable } from '../engine-errors.ts';
import type { Projector } from '../projection.ts';
import { highest } from './checkpoints.ts';
import { SerialLock } from './lock.ts';
import type { GenerationReadSide } from './read-side.ts';

/** What a runner asks of the runtime it runs on. */
export interface RunnerHost {
  generationSide(
    projector: Projector,
    ownedNames: string[],
    generation: number,
  ): GenerationReadSide;
  saveCheckpoint(projector: string, generation: number, checkpoint: Checkpoint): Promise<void>;
  deadLetter(
    projector: string,
    generation: number,
    event: EventEnvelope,
    err: unknown,
  ): Promise<void>;
  /** Called after any checkpoint moved. */
  progressed(): void;
}

export interface LiveState {
  generation: number;
  checkpoint: Checkpoint;
  /** The checkpoint moved past unhandled events only and is not stored yet. */
  unsaved?: boolean;
  side: GenerationReadSide;
}

/**
 * Lets timers and I/O run between batches: with an embedded log and in-memory read models a
 * replay resolves only microtasks and would otherwise hold the event loop (and every HTTP
 * request) until it ends.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The schema error of a delivered event, or null when it is valid. */
export function validationError(event: EventEnvelope): unknown {
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
export type Verdicts = ReadonlyMap<EventEnvelope, unknown>;

export class ProjectorRunner {
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
    private readonly runtime: RunnerHost,
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
