/**
 * The mark the live notification feed polls first (docs/product.md §11.7): the stored
 * checkpoints of the projectors that write notifications. The projector runtime stores a
 * checkpoint after the writes of a batch that wrote something, in the read-model store every
 * query-api reads, so the mark moves whenever a notification may have been added, in whichever
 * process projected it, and not otherwise.
 */
import { CHECKPOINTS_COLLECTION, type Doc, type ReadModelStore } from '@rewear/platform';

/** The projectors whose writes are notifications (apps/projectors/src/notifications). */
export const NOTIFYING_PROJECTORS = ['notifications', 'inbox'] as const;

type CheckpointDoc = Doc & { projector: string; generation: number; updatedAt?: string };

export function notificationChanges(readModels: ReadModelStore): () => Promise<string> {
  const checkpoints = readModels.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
  const names: readonly string[] = NOTIFYING_PROJECTORS;
  return async () => {
    const docs = await checkpoints.find({}, { readonly: true });
    return JSON.stringify(
      docs
        .filter((doc) => names.includes(doc.projector))
        .map((doc) => [
          doc._id,
          doc.updatedAt ?? null,
          (doc as { partitions?: unknown }).partitions,
        ])
        .sort(),
    );
  };
}
