/**
 * The inbox's notifiers (docs/product.md §11.6), mounted by the inbox projector
 * (`inboxProjector` of the notifications module, packages/features/src/notifications). A notifier
 * with state of its own keeps it here, one file per feature beside this one (saved searches,
 * price drops, payment refunds); the pure ones (offers, messages) are the module's. The notifier
 * types live in the module, so the notifiers import them from there and this file imports the
 * notifiers, with no circle between them.
 */
import {
  messageNotifier,
  offerNotifier,
  type Notifier,
} from '@rewear/features/notifications/projection';
import { savedSearchNotifier } from './saved-searches.ts';
import { priceDropNotifier } from './price-drops.ts';
import { paymentRefundNotifier } from './payment-refunds.ts';
import { moderationNotifier } from '@rewear/features/moderation/projection';

/** The features' notifiers. A feature adds its own here. */
export const NOTIFIERS: Notifier[] = [
  savedSearchNotifier as Notifier,
  priceDropNotifier as Notifier,
  offerNotifier as Notifier,
  messageNotifier as Notifier,
  paymentRefundNotifier as Notifier,
  moderationNotifier as Notifier,
];
