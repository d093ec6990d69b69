import { aggregateOf } from '../shared/decider.ts';
import { followsDecider } from '@rewear/features/follows/decider';

/** A user's follows: its command handling, bound once (streams `follows-<id>`). */
export const followLists = aggregateOf(followsDecider, 'follows');
