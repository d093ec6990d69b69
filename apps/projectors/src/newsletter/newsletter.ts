/** Newsletter subscribers, keyed by the lower-cased email. */
import type { EnvelopeOf, EventEnvelope } from '@rewear/contracts';
import type { Projector } from '@rewear/platform';
import { READ_MODELS, type SubscriberDoc } from '@rewear/read-models';

export type NewsletterEvent =
  EnvelopeOf<'NewsletterSubscribed'> | EnvelopeOf<'NewsletterUnsubscribed'>;

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

export const newsletterProjector: Projector = {
  name: 'newsletter',
  collections: { [READ_MODELS.newsletterSubscribers]: [] },
  handles: ['NewsletterSubscribed', 'NewsletterUnsubscribed'],
  async apply(event: EventEnvelope, target) {
    if (event.type !== 'NewsletterSubscribed' && event.type !== 'NewsletterUnsubscribed') return;
    const e = event as NewsletterEvent;
    const subscribers = target.collection<SubscriberDoc>(READ_MODELS.newsletterSubscribers);
    const id = subscriberId(e.data.email);
    const next = projectSubscriber(await subscribers.findOne({ _id: id }, { readonly: true }), e);
    if (next) await subscribers.put(next);
    else await subscribers.delete(id);
  },
};
