/**
 * The newsletter's read face (docs/product.md §3.8): one document per subscriber, keyed by the
 * email as the domain knows it (`subscriberEmail`), there while the domain says the email is
 * subscribed (`subscribedAfter`).
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { NEWSLETTER_EVENTS, subscribedAfter, subscriberEmail } from './domain.ts';

/** A subscribed email. `_id` is `subscriberId` of it. */
export interface SubscriberDoc extends Doc {
  _id: string;
  email: string;
  subscribed_at: string;
}

export type NewsletterEnvelope = EnvelopeOf<(typeof NEWSLETTER_EVENTS)[number]>;

/** A subscriber's document id: the lower-cased email. */
export const subscriberId = (email: string) => subscriberEmail(email);

/** Pure: the subscriber after an event (null: not subscribed). A redelivery keeps the time. */
export function projectSubscriber(
  current: SubscriberDoc | null,
  event: NewsletterEnvelope,
): SubscriberDoc | null {
  if (!subscribedAfter(event)) return null;
  return (
    current ?? {
      _id: subscriberId(event.data.email),
      email: event.data.email.trim(),
      subscribed_at: event.occurredAt,
    }
  );
}

export const newsletterProjector = documentProjector({
  name: 'newsletter',
  collectionName: READ_MODELS.newsletterSubscribers,
  canHandle: NEWSLETTER_EVENTS,
  documentId: (event) => subscriberId(event.data.email),
  evolve: projectSubscriber,
});
