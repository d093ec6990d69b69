import { aggregateOf } from '../shared/decider.ts';
import { newsletterDecider } from '@rewear/features/newsletter/decider';

/** A newsletter subscription: its command handling, bound once (streams `subscription-<id>`). */
export const subscriptions = aggregateOf(newsletterDecider, 'subscription');
