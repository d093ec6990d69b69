/**
 * Which generation of each projection is live, and who is reading it right now.
 *
 * The pointer is persisted in `projection_generations` (one document per projector) and mirrored
 * here so that every read resolves its physical collection without a round trip. A read holds a
 * lease on the generation it resolved; an old generation is dropped only once its leases are gone,
 * so a reader never sees a collection vanish under it.
 */
import type { Doc, ReadModelStore } from '@rewear/ports';
import type { Projector } from '../projection.ts';
import { GENERATIONS_COLLECTION } from './names.ts';

export interface GenerationRecord extends Doc {
  _id: string;
  projector: string;
  live: number;
  /** Generation being rebuilt, null when none. */
  building: number | null;
  switchedAt: string | null;
}

export class GenerationDirectory {
  private readonly live = new Map<string, number>();
  private readonly leases = new Map<string, number>();
  /** Logical collection or search index name → projector owning it. */
  private readonly owners = new Map<string, string>();

  constructor(
    private readonly store: ReadModelStore,
    projectors: readonly Projector[],
  ) {
    for (const projector of projectors) {
      const names = [
        ...Object.keys(projector.collections),
        ...Object.keys(projector.searchIndexes ?? {}),
      ];
      for (const name of names) {
        const owner = this.owners.get(name);
        if (owner && owner !== projector.name) {
          throw new Error(`"${name}" is owned by both ${owner} and ${projector.name}`);
        }
        this.owners.set(name, projector.name);
      }
    }
  }

  private get records() {
    return this.store.collection<GenerationRecord>(GENERATIONS_COLLECTION);
  }

  ownerOf(logicalName: string): string | undefined {
    return this.owners.get(logicalName);
  }

  /** Reads the stored record, creating generation 1 for a projector seen for the first time. */
  async load(projector: string): Promise<GenerationRecord> {
    let record = await this.records.findOne({ _id: projector });
    if (!record) {
      record = { _id: projector, projector, live: 1, building: null, switchedAt: null };
      await this.records.put(record);
    }
    this.live.set(projector, record.live);
    return record;
  }

  /**
   * Mirrors the stored pointers without writing any, for a process that reads what another
   * process projects; a projector with no record yet reads generation 1, its first.
   */
  async refresh(projectors: readonly string[]): Promise<void> {
    const records = await this.records.find({});
    const stored = new Map(records.map((record) => [record.projector, record.live]));
    for (const projector of projectors) this.live.set(projector, stored.get(projector) ?? 1);
  }

  async markBuilding(projector: string, building: number | null): Promise<void> {
    await this.records.update(projector, { $set: { building } });
  }

  /** Makes `generation` the live one, for the store and for every reader in this process at once. */
  async switchLive(projector: string, generation: number, now: Date): Promise<void> {
    await this.records.update(projector, {
      $set: { live: generation, building: null, switchedAt: now.toISOString() },
    });
    this.live.set(projector, generation);
  }

  liveGeneration(projector: string): number {
    const generation = this.live.get(projector);
    if (generation === undefined) throw new Error(`Projection ${projector} is not started`);
    return generation;
  }

  /** Resolves the live generation of `projector` and holds it until `release` is called. */
  lease(projector: string): { generation: number; release: () => void } {
    const generation = this.liveGeneration(projector);
    const key = `${projector}#${generation}`;
    this.leases.set(key, (this.leases.get(key) ?? 0) + 1);
    let released = false;
    return {
      generation,
      release: () => {
        if (released) return;
        released = true;
        const left = (this.leases.get(key) ?? 1) - 1;
        if (left <= 0) this.leases.delete(key);
        else this.leases.set(key, left);
      },
    };
  }

  /** Resolves once no read holds `generation` of `projector` (or after `timeoutMs`). */
  async drained(projector: string, generation: number, timeoutMs = 30_000): Promise<void> {
    const key = `${projector}#${generation}`;
    const deadline = Date.now() + timeoutMs;
    while ((this.leases.get(key) ?? 0) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
