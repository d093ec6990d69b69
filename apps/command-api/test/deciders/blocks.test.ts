import { describe, expect, it } from 'vitest';
import { blocksDecider, type BlocksEvent } from '@rewear/features/blocks/decider';
import { blockedBetween, initialBlocks } from '@rewear/features/blocks/domain';
import { fold } from '../../src/shared/decider.ts';
import { given, NOW } from './given.ts';

const at = NOW.toISOString();
const blocked: BlocksEvent = {
  type: 'MemberBlocked',
  data: { blockerId: 'ann', blockedId: 'bob', at },
};
const unblocked: BlocksEvent = { type: 'MemberUnblocked', data: blocked.data };
const block = (blockedId: string, memberKnown = true) =>
  ({ type: 'BlockMember', blockerId: 'ann', blockedId, memberKnown }) as const;
const unblock = { type: 'UnblockMember', blockerId: 'ann', blockedId: 'bob' } as const;

describe('blocks decider', () => {
  it('given nothing, when a member blocks another, then they block them, at the time of asking', () => {
    given(blocksDecider, []).when(block('bob')).then([blocked]);
  });
  it('given nothing, when a member blocks themselves, then it is refused', () => {
    given(blocksDecider, []).when(block('ann')).thenRejects('invalid', 'You cannot block yourself');
  });
  it('given nothing, when a member blocks someone unknown, then the member is not found', () => {
    given(blocksDecider, [])
      .when(block('nobody', false))
      .thenRejects('not_found', 'Member not found');
  });
  it('given a block, when blocked again, then nothing changes', () => {
    given(blocksDecider, [blocked]).when(block('bob')).then([]);
  });
  it('given a block, when unblocked, then it ends', () => {
    given(blocksDecider, [blocked]).when(unblock).then([unblocked]);
  });
  it('given no block, or one already undone, when unblocked, then nothing changes', () => {
    given(blocksDecider, []).when(unblock).then([]);
    given(blocksDecider, [blocked, unblocked]).when(unblock).then([]);
  });
  it('given a block undone, when blocked again, then the block is back', () => {
    given(blocksDecider, [blocked, unblocked]).when(block('bob')).then([blocked]);
  });
});

describe('a block holds between two members whichever made it', () => {
  const annBlocks = fold(blocksDecider, [blocked]);
  const none = initialBlocks();
  it('holds from either side of the pair', () => {
    expect(blockedBetween({ id: 'ann', blocks: annBlocks }, { id: 'bob', blocks: none })).toBe(
      true,
    );
    expect(blockedBetween({ id: 'bob', blocks: none }, { id: 'ann', blocks: annBlocks })).toBe(
      true,
    );
  });
  it('does not hold for anyone else, nor once undone', () => {
    expect(blockedBetween({ id: 'ann', blocks: annBlocks }, { id: 'cy', blocks: none })).toBe(
      false,
    );
    const undone = fold(blocksDecider, [blocked, unblocked]);
    expect(blockedBetween({ id: 'ann', blocks: undone }, { id: 'bob', blocks: none })).toBe(false);
  });
});
