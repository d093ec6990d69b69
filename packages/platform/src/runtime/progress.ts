/**
 * Progress and readiness: how far each projector got, waits for a position to be processed
 * (a read after a write waits here, on the distributed topology), and the status and activity
 * the operators and metrics read.
 */
import type { Checkpoint, Subscription } from '@rewear/ports';
import {
  isPartitionedBus,
  isTrackedSubscription,
  publishedPositionOf,
  type PartitionOffsets,
} from './frontier.ts';
import type { DeadLetterStore } from './dead-letters.ts';
import { messageOf } from './dead-letters.ts';
import type { Platform } from './platform.ts';
import type { ProjectorRunner } from './projector-runner.ts';

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

/** How often a wait on a partitioned bus looks at the published position and processed offsets. */
const FRONTIER_POLL_MS = 10;

export class Progress {
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly platform: Pick<Platform, 'eventStore' | 'bus'>,
    private readonly runners: ReadonlyMap<string, ProjectorRunner>,
    private readonly deadLetters: DeadLetterStore,
    private readonly log: Pick<Console, 'warn'>,
    /** The runtime stopped: waits end at once. */
    private readonly isStopped: () => boolean,
  ) {}

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
        if (done() || this.isStopped()) finish(done());
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
      if (left <= 0 || this.isStopped()) return false;
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
        deadLetters: await this.deadLetters.count(runner.name, runner.live.generation),
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

  /** Ends every wait (the runtime stopped). */
  wakeAll(): void {
    for (const wake of this.waiters) wake();
  }
}
