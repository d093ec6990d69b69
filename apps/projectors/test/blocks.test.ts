/** Blocks: a document per blocker and blocked member, gone when unblocked. */
import { describe, expect, it } from 'vitest';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { READ_MODELS, blocksProjector, type BlockDoc } from '../src/index.ts';
import { envelope } from './events.ts';

describe('blocks', () => {
  it('keeps who blocks whom, with the first block’s time, until unblocked', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    const blocks = store.collection<BlockDoc>(READ_MODELS.blocks);
    const pair = { blockerId: 'ann', blockedId: 'bob' };
    await blocksProjector.apply(
      envelope('MemberBlocked', { ...pair, at: '2026-03-01T10:00:00.000Z' }),
      side,
    );
    // Redelivered: the block keeps its first time.
    await blocksProjector.apply(
      envelope('MemberBlocked', { ...pair, at: '2026-03-02T10:00:00.000Z' }),
      side,
    );
    expect(await blocks.find({ blocker_id: 'ann' })).toEqual([
      {
        _id: 'ann|bob',
        blocker_id: 'ann',
        blocked_id: 'bob',
        blocked_at: '2026-03-01T10:00:00.000Z',
      },
    ]);
    await blocksProjector.apply(
      envelope('MemberUnblocked', { ...pair, at: '2026-03-03T10:00:00.000Z' }),
      side,
    );
    expect(await blocks.count({ blocked_id: 'bob' })).toBe(0);
  });
});
