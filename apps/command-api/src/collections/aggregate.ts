import { aggregateOf } from '../shared/decider.ts';
import { collectionDecider } from '@rewear/features/collections/decider';

/** A collection: its command handling, bound once (streams `collection-<id>`). */
export const collections = aggregateOf(collectionDecider, 'collection');
