import { aggregateOf } from '../shared/decider.ts';
import { subscriptionDecider } from './decider.ts';

/** A newsletter subscription: its command handling, bound once (streams `subscription-<id>`). */
export const subscriptions = aggregateOf(subscriptionDecider, 'subscription');
