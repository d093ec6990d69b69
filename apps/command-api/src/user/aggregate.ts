import { aggregateOf } from '../shared/decider.ts';
import { userDecider } from '@rewear/features/user/decider';

/** A user: its command handling, bound once (streams `user-<id>`). */
export const users = aggregateOf(userDecider, 'user');
