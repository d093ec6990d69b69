import { aggregateOf } from '../shared/decider.ts';
import { bundleDecider } from '@rewear/features/bundle/decider';

/** A seller's bundle discounts: its command handling, bound once (streams `bundle-<id>`). */
export const bundles = aggregateOf(bundleDecider, 'bundle');
