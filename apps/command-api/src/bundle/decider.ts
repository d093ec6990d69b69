/**
 * A seller's bundle discounts (docs/product.md §13): percent off when a buyer takes at least so
 * many of their items in one order. Stream `bundle-{sellerId}`; setting them replaces them.
 */
import { type BundleTier, type EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

export type BundleEvent = EventOf<'BundleDiscountsSet'>;

export interface BundleState {
  tiers: BundleTier[];
}

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
  initialState: () => ({ tiers: [] }),
  evolve: (state, event) =>
    event.type === 'BundleDiscountsSet' ? { tiers: event.data.tiers } : state,
  decide: decideBundle,
};
