/**
 * A user's domain (docs/product.md §3.1): registered once, with the name they are shown by.
 * Both sides fold the same registration; the name a registered user is shown by is written here
 * once. Pure.
 */
import type { EventData, EventOf } from '@rewear/contracts';

/** The events of a user's stream (`user-{uid}`). */
export const USER_EVENTS = ['UserRegistered'] as const;

export type UserEvent = EventOf<(typeof USER_EVENTS)[number]>;

export interface UserState {
  registered: boolean;
  displayName: string | null;
}

export const initialUser = (): UserState => ({ registered: false, displayName: null });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  return event.type === 'UserRegistered'
    ? { registered: true, displayName: event.data.displayName }
    : state;
}

/** The name a registered user is shown by: the email when there is no display name (§3.1). */
export const displayNameOf = (registered: EventData<'UserRegistered'>): string =>
  registered.displayName || registered.email;
