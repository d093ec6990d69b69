/**
 * The projectors: each keeps one read concern (documents and/or the search index) from events.
 * Pass `createProjectors(options).all` to the projector runtime.
 */
import type { Projector } from '@rewear/platform';
import {
  createCatalogueProjector,
  type CatalogueProjector,
  type CatalogueProjectorOptions,
} from './catalogue/projector.ts';
import { cartsProjector } from '@rewear/features/cart/projection';
import { wishlistsProjector } from '@rewear/features/wishlist/projection';
import { ordersProjector } from '@rewear/features/order/projection';
import { shipmentProjectors } from '@rewear/features/shipment/projection';
import {
  inboxProjector,
  notificationReadsProjector,
  notificationsProjector,
} from '@rewear/features/notifications/projection';
import { NOTIFIERS } from './notifications/inbox.ts';
import { bundleDiscountsProjector } from '@rewear/features/bundle/projection';
import {
  conversationEntriesProjector,
  conversationsProjector,
} from '@rewear/features/conversation/projection';
import { followsProjector } from '@rewear/features/follows/projection';
import { blocksProjector } from '@rewear/features/blocks/projection';
import { holidaysProjector } from '@rewear/features/holiday/projection';
import { newsletterProjector } from '@rewear/features/newsletter/projection';
import { usersProjector } from '@rewear/features/user/projection';
import { contactMessagesProjector } from '@rewear/features/contact/projection';
import { userCollectionsProjector } from '@rewear/features/collections/projection';
import { sellerProfilesProjector } from '@rewear/features/review/projection';
import {
  memberStandingsProjector,
  moderationCasesProjector,
  moderationDecisionsProjector,
  moderationReportsProjector,
} from '@rewear/features/moderation/projection';

export * from '@rewear/features/shared/read-models';
export * from '@rewear/features/listing/projection';
export * from './catalogue/projector.ts';
export * from './catalogue/collections.ts';
export * from '@rewear/features/cart/projection';
export * from '@rewear/features/wishlist/projection';
export * from './notifications/inbox.ts';
export * from './notifications/saved-search-matcher.ts';
export * from './notifications/saved-searches.ts';
export * from './notifications/price-drops.ts';
export * from './notifications/payment-refunds.ts';
// The feature modules' projections, mounted here with their document types.
export * from '@rewear/features/conversation/projection';
export * from '@rewear/features/review/projection';
export * from '@rewear/features/follows/projection';
export * from '@rewear/features/blocks/projection';
export * from '@rewear/features/saved-searches/projection';
export * from '@rewear/features/newsletter/projection';
export * from '@rewear/features/user/projection';
export * from '@rewear/features/bundle/projection';
export * from '@rewear/features/order/projection';
export * from '@rewear/features/shipment/projection';
export * from '@rewear/features/contact/projection';
export * from '@rewear/features/collections/projection';
export * from '@rewear/features/notifications/projection';
export * from '@rewear/features/moderation/projection';

export interface ProjectorSet {
  all: Projector[];
  catalogue: CatalogueProjector;
}

export function createProjectors(options: CatalogueProjectorOptions = {}): ProjectorSet {
  const catalogue = createCatalogueProjector(options);
  return {
    catalogue,
    all: [
      catalogue,
      usersProjector,
      cartsProjector,
      wishlistsProjector,
      ordersProjector,
      newsletterProjector,
      contactMessagesProjector,
      userCollectionsProjector,
      ...shipmentProjectors,
      sellerProfilesProjector,
      notificationsProjector,
      notificationReadsProjector,
      inboxProjector(NOTIFIERS),
      followsProjector,
      blocksProjector,
      holidaysProjector,
      conversationsProjector,
      conversationEntriesProjector,
      bundleDiscountsProjector,
      moderationCasesProjector,
      moderationReportsProjector,
      moderationDecisionsProjector,
      memberStandingsProjector,
    ],
  };
}
