/**
 * Projection progress read from the stored checkpoints, for a query-api process that does not
 * run the projectors itself (distributed topology): it polls the checkpoint documents the
 * projectors write with their read models.
 *
 * With one partition (the embedded log) a checkpoint's position says it all. With Kafka, given
 * `partitioned` (the process's own event store and bus), the rule of the projector runtime
 * applies: once everything up to P is published, the partitions' high watermarks are taken, and
 * a projector has reached P when on every partition its stored position is at P or its consumer
 * group's committed offset (committed only after a batch is applied) has reached the watermark.
 * Without it, a projector counts as at P once its highest position on any partition is, which on
 * Kafka may answer before lower positions on other partitions are applied.
 */
import {
  CHECKPOINTS_COLLECTION,
  GENERATIONS_COLLECTION,
  isPartitionedBus,
  publishedPositionOf,
  type Doc,
  type EventBus,
  type EventStore,
  type PartitionOffsets,
  type ProjectionProgress,
  type ReadModelStore,
} from '@rewear/platform';

type CheckpointDoc = Doc & {
  projector: string;
  generation: number;
  position: number;
  partitions?: Array<{ partition: string; position: number }>;
};

export interface PartitionedProgressOptions {
  eventStore: EventStore;
  bus: EventBus;
  /** Prefix of the projectors' subscription names (their consumer groups), as the runtime has it. */
  subscriptionPrefix?: string;
}

export function createCheckpointProgress(
  readModels: ReadModelStore,
  projectorNames: readonly string[],
  pollMs = 50,
  partitioned?: PartitionedProgressOptions,
): ProjectionProgress & { lowest(): Promise<number> } {
  const checkpoints = readModels.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
  const generations = readModels.collection<Doc & { projector: string; live: number }>(
    GENERATIONS_COLLECTION,
  );
  const bus = partitioned && isPartitionedBus(partitioned.bus) ? partitioned.bus : null;

  /** The live generation's checkpoint of each projector (null: none stored yet). */
  async function liveCheckpoints(): Promise<Map<string, CheckpointDoc | null>> {
    const [records, lives] = await Promise.all([checkpoints.find({}), generations.find({})]);
    const liveOf = new Map(lives.map((g) => [g.projector, g.live]));
    return new Map(
      projectorNames.map((name) => {
        const live = liveOf.get(name) ?? 1;
        return [name, records.find((r) => r.projector === name && r.generation === live) ?? null];
      }),
    );
  }

  async function lowest(): Promise<number> {
    let min = Number.POSITIVE_INFINITY;
    for (const record of (await liveCheckpoints()).values())
      min = Math.min(min, record?.position ?? 0);
    return Number.isFinite(min) ? min : 0;
  }

  const sleepUntil = (deadline: number) =>
    new Promise((r) => setTimeout(r, Math.min(pollMs, Math.max(0, deadline - Date.now()))));

  /** Every partition's stored position is at `position`: no offsets needed. */
  async function reachedWithoutOffsets(
    position: number,
    partitions: readonly string[],
  ): Promise<boolean> {
    const records = await liveCheckpoints();
    return projectorNames.every((name) => {
      const stored = new Map(
        (records.get(name)?.partitions ?? []).map((p) => [p.partition, p.position]),
      );
      return partitions.every((partition) => (stored.get(partition) ?? 0) >= position);
    });
  }

  async function reachedMarks(position: number, marks: PartitionOffsets): Promise<boolean> {
    const records = await liveCheckpoints();
    for (const name of projectorNames) {
      const stored = new Map(
        (records.get(name)?.partitions ?? []).map((p) => [p.partition, p.position]),
      );
      const behind = Object.keys(marks).filter(
        (partition) => (stored.get(partition) ?? 0) < position,
      );
      if (behind.length === 0) continue;
      const committed = await bus!.committedOffsets(
        `${partitioned!.subscriptionPrefix ?? ''}${name}`,
      );
      if (behind.some((partition) => (committed[partition] ?? 0n) < marks[partition]!))
        return false;
    }
    return true;
  }

  /** Partitions of the last high-watermark snapshot: the cheap check covers them all. */
  let knownPartitions: string[] = [];

  async function waitPartitioned(position: number, deadline: number): Promise<boolean> {
    if (knownPartitions.length > 0) {
      if (await reachedWithoutOffsets(position, knownPartitions)) return true;
    }
    const published = publishedPositionOf(partitioned!.eventStore);
    while (published && (await published()) < position) {
      if (Date.now() >= deadline) return false;
      await sleepUntil(deadline);
    }
    const marks = await bus!.highWatermarks();
    knownPartitions = Object.keys(marks);
    for (;;) {
      if (await reachedMarks(position, marks)) return true;
      if (Date.now() >= deadline) return false;
      await sleepUntil(deadline);
    }
  }

  return {
    lowest,
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      if (bus) return waitPartitioned(position, deadline);
      for (;;) {
        if ((await lowest()) >= position) return true;
        if (Date.now() >= deadline) return false;
        await sleepUntil(deadline);
      }
    },
  };
}
