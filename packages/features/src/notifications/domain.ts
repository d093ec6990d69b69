/**
 * Notifications' domain (docs/product.md §11.6): how far a user has read their notifications. A
 * read mark only moves forward: both sides fold the same rule, so the decider writes no mark
 * that is not later than the one it has, and the projection keeps the later of two however they
 * are delivered. Pure.
 */
import type { EventOf } from '@rewear/contracts';

/** The events of a user's notifications stream (`notifications-{uid}`). */
export const NOTIFICATIONS_STREAM_EVENTS = ['NotificationsRead'] as const;

export type NotificationsEvent = EventOf<(typeof NOTIFICATIONS_STREAM_EVENTS)[number]>;

export interface NotificationsState {
  readUpTo: string | null;
}

export const initialNotifications = (): NotificationsState => ({ readUpTo: null });

/** Whether a mark at `readUpTo` (none: nothing read) already covers everything up to `upToMs`. */
export const readUpToCovers = (readUpTo: string | null, upToMs: number): boolean =>
  readUpTo !== null && Date.parse(readUpTo) >= upToMs;

export function evolveNotifications(
  state: NotificationsState,
  event: NotificationsEvent,
): NotificationsState {
  if (event.type !== 'NotificationsRead') return state;
  return readUpToCovers(state.readUpTo, Date.parse(event.data.upTo))
    ? state
    : { readUpTo: event.data.upTo };
}
