/** A seller's bundle discounts (docs/product.md §13), for pricing a buyer's cart. */
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type BundleDiscountsDoc } from '@rewear/features/shared/read-models';

export const bundleDiscountsProjector = documentProjector({
  name: 'bundle-discounts',
  collectionName: READ_MODELS.bundleDiscounts,
  canHandle: ['BundleDiscountsSet'],
  documentId: (event) => event.data.sellerId,
  evolve: (_current: BundleDiscountsDoc | null, event): BundleDiscountsDoc | null =>
    event.data.tiers.length === 0 ? null : { _id: event.data.sellerId, tiers: event.data.tiers },
});
