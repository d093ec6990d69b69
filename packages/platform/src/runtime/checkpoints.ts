/**
 * Checkpoints: after a batch's writes, the projector's checkpoint (partition → position) is put
 * into `projector_checkpoints` in the same read-model store. Writes are idempotent puts and sets,
 * so a crash between the two, or a redelivery, changes nothing; an event at or below the stored
 * checkpoint of its partition is skipped.
 */
import type { Checkpoint, Doc } from '@rewear/ports';
import { CHECKPOINTS_COLLECTION, checkpointId } from './names.ts';
import type { Platform } from './platform.ts';

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

export const highest = (checkpoint: Checkpoint) => Math.max(0, ...Object.values(checkpoint));

/** The checkpoints of every projector's generations, in the platform's read-model store. */
export class CheckpointStore {
  constructor(
    private readonly platform: Pick<Platform, 'readModels'>,
    private readonly now: () => Date,
  ) {}

  async save(projector: string, generation: number, checkpoint: Checkpoint): Promise<void> {
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

  /**
   * The stored checkpoint of a generation. None (read models that do not survive restarts, or
   * a first start): empty, and the bus delivers the whole log from position 0.
   */
  async load(projector: string, generation: number): Promise<Checkpoint> {
    const stored = await this.checkpoints.findOne({ _id: checkpointId(projector, generation) });
    return stored
      ? Object.fromEntries(stored.partitions.map((p) => [p.partition, p.position]))
      : {};
  }

  async delete(projector: string, generation: number): Promise<void> {
    await this.checkpoints.delete(checkpointId(projector, generation));
  }

  private get checkpoints() {
    return this.platform.readModels.collection<CheckpointRecord>(CHECKPOINTS_COLLECTION);
  }
}
