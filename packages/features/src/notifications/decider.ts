/**
 * Notifications' command face (docs/product.md §11.6): a user's read mark on their notifications,
 * stream `notifications-{uid}`. Marking them read is an event, so read or unread stays a
 * projection. The state and the mark's rule are the domain's (`./domain.ts`).
 */
import type { Decider } from '../shared/decider.ts';
import {
  evolveNotifications,
  initialNotifications,
  readUpToCovers,
  type NotificationsEvent,
  type NotificationsState,
} from './domain.ts';

export type { NotificationsEvent, NotificationsState } from './domain.ts';

export type NotificationsCommand = { type: 'MarkNotificationsRead'; userId: string; upTo: string };

export const notificationsDecider: Decider<
  NotificationsState,
  NotificationsCommand,
  NotificationsEvent
> = {
  initialState: initialNotifications,
  evolve: evolveNotifications,
  decide: (command, state, { now }) => {
    // Nothing after now has happened yet: a clock ahead of ours must not pre-read tomorrow's.
    const upToMs = Math.min(Date.parse(command.upTo), now.getTime());
    if (readUpToCovers(state.readUpTo, upToMs)) return [];
    return [
      {
        type: 'NotificationsRead',
        data: { userId: command.userId, upTo: new Date(upToMs).toISOString() },
      },
    ];
  },
};
