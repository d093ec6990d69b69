/** Sellers' badges as the read side answers them (docs/product.md §14.5). */
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { SellerBadgesDoc } from '../listing/projection/seller-badges.ts';

/** The ids of the badges a seller holds now (none when they have no figures yet). */
export async function badgesOfSeller(side: ReadSide, uid: string): Promise<string[]> {
  const doc = await side
    .collection<SellerBadgesDoc>(READ_MODELS.sellerBadges)
    .findOne({ _id: uid }, { readonly: true });
  return doc ? [...doc.badges] : [];
}
