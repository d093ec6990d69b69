/**
 * A seller's bundle discounts: the command face (docs/product.md §13). Stream
 * `bundle-{sellerId}`; setting them replaces them. Tiers are kept smallest bundle first, each
 * bigger bundle with a bigger discount.
 */
import type { BundleTier } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import { evolveBundle, initialBundle, type BundleEvent, type BundleState } from './domain.ts';

export type { BundleEvent, BundleState } from './domain.ts';

export type BundleCommand = { type: 'SetBundleDiscounts'; sellerId: string; tiers: BundleTier[] };

const sameTiers = (a: readonly BundleTier[], b: readonly BundleTier[]) =>
  a.length === b.length &&
  a.every((tier, i) => tier.minItems === b[i]!.minItems && tier.percent === b[i]!.percent);

function decideBundle(
  command: BundleCommand,
  state: BundleState,
  { now }: { now: Date },
): BundleEvent[] {
  const tiers = [...command.tiers].sort((a, b) => a.minItems - b.minItems);
  for (let i = 1; i < tiers.length; i++) {
    if (tiers[i]!.minItems === tiers[i - 1]!.minItems)
      reject('invalid', `Two discounts are set for ${tiers[i]!.minItems} items`);
    if (tiers[i]!.percent <= tiers[i - 1]!.percent)
      reject('invalid', 'A bigger bundle must get a bigger discount');
  }
  if (sameTiers(tiers, state.tiers)) return [];
  return [
    {
      type: 'BundleDiscountsSet',
      data: { sellerId: command.sellerId, tiers, setAt: now.toISOString() },
    },
  ];
}

export const bundleDecider: Decider<BundleState, BundleCommand, BundleEvent> = {
  initialState: initialBundle,
  evolve: evolveBundle,
  decide: decideBundle,
};
