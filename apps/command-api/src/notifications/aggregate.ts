import { aggregateOf } from '../shared/decider.ts';
import { notificationsDecider } from '@rewear/features/notifications/decider';

/** A user's notifications: its command handling, bound once (streams `notifications-<id>`). */
export const inboxes = aggregateOf(notificationsDecider, 'notifications');
