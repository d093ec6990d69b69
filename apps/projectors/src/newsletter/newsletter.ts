/** Newsletter subscribers, keyed by the lower-cased email. */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type SubscriberDoc } from '@rewear/read-models';

export type NewsletterEvent = EnvelopeOf<'NewsletterSubscribed' | 'NewsletterUnsubscribed'>;

export const subscriberId = (email: string) => email.trim().toLowerCase();

export function projectSubscriber(
  current: SubscriberDoc | null,
  event: NewsletterEvent,
): SubscriberDoc | null {
  if (event.type === 'NewsletterUnsubscribed') return null;
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
  canHandle: ['NewsletterSubscribed', 'NewsletterUnsubscribed'],
  documentId: (event) => subscriberId(event.data.email),
  evolve: projectSubscriber,
});
