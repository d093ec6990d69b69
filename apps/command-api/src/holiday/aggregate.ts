import { aggregateOf } from '../shared/decider.ts';
import { holidayDecider } from '@rewear/features/holiday/decider';

/** A seller's holiday mode: its command handling, bound once (streams `holiday-<uid>`). */
export const holidays = aggregateOf(holidayDecider, 'holiday');
