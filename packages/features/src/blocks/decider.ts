/**
 * Blocks' command face (docs/product.md §14.4): stream `blocks-{blockerId}`. Blocking is refused
 * for oneself and for someone who is no member; blocking again, or unblocking someone not
 * blocked, changes nothing. The state is the domain's (`./domain.ts`).
 */
import { reject, type Decider } from '../shared/decider.ts';
import { evolveBlocks, initialBlocks, type BlocksEvent, type BlocksState } from './domain.ts';

export type { BlocksEvent, BlocksState } from './domain.ts';

export type BlocksCommand =
  | { type: 'BlockMember'; blockerId: string; blockedId: string; memberKnown: boolean }
  | { type: 'UnblockMember'; blockerId: string; blockedId: string };

export const blocksDecider: Decider<BlocksState, BlocksCommand, BlocksEvent> = {
  initialState: initialBlocks,
  evolve: evolveBlocks,
  decide: (command, state, { now }) => {
    const data = {
      blockerId: command.blockerId,
      blockedId: command.blockedId,
      at: now.toISOString(),
    };
    const blocking = state.blockedIds.includes(command.blockedId);
    if (command.type === 'UnblockMember')
      return blocking ? [{ type: 'MemberUnblocked', data }] : [];
    if (command.blockerId === command.blockedId)
      return reject('invalid', 'You cannot block yourself');
    if (blocking) return [];
    if (!command.memberKnown) return reject('not_found', 'Member not found');
    return [{ type: 'MemberBlocked', data }];
  },
};
