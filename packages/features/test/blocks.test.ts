/**
 * Whether a member blocks another is written once (src/blocks/domain.ts: blocksAfter): the
 * members the decider folds from a blocks stream and the block documents the projection keeps
 * from the same events are the same members, step by step, and the query face finds a block by
 * the key the projection writes it under, and tells the blocker only.
 */
import { describe, expect, it } from 'vitest';
import { blocksDecider } from '@rewear/features/blocks/decider';
import { blockId, type BlocksEvent } from '@rewear/features/blocks/domain';
import {
  blocksProjector,
  projectBlock,
  type BlockDoc,
  type BlockEvent,
} from '@rewear/features/blocks/projection';
import { blockedEitherWay, blockedMembersOf, blockStatus } from '@rewear/features/blocks/queries';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (i: number) => new Date(T0 + i * 1000).toISOString();

const block = (blockedId: string, i = 0): BlocksEvent => ({
  type: 'MemberBlocked',
  data: { blockerId: 'u1', blockedId, at: iso(i) },
});
const unblock = (blockedId: string, i = 0): BlocksEvent => ({
  type: 'MemberUnblocked',
  data: { blockerId: 'u1', blockedId, at: iso(i) },
});

const STREAMS: Array<[string, BlocksEvent[]]> = [
  ['one block', [block('m1')]],
  ['two members', [block('m1'), block('m2', 1)]],
  ['a block undone', [block('m1'), unblock('m1', 1)]],
  ['blocked again', [block('m1'), unblock('m1', 1), block('m1', 2)]],
  ['one of two undone', [block('m1'), block('m2', 1), unblock('m1', 2)]],
  ['an unblock of no one blocked', [unblock('m3'), block('m1', 1)]],
];

describe('the members a member blocks, the same on both sides', () => {
  it.each(STREAMS)('%s', (_, events) => {
    const envelopes = delivered<BlockEvent>('blocks-u1', events, iso);
    let state = blocksDecider.initialState();
    const docs = new Map<string, BlockDoc>();
    envelopes.forEach((envelope, i) => {
      state = blocksDecider.evolve(state, events[i]!);
      const id = blockId(envelope.data.blockerId, envelope.data.blockedId);
      const doc = projectBlock(docs.get(id) ?? null, envelope);
      if (doc) docs.set(id, doc);
      else docs.delete(id);
      const projected = [...docs.values()].map((d) => d.blocked_id).sort();
      expect([...state.blockedIds].sort(), `after event ${i + 1}`).toEqual(projected);
    });
  });

  it('answers the blocker with the key the projection keeps it under, and only the blocker', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    const events = [block('m1'), block('m2', 5)];
    for (const envelope of delivered<BlockEvent>('blocks-u1', events, iso))
      await blocksProjector.apply(envelope, side);
    expect(await blockStatus(side, 'u1', 'm1')).toEqual({ memberId: 'm1', blocked: true });
    // The blocked member is never told: their own status of the blocker reads false.
    expect(await blockStatus(side, 'm1', 'u1')).toEqual({ memberId: 'u1', blocked: false });
    expect(await blockedMembersOf(side, 'u1')).toEqual({
      blocked: [
        { uid: 'm2', displayName: 'A member', blockedAt: iso(5) },
        { uid: 'm1', displayName: 'A member', blockedAt: iso(0) },
      ],
    });
    expect(await blockedMembersOf(side, 'm1')).toEqual({ blocked: [] });
    expect([...(await blockedEitherWay(side, 'm1'))]).toEqual(['u1']);
    expect([...(await blockedEitherWay(side, 'u1'))].sort()).toEqual(['m1', 'm2']);
  });
});
