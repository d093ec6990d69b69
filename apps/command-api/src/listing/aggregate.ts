import { aggregateOf } from '../shared/decider.ts';
import { listingDecider } from '@rewear/features/listing/decider';

/** A listing: its command handling, bound once (streams `listing-<id>`). */
export const listings = aggregateOf(listingDecider, 'listing');
