import { aggregateOf } from '../shared/decider.ts';
import { reviewDecider } from '@rewear/features/review/decider';

/** A shipment's reviews: its command handling, bound once (streams `review-<id>`). */
export const reviews = aggregateOf(reviewDecider, 'review');
