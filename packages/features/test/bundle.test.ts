/**
 * A seller's bundle discounts are folded once (src/bundle/domain.ts): from the events the
 * decider decides, the tiers it folds and the document the projection keeps agree after every
 * step (no document while there are none); what is set is kept smallest bundle first.
 */
import { describe, expect, it } from 'vitest';
import type { BundleTier } from '@rewear/contracts';
import { bundleDecider } from '@rewear/features/bundle/decider';
import type { BundleEvent } from '@rewear/features/bundle/domain';
import {
  projectBundleDiscounts,
  type BundleDiscountsDoc,
  type BundleEnvelope,
} from '@rewear/features/bundle/projection';
import { delivered } from './support/delivered.ts';

const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);
const tier = (minItems: number, percent: number): BundleTier => ({ minItems, percent });

const SETTINGS: Array<[string, BundleTier[][]]> = [
  ['one tier', [[tier(2, 10)]]],
  ['tiers given out of order', [[tier(5, 20), tier(2, 10), tier(3, 15)]]],
  ['replaced, then removed', [[tier(2, 10)], [tier(3, 15), tier(6, 25)], []]],
  ['removed, then set again', [[tier(2, 5)], [], [tier(4, 12)]]],
];

describe('bundle: one fold of the tiers for the decider and the projection', () => {
  it.each(SETTINGS)('%s: the folded state and the projected document agree', (_, settings) => {
    let state = bundleDecider.initialState();
    const events: BundleEvent[] = [];
    for (const [i, tiers] of settings.entries()) {
      const decided = bundleDecider.decide(
        { type: 'SetBundleDiscounts', sellerId: 's1', tiers },
        state,
        { now: new Date(T0 + i * 1000), newId: () => 'id' },
      );
      for (const event of decided) {
        state = bundleDecider.evolve(state, event);
        events.push(event);
      }
    }
    const envelopes = delivered<BundleEnvelope>('bundle-s1', events, (i) =>
      new Date(T0 + i * 1000).toISOString(),
    );
    state = bundleDecider.initialState();
    let doc: BundleDiscountsDoc | null = null;
    for (const [i, event] of events.entries()) {
      state = bundleDecider.evolve(state, event);
      doc = projectBundleDiscounts(doc, envelopes[i]!);
      expect(doc?.tiers ?? []).toEqual(state.tiers);
      if (doc) expect(doc._id).toBe('s1');
      expect(state.tiers.map((t) => t.minItems)).toEqual(
        [...state.tiers].map((t) => t.minItems).sort((a, b) => a - b),
      );
    }
    // Setting the same tiers again decides nothing.
    const again = bundleDecider.decide(
      { type: 'SetBundleDiscounts', sellerId: 's1', tiers: [...state.tiers].reverse() },
      state,
      { now: new Date(T0), newId: () => 'id' },
    );
    expect(again).toEqual([]);
  });
});
