/**
 * Blocks' read face (docs/product.md §14.4): who blocks whom, one document per blocker and
 * blocked member, there while the domain says the blocker blocks them (`blocksAfter`).
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { BLOCKS_EVENTS, blockId, blocksAfter } from './domain.ts';

export { blockId } from './domain.ts';

/** One member blocking another. `_id` is the domain's `blockId`. */
export interface BlockDoc extends Doc {
  _id: string;
  blocker_id: string;
  blocked_id: string;
  blocked_at: string;
}

export type BlockEvent = EnvelopeOf<(typeof BLOCKS_EVENTS)[number]>;

/** Pure: the block after an event (null: no block). A redelivered block keeps its time. */
export function projectBlock(current: BlockDoc | null, event: BlockEvent): BlockDoc | null {
  if (!blocksAfter(event)) return null;
  if (current) return current;
  const { blockerId, blockedId, at } = event.data;
  return {
    _id: blockId(blockerId, blockedId),
    blocker_id: blockerId,
    blocked_id: blockedId,
    blocked_at: at,
  };
}

export const blocksProjector = documentProjector({
  name: 'blocks',
  collectionName: READ_MODELS.blocks,
  indexes: [{ keys: { blocker_id: 1 } }, { keys: { blocked_id: 1 } }],
  canHandle: BLOCKS_EVENTS,
  documentId: (event) => blockId(event.data.blockerId, event.data.blockedId),
  evolve: projectBlock,
});
