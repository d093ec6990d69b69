/**
 * The newsletter's command face (docs/product.md §2.20): stream `subscription-{hash of the
 * email}`. Subscribing again changes nothing; unsubscribing an email not subscribed is refused.
 * The state and the email's form are the domain's (`./domain.ts`).
 */
import { createHash } from 'node:crypto';
import { reject, type Decider } from '../shared/decider.ts';
import {
  evolveNewsletter,
  initialNewsletter,
  subscriberEmail,
  type NewsletterEvent,
  type NewsletterState,
} from './domain.ts';

export type { NewsletterEvent, NewsletterState } from './domain.ts';

export type NewsletterCommand =
  { type: 'Subscribe'; email: string } | { type: 'Unsubscribe'; email: string };

/** The id of an email's subscription stream. */
export const subscriptionIdFor = (email: string) =>
  createHash('sha256').update(subscriberEmail(email)).digest('hex').slice(0, 32);

export const newsletterDecider: Decider<NewsletterState, NewsletterCommand, NewsletterEvent> = {
  initialState: initialNewsletter,
  evolve: evolveNewsletter,
  decide: (command, state) => {
    const email = subscriberEmail(command.email);
    if (command.type === 'Subscribe')
      return state.subscribed ? [] : [{ type: 'NewsletterSubscribed', data: { email } }];
    if (!state.subscribed) return reject('not_found', 'This email is not subscribed');
    return [{ type: 'NewsletterUnsubscribed', data: { email } }];
  },
};
