/**
 * A seller's bundle discounts (docs/product.md §13): percent off when a buyer takes at least so
 * many of their items in one order. Setting them replaces them, so the tiers after an event are
 * the event's: the decider folds that to decide, the projection to keep the read model. Pure.
 */
import type { BundleTier, EventOf } from '@rewear/contracts';

/** The events of a seller's bundle stream. */
export const BUNDLE_EVENTS = ['BundleDiscountsSet'] as const;

export type BundleEvent = EventOf<(typeof BUNDLE_EVENTS)[number]>;

export interface BundleState {
  tiers: BundleTier[];
}

export const initialBundle = (): BundleState => ({ tiers: [] });

export function evolveBundle(state: BundleState, event: BundleEvent): BundleState {
  return event.type === 'BundleDiscountsSet' ? { tiers: event.data.tiers } : state;
}
