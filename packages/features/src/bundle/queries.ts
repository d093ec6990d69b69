/**
 * The bundle discounts' query face: a seller's tiers as the storefront shows them, and the
 * tiers of several sellers at once, which price a buyer's cart as the order will be.
 */
import type { BundleDiscounts, DiscountTier } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { BundleDiscountsDoc } from './projection.ts';

export const bundleDiscountsOf = (side: ReadSide) =>
  side.collection<BundleDiscountsDoc>(READ_MODELS.bundleDiscounts);

/** One seller's bundle discounts (none: no tiers). */
export async function sellerBundleDiscounts(
  side: ReadSide,
  sellerId: string,
): Promise<BundleDiscounts> {
  const doc = await bundleDiscountsOf(side).findOne({ _id: sellerId }, { readonly: true });
  return { sellerId, tiers: doc?.tiers ?? [] };
}

/** The tiers of the sellers that have any, by seller. */
export async function bundleTiersBySeller(
  side: ReadSide,
  sellerIds: Iterable<string>,
): Promise<Map<string, DiscountTier[]>> {
  const docs = await bundleDiscountsOf(side).find(
    { _id: { $in: [...new Set(sellerIds)] } },
    { readonly: true },
  );
  return new Map(docs.map((b) => [b._id, b.tiers]));
}
