/**
 * Replay and rebuild: an operator re-applies the log to a projection's live generation, or
 * rebuilds it into a fresh generation while the live one keeps serving; and the generations'
 * collections and search indexes, created and dropped.
 */
import type { EventEnvelope } from '@rewear/contracts';
import type { CheckpointStore } from './checkpoints.ts';
import { FOLLOWER_REFRESH_MS } from './follower.ts';
import type { GenerationDirectory } from './generations.ts';
import { physicalName } from './names.ts';
import type { Platform } from './platform.ts';
import { yieldToEventLoop, type ProjectorRunner } from './projector-runner.ts';

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

export class RebuildInProgressError extends Error {
  constructor(readonly projector: string) {
    super(`A rebuild of ${projector} is already running`);
    this.name = 'RebuildInProgressError';
  }
}

/** What replay and rebuild use of the runtime. */
export interface GenerationsContext {
  platform: Pick<Platform, 'eventStore' | 'readModels' | 'search' | 'durability'>;
  directory: GenerationDirectory;
  checkpoints: CheckpointStore;
  /** Events read per `readAll` call. */
  batchSize: number;
  now: () => Date;
  log: Pick<Console, 'info'>;
  isStopped(): boolean;
  /** Called after any checkpoint moved. */
  progressed(): void;
}

/** The events of a batch read from the log at or below `position` (the log is read in order). */
const upTo = (batch: EventEnvelope[], position: number) => {
  const beyond = batch.findIndex((event) => event.position > position);
  return beyond === -1 ? batch : batch.slice(0, beyond);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Re-applies every event from `fromPosition` up to the head of the log when asked to the live
 * generation (idempotent), in chunks, each under the projector's lock so live deliveries and
 * the replay never interleave within a chunk. Events appended meanwhile are the live
 * subscription's: a replay that chased the head ran as long as shoppers kept writing (41 s
 * under a light write load on the distributed topology, its projector's live deliveries
 * waiting behind it), where its own part took under 2 s.
 */
export async function replay(
  runtime: GenerationsContext,
  runner: ProjectorRunner,
  fromPosition: number,
): Promise<ReplayResult> {
  const projector = runner.name;
  const started = performance.now();
  const head = await runtime.platform.eventStore.headPosition();
  let after = Math.max(0, fromPosition - 1);
  let events = 0;
  runner.replaying = { fromPosition, position: after };
  runtime.log.info(`[projections] ${projector}: replaying positions ${fromPosition} to ${head}`);
  try {
    while (after < head) {
      const read = await runner.lock.run(async () => {
        const batch = upTo(
          await runtime.platform.eventStore.readAll(after, runtime.batchSize),
          head,
        );
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
  runtime.log.info(`[projections] ${projector}: replayed ${events} events up to ${after}`);
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
export async function rebuild(
  runtime: GenerationsContext,
  runner: ProjectorRunner,
): Promise<RebuildResult> {
  const projector = runner.name;
  if (runner.rebuilding) throw new RebuildInProgressError(projector);
  const started = performance.now();
  const previous = runner.live.generation;
  // Claimed before the first await: a second rebuild request sees it at once.
  runner.rebuilding = { generation: previous + 1, position: 0 };
  const generation = previous + 1;
  try {
    await runtime.directory.markBuilding(projector, generation);
    await dropGeneration(runtime, runner, generation);
    await prepareGeneration(runtime, runner, generation);
    const side = runner.sideFor(generation);
    let after = 0;
    let events = 0;
    const replayChunk = async () => {
      const batch = await runtime.platform.eventStore.readAll(after, runtime.batchSize);
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
      if (runtime.isStopped()) throw new Error('The projection runtime stopped during the rebuild');
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
      await runtime.checkpoints.save(projector, generation, checkpoint);
      await runtime.directory.switchLive(projector, generation, runtime.now());
      runner.live = { generation, checkpoint, side };
    });
    runner.rebuilding = null;
    runtime.progressed();
    await runtime.directory.drained(projector, previous);
    // Read models other processes read (query-api on MongoDB) are still read there in the
    // old generation until their followers see the switch: it is dropped after that.
    if (runtime.platform.durability.readModels) await sleep(2 * FOLLOWER_REFRESH_MS);
    await dropGeneration(runtime, runner, previous);
    runtime.log.info(
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
      await dropGeneration(runtime, runner, generation).catch(() => undefined);
      await runtime.directory.markBuilding(projector, null).catch(() => undefined);
    }
    throw err;
  }
}

/** Creates the generation's collections with their indexes and its search indexes' settings. */
export async function prepareGeneration(
  runtime: Pick<GenerationsContext, 'platform'>,
  runner: ProjectorRunner,
  generation: number,
): Promise<void> {
  const { collections, searchIndexes = {} } = runner.projector;
  for (const [name, indexes] of Object.entries(collections)) {
    const collection = runtime.platform.readModels.collection(physicalName(name, generation));
    if (indexes.length === 0) await collection.ensureIndexes([]);
    // One index per call: FerretDB 1.24 drops the connection on a createIndexes naming
    // several indexes that already exist (every boot after the first).
    for (const index of indexes) await collection.ensureIndexes([index]);
  }
  for (const [name, settings] of Object.entries(searchIndexes)) {
    await runtime.platform.search.index(physicalName(name, generation)).configure(settings);
  }
}

export async function dropGeneration(
  runtime: Pick<GenerationsContext, 'platform' | 'checkpoints'>,
  runner: ProjectorRunner,
  generation: number,
): Promise<void> {
  const { collections, searchIndexes = {} } = runner.projector;
  for (const name of Object.keys(collections)) {
    await runtime.platform.readModels.collection(physicalName(name, generation)).drop();
  }
  // The search port has no "delete index": an old generation's index is emptied instead.
  for (const name of Object.keys(searchIndexes)) {
    await runtime.platform.search.index(physicalName(name, generation)).clear();
  }
  await runtime.checkpoints.delete(runner.name, generation);
}
