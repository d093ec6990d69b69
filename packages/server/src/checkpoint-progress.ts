/**
 * Projection progress read from the stored checkpoints, for a query-api process that does not
 * run the projectors itself (distributed topology): it polls the checkpoint documents the
 * projectors write with their read models.
 */
import {
  CHECKPOINTS_COLLECTION,
  GENERATIONS_COLLECTION,
  type Doc,
  type ProjectionProgress,
  type ReadModelStore,
} from '@rewear/platform';

export function createCheckpointProgress(
  readModels: ReadModelStore,
  projectorNames: readonly string[],
  pollMs = 50,
): ProjectionProgress & { lowest(): Promise<number> } {
  const checkpoints = readModels.collection<Doc & { projector: string; generation: number; position: number }>(CHECKPOINTS_COLLECTION);
  const generations = readModels.collection<Doc & { projector: string; live: number }>(GENERATIONS_COLLECTION);

  async function lowest(): Promise<number> {
    const [records, lives] = await Promise.all([checkpoints.find({}), generations.find({})]);
    const liveOf = new Map(lives.map((g) => [g.projector, g.live]));
    let min = Number.POSITIVE_INFINITY;
    for (const name of projectorNames) {
      const live = liveOf.get(name) ?? 1;
      const record = records.find((r) => r.projector === name && r.generation === live);
      min = Math.min(min, record?.position ?? 0);
    }
    return Number.isFinite(min) ? min : 0;
  }

  return {
    lowest,
    async waitFor(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if ((await lowest()) >= position) return true;
        if (Date.now() >= deadline) return false;
        await new Promise((r) => setTimeout(r, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
      }
    },
  };
}
