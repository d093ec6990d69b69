import { aggregateOf } from '../shared/decider.ts';
import { brandDecider } from '@rewear/features/listing/decider';

/** A brand: its command handling, bound once (streams `brand-<id>`); the listing module's. */
export const brands = aggregateOf(brandDecider, 'brand');
