/**
 * A user's domain (docs/product.md §3.1): registered once, with the name they are shown by, and
 * closed for good when they delete their account. Both sides fold the same events; the name a
 * registered user is shown by is written here once. Pure.
 */
import { ERASED, type EventData, type EventOf } from '@rewear/contracts';

/** The events of a user's stream (`user-{uid}`). */
export const USER_EVENTS = ['UserRegistered', 'AccountDeleted'] as const;

export type UserEvent = EventOf<(typeof USER_EVENTS)[number]>;

export interface UserState {
  registered: boolean;
  displayName: string | null;
  deleted: boolean;
}

export const initialUser = (): UserState => ({
  registered: false,
  displayName: null,
  deleted: false,
});

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'AccountDeleted') return { ...state, displayName: null, deleted: true };
  if (state.deleted) return state;
  return { ...state, registered: true, displayName: event.data.displayName };
}

/** The name a registered user is shown by: the email when there is no display name (§3.1). */
export const displayNameOf = (registered: EventData<'UserRegistered'>): string =>
  registered.displayName || registered.email;

/** The name a deleted account is shown by, wherever its member was named. */
export const FORMER_MEMBER = ERASED.name;

/** What keeps an account open: an order not paid yet, a sale or purchase not settled. */
export interface OpenDeals {
  /** Orders placed and waiting for their payment (their items held). */
  orders: string[];
  /** Shipments bought or sold that are neither completed, refunded nor cancelled. */
  shipments: string[];
}

/** Pure: what a message names of the open deals, for the refusal. */
export function openDealsText(open: OpenDeals): string {
  const parts = [
    open.orders.length > 0 ? `${open.orders.length} order(s) awaiting payment` : null,
    open.shipments.length > 0
      ? `${open.shipments.length} purchase(s) or sale(s) in progress`
      : null,
  ].filter(Boolean);
  return parts.join(' and ');
}

/** Shipment statuses after which nothing more happens. */
export const SETTLED_SHIPMENT = ['completed', 'refunded', 'cancelled'] as const;
