/** A user's read mark on their notifications: stream `notifications-{uid}`. */
import type { EventOf } from '@rewear/contracts';
import type { Decider } from '../shared/decider.ts';

export type NotificationsEvent = EventOf<'NotificationsRead'>;

export interface NotificationsState {
  readUpTo: string | null;
}

export type NotificationsCommand = { type: 'MarkNotificationsRead'; userId: string; upTo: string };

export const notificationsDecider: Decider<
  NotificationsState,
  NotificationsCommand,
  NotificationsEvent
> = {
  initialState: () => ({ readUpTo: null }),
  evolve: (state, event) =>
    event.type === 'NotificationsRead' ? { readUpTo: event.data.upTo } : state,
  decide: (command, state, { now }) => {
    // Nothing after now has happened yet: a clock ahead of ours must not pre-read tomorrow's.
    const upToMs = Math.min(Date.parse(command.upTo), now.getTime());
    if (state.readUpTo !== null && Date.parse(state.readUpTo) >= upToMs) return [];
    return [
      {
        type: 'NotificationsRead',
        data: { userId: command.userId, upTo: new Date(upToMs).toISOString() },
      },
    ];
  },
};
