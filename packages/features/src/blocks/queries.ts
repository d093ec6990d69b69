/**
 * Blocks' query face (docs/product.md §14.4): the members one blocks (their own list only), and
 * the members one is in a block with either way, which the reads of follows and conversations
 * leave out. Nothing here tells a member who blocks them.
 */
import type { BlockedMembers, BlockStatus } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { namesOf } from '../user/queries.ts';
import { blockId } from './domain.ts';
import type { BlockDoc } from './projection.ts';

/** More blocks than this are not listed on one page. */
export const BLOCKS_SHOWN = 500;

const blocksOf = (side: ReadSide) => side.collection<BlockDoc>(READ_MODELS.blocks);

/** The members `uid` blocks, most recently blocked first, with the names they go by. */
export async function blockedMembersOf(side: ReadSide, uid: string): Promise<BlockedMembers> {
  const docs = await blocksOf(side).find(
    { blocker_id: uid },
    { sort: { blocked_at: -1 }, limit: BLOCKS_SHOWN, readonly: true },
  );
  const names = await namesOf(
    side,
    docs.map((doc) => doc.blocked_id),
  );
  return {
    blocked: docs.map((doc) => ({
      uid: doc.blocked_id,
      displayName: names.get(doc.blocked_id) || 'A member',
      blockedAt: doc.blocked_at,
    })),
  };
}

/** Whether `uid` blocks `memberId` (never whether `memberId` blocks `uid`). */
export async function blockStatus(
  side: ReadSide,
  uid: string,
  memberId: string,
): Promise<BlockStatus> {
  const doc = await blocksOf(side).findOne({ _id: blockId(uid, memberId) }, { readonly: true });
  return { memberId, blocked: doc !== null };
}

/** The members in a block with `uid`, whichever of the two made it. */
export async function blockedEitherWay(side: ReadSide, uid: string): Promise<Set<string>> {
  const [mine, theirs] = await Promise.all([
    blocksOf(side).find({ blocker_id: uid }, { readonly: true }),
    blocksOf(side).find({ blocked_id: uid }, { readonly: true }),
  ]);
  return new Set([...mine.map((doc) => doc.blocked_id), ...theirs.map((doc) => doc.blocker_id)]);
}
