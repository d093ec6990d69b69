/**
 * The newsletter's domain (docs/product.md §2.20, §3.8): one subscription per email, whatever
 * its case or surrounding spaces. Both sides fold the same rule, a subscribe or an unsubscribe
 * setting whether the email is subscribed (so a repeated one changes nothing), and know an email
 * by the same form. Pure.
 */
import type { EventOf } from '@rewear/contracts';

/** The events of a subscription's stream (`subscription-{hash of the email}`). */
export const NEWSLETTER_EVENTS = ['NewsletterSubscribed', 'NewsletterUnsubscribed'] as const;

export type NewsletterEvent = EventOf<(typeof NEWSLETTER_EVENTS)[number]>;

/** An email as the newsletter knows it: trimmed and lower-cased. */
export const subscriberEmail = (email: string) => email.trim().toLowerCase();

/** Whether the event's email is subscribed once it happened. */
export const subscribedAfter = (event: NewsletterEvent): boolean =>
  event.type === 'NewsletterSubscribed';

export interface NewsletterState {
  subscribed: boolean;
}

export const initialNewsletter = (): NewsletterState => ({ subscribed: false });

export function evolveNewsletter(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  const subscribed = subscribedAfter(event);
  return subscribed === state.subscribed ? state : { subscribed };
}
