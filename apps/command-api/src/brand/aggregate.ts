import { aggregateOf } from '../shared/decider.ts';
import { brandDecider } from './decider.ts';

/** A brand: its command handling, bound once (streams `brand-<id>`). */
export const brands = aggregateOf(brandDecider, 'brand');
