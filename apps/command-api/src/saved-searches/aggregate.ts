import { aggregateOf } from '../shared/decider.ts';
import { savedSearchesDecider } from '@rewear/features/saved-searches/decider';

/** A user's saved searches: its command handling, bound once (streams `searches-<id>`). */
export const savedSearches = aggregateOf(savedSearchesDecider, 'searches');
