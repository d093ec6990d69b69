/**
 * Contact's domain (docs/product.md §2.23): a message to the store is sent once. Both sides fold
 * the same rule, the one event of a message's stream making it sent: the decider refuses a second
 * send, the projection keeps the first document. Pure.
 */
import type { EventOf } from '@rewear/contracts';

/** The events of a contact message's stream (`contact-{messageId}`). */
export const CONTACT_EVENTS = ['ContactMessageSent'] as const;

export type ContactEvent = EventOf<(typeof CONTACT_EVENTS)[number]>;

export interface ContactState {
  sent: boolean;
}

export const initialContact = (): ContactState => ({ sent: false });

export const evolveContact = (state: ContactState, event: ContactEvent): ContactState =>
  event.type === 'ContactMessageSent' ? { sent: true } : state;
