/**
 * A seller's bundle discounts as the read side keeps them (docs/product.md §13), for pricing a
 * buyer's cart: one document per seller with tiers, none when they set none. The tiers follow
 * the domain's fold (`./domain.ts`).
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { BUNDLE_EVENTS, evolveBundle } from './domain.ts';

export type BundleEnvelope = EnvelopeOf<(typeof BUNDLE_EVENTS)[number]>;

/** A seller's bundle discounts; absent: none. */
export interface BundleDiscountsDoc extends Doc {
  _id: string;
  tiers: Array<{ minItems: number; percent: number }>;
}

export function projectBundleDiscounts(
  current: BundleDiscountsDoc | null,
  event: BundleEnvelope,
): BundleDiscountsDoc | null {
  const { tiers } = evolveBundle({ tiers: current?.tiers ?? [] }, event);
  return tiers.length === 0 ? null : { _id: event.data.sellerId, tiers };
}

export const bundleDiscountsProjector = documentProjector({
  name: 'bundle-discounts',
  collectionName: READ_MODELS.bundleDiscounts,
  canHandle: BUNDLE_EVENTS,
  documentId: (event) => event.data.sellerId,
  evolve: projectBundleDiscounts,
});
