/**
 * The projector runtime: runs every projector on a durable subscription, keeps its checkpoint
 * with its writes, dead-letters what fails, and lets an operator replay or rebuild a projection
 * into a fresh generation while the live one keeps serving.
 *
 * Its parts: `projector-runner.ts` (one projector: applying events, moving its checkpoint),
 * `boot.ts` (loading and subscribing at start, the joint catch-up), `progress.ts` (waits,
 * status), `rebuild.ts` (replay, rebuild, a generation's collections), `checkpoints.ts` and
 * `dead-letters.ts` (their records). This file composes them behind one API.
 */
import type { EventEnvelope } from '@rewear/contracts';
import type { Checkpoint } from '@rewear/ports';
import type { Projector, ProjectionProgress, ReadSide } from '../projection.ts';
import { loggerFor } from '../logging/logger.ts';
import { Boot, type BootContext } from './boot.ts';
import { CheckpointStore } from './checkpoints.ts';
import { DeadLetterStore, type DeadLetter, type DeadLetterOutcome } from './dead-letters.ts';
import { GenerationDirectory } from './generations.ts';
import type { Platform } from './platform.ts';
import { Progress, type ProjectorActivity, type ProjectorStatus } from './progress.ts';
import { ProjectorRunner, type RunnerHost } from './projector-runner.ts';
import { GenerationReadSide, LiveReadSide } from './read-side.ts';
import { messageOf } from './dead-letters.ts';
import { rebuild, replay, type RebuildResult, type ReplayResult } from './rebuild.ts';

export type { CheckpointRecord } from './checkpoints.ts';
export { UnknownDeadLetterError, type DeadLetter, type DeadLetterOutcome } from './dead-letters.ts';
export type { ProjectorActivity, ProjectorStatus } from './progress.ts';
export { RebuildInProgressError, type RebuildResult, type ReplayResult } from './rebuild.ts';

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

export class UnknownProjectorError extends Error {
  constructor(readonly projector: string) {
    super(`Unknown projector: ${projector}`);
    this.name = 'UnknownProjectorError';
  }
}

export class ProjectionRuntime implements ProjectionProgress, RunnerHost {
  /** What query-api reads: logical names resolved to the live generation of their projector. */
  readonly readSide: ReadSide;
  private readonly directory: GenerationDirectory;
  private readonly runners = new Map<string, ProjectorRunner>();
  private readonly log: Pick<Console, 'info' | 'warn' | 'error'>;
  private readonly platform: ProjectionRuntimeOptions['platform'];
  private readonly checkpoints: CheckpointStore;
  private readonly deadLetters: DeadLetterStore;
  private readonly progress: Progress;
  private readonly boot: Boot;
  /** What boot, replay and rebuild use of this runtime. */
  private readonly context: BootContext;
  private stopped = false;

  constructor(options: ProjectionRuntimeOptions) {
    this.platform = options.platform;
    const now = options.now ?? (() => new Date());
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
    this.checkpoints = new CheckpointStore(this.platform, now);
    this.deadLetters = new DeadLetterStore(this.platform, now, this.log);
    const isStopped = () => this.stopped;
    this.progress = new Progress(
      this.platform,
      this.runners,
      this.deadLetters,
      this.log,
      isStopped,
    );
    this.context = {
      platform: this.platform,
      runners: this.runners,
      directory: this.directory,
      checkpoints: this.checkpoints,
      batchSize: options.replayBatchSize ?? 2_000,
      subscriptionPrefix: options.subscriptionPrefix ?? '',
      now,
      log: this.log,
      isStopped,
      progressed: () => this.progressed(),
    };
    this.boot = new Boot(this.context);
  }

  get projectorNames(): string[] {
    return [...this.runners.keys()];
  }

  // ------------------------------------------------------------------ boot

  /** Loads each projector's live generation and checkpoint, then subscribes it to the bus. */
  async start(): Promise<void> {
    await this.boot.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.boot.end();
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
    this.progress.wakeAll();
  }

  // ------------------------------------------------------------------ progress

  /** Resolves true once every projector has processed `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.progress.waitFor(position, timeoutMs);
  }

  /** Waits until every projector has processed the log's current head. */
  catchUp(timeoutMs = 60_000): Promise<boolean> {
    return this.progress.catchUp(timeoutMs);
  }

  /** Called after any checkpoint moved. */
  progressed(): void {
    this.progress.progressed();
  }

  status(): Promise<ProjectorStatus[]> {
    return this.progress.status();
  }

  /** Per projector, what it applied in this process and its subscription (for metrics). */
  activity(): ProjectorActivity[] {
    return this.progress.activity();
  }

  /** Dead letters of one projector (all generations), newest first. */
  async deadLettersOf(projector: string, limit = 100): Promise<DeadLetter[]> {
    this.runner(projector);
    return this.deadLetters.of(projector, limit);
  }

  /** Dead letters of every projector, newest first. */
  async allDeadLetters(limit = 100): Promise<DeadLetter[]> {
    return this.deadLetters.all(limit);
  }

  // ------------------------------------------------------------------ operator actions

  /**
   * Applies a dead letter's event again to the projector's live generation, under its lock. It
   * worked: the dead letter is gone. It failed again: the dead letter stays, with the new error.
   */
  async retryDeadLetter(projector: string, id: string): Promise<DeadLetterOutcome> {
    return this.deadLetters.retry(this.runner(projector), id);
  }

  /** Sets a dead letter aside for good: its event is not applied, and the letter is removed. */
  async skipDeadLetter(projector: string, id: string): Promise<DeadLetterOutcome> {
    this.runner(projector);
    return this.deadLetters.skip(projector, id);
  }

  /** Re-applies the log from `fromPosition` to the live generation (see rebuild.ts). */
  async replay(projector: string, fromPosition: number): Promise<ReplayResult> {
    return replay(this.context, this.runner(projector), fromPosition);
  }

  /** Rebuilds a projection into a new generation while the live one serves (see rebuild.ts). */
  async rebuild(projector: string): Promise<RebuildResult> {
    return rebuild(this.context, this.runner(projector));
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

  saveCheckpoint(projector: string, generation: number, checkpoint: Checkpoint): Promise<void> {
    return this.checkpoints.save(projector, generation, checkpoint);
  }

  deadLetter(
    projector: string,
    generation: number,
    event: EventEnvelope,
    err: unknown,
  ): Promise<void> {
    return this.deadLetters.record(projector, generation, event, err);
  }

  private runner(projector: string): ProjectorRunner {
    const runner = this.runners.get(projector);
    if (!runner) throw new UnknownProjectorError(projector);
    return runner;
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
