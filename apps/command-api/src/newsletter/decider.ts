/** A newsletter subscription: stream `subscription-{hash of the lower-cased email}`. */
import { createHash } from 'node:crypto';
import type { EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

/** The events of a newsletter stream. */
export type SubscriptionEvent = EventOf<'NewsletterSubscribed' | 'NewsletterUnsubscribed'>;

export interface SubscriptionState {
  subscribed: boolean;
}

export type SubscriptionCommand =
  { type: 'Subscribe'; email: string } | { type: 'Unsubscribe'; email: string };

export const subscriptionIdFor = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

export const subscriptionDecider: Decider<
  SubscriptionState,
  SubscriptionCommand,
  SubscriptionEvent
> = {
  initialState: () => ({ subscribed: false }),
  evolve: (state, event: SubscriptionEvent) =>
    event.type === 'NewsletterSubscribed'
      ? { subscribed: true }
      : event.type === 'NewsletterUnsubscribed'
        ? { subscribed: false }
        : state,
  decide: (command, state) => {
    const email = command.email.trim().toLowerCase();
    if (command.type === 'Subscribe')
      return state.subscribed ? [] : [{ type: 'NewsletterSubscribed', data: { email } }];
    if (!state.subscribed) return reject('not_found', 'This email is not subscribed');
    return [{ type: 'NewsletterUnsubscribed', data: { email } }];
  },
};
