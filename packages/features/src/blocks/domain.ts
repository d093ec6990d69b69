/**
 * Blocks' domain (docs/product.md §14.4): the members one member blocks. Both sides fold the
 * same rule, a block or an unblock of one member setting whether the blocker blocks them (so a
 * repeated one changes nothing), and name one blocker and blocked member by the same key. A
 * block holds between two members whichever of them made it (`blockedBetween`). Pure.
 */
import type { EventOf } from '@rewear/contracts';

/** The events of a blocks stream (`blocks-{blockerId}`). */
export const BLOCKS_EVENTS = ['MemberBlocked', 'MemberUnblocked'] as const;

export type BlocksEvent = EventOf<(typeof BLOCKS_EVENTS)[number]>;

/** Whether the event's blocker blocks the event's member once it happened. */
export const blocksAfter = (event: BlocksEvent): boolean => event.type === 'MemberBlocked';

export interface BlocksState {
  /** The members blocked, in the order they were blocked. */
  blockedIds: string[];
}

export const initialBlocks = (): BlocksState => ({ blockedIds: [] });

export function evolveBlocks(state: BlocksState, event: BlocksEvent): BlocksState {
  const { blockedId } = event.data;
  const blocking = state.blockedIds.includes(blockedId);
  if (blocksAfter(event) === blocking) return state;
  return {
    blockedIds: blocking
      ? state.blockedIds.filter((id) => id !== blockedId)
      : [...state.blockedIds, blockedId],
  };
}

/**
 * Whether a block holds between members `a` and `b`, from each one's blocks: either may have
 * made it, and neither may then reach the other.
 */
export const blockedBetween = (
  a: { id: string; blocks: BlocksState },
  b: { id: string; blocks: BlocksState },
): boolean => a.blocks.blockedIds.includes(b.id) || b.blocks.blockedIds.includes(a.id);

/** One blocker and one blocked member, as the read side keys them. */
export const blockId = (blockerId: string, blockedId: string) => `${blockerId}|${blockedId}`;
