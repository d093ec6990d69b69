/**
 * Boot: each projector's live generation and checkpoint are loaded, then it is subscribed to the
 * bus. Read models rebuilt at every boot catch up together first, on one subscription.
 */
import type { EventEnvelope, EventType } from '@rewear/contracts';
import type { Platform } from './platform.ts';
import { messageOf } from './dead-letters.ts';
import { validationError, yieldToEventLoop, type ProjectorRunner } from './projector-runner.ts';
import { dropGeneration, prepareGeneration, replay, type GenerationsContext } from './rebuild.ts';

/** What the boot uses of the runtime. */
export interface BootContext extends GenerationsContext {
  platform: GenerationsContext['platform'] & Pick<Platform, 'bus'>;
  runners: ReadonlyMap<string, ProjectorRunner>;
  subscriptionPrefix: string;
  log: Pick<Console, 'info' | 'error'>;
}

/**
 * Events applied at boot before the projectors' writes are made and checkpointed together: a
 * listing created early and liked all over the log is then written once, not once per batch.
 */
const CATCH_UP_WINDOW = 250_000;

export class Boot {
  /** Ends the boot's joint catch-up early (stop during boot). */
  private catchingUp: (() => void) | null = null;
  private booting: Promise<void> = Promise.resolve();

  constructor(private readonly runtime: BootContext) {}

  /** Loads each projector's live generation and checkpoint, then subscribes it to the bus. */
  async start(): Promise<void> {
    // Every pointer is loaded before any projector applies: one projector may read another's.
    for (const runner of this.runtime.runners.values()) {
      const record = await this.runtime.directory.load(runner.name);
      if (record.building !== null && record.building !== record.live) {
        // A rebuild that did not finish (the process stopped): its generation is garbage.
        await dropGeneration(this.runtime, runner, record.building);
        await this.runtime.directory.markBuilding(runner.name, null);
      }
      await prepareGeneration(this.runtime, runner, record.live);
      runner.live = {
        generation: record.live,
        // None stored: the bus delivers the whole log from position 0.
        checkpoint: await this.runtime.checkpoints.load(runner.name, record.live),
        side: runner.sideFor(record.live),
      };
    }
    // Read models rebuilt at every boot: the whole log is read once and fanned out to every
    // projector, instead of once per projector's subscription. In the background, as a
    // subscription would be: the caller waits with catchUp() / waitFor().
    const fresh = [...this.runtime.runners.values()].filter(
      (runner) => Object.keys(runner.live.checkpoint).length === 0,
    );
    const restored = new Set(
      [...this.runtime.runners.values()].filter((runner) => !fresh.includes(runner)),
    );
    if (!this.runtime.platform.durability.readModels && fresh.length > 1) {
      this.booting = this.catchUpTogether(fresh)
        .then(() => (this.runtime.isStopped() ? undefined : this.subscribeAll(restored)))
        .catch((err) =>
          this.runtime.log.error(`[projections] catch-up at boot failed: ${messageOf(err)}`),
        );
      return;
    }
    await this.subscribeAll(restored);
  }

  /** Subscribes every runner from its checkpoint; `restored`: runners whose checkpoint was stored. */
  private async subscribeAll(restored: ReadonlySet<ProjectorRunner>): Promise<void> {
    for (const runner of this.runtime.runners.values()) {
      // Durable read models but a search index that does not survive restarts (MongoDB without
      // Meilisearch): the bus resumes after the stored checkpoint, so the index is refilled by
      // replaying the log from 0 into the live generation first (idempotent for the documents).
      const searchLost =
        !this.runtime.platform.durability.search && runner.projector.searchIndexes !== undefined;
      if (searchLost && restored.has(runner)) await replay(this.runtime, runner, 0);
      runner.subscription = await this.runtime.platform.bus.subscribe({
        name: `${this.runtime.subscriptionPrefix}${runner.name}`,
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
    const head = await this.runtime.platform.eventStore.headPosition();
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
    const subscription = await this.runtime.platform.bus.subscribe({
      name: `${this.runtime.subscriptionPrefix}catch-up`,
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
          this.runtime.progressed();
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

  /** Ends a catch-up under way and waits for the boot to be done (the runtime stops). */
  async end(): Promise<void> {
    this.catchingUp?.();
    await this.booting;
  }
}
