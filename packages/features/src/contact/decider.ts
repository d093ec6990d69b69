/**
 * Contact's command face (docs/product.md §2.23): stream `contact-{messageId}`, one event. The
 * route gives each message a new id, so a stream holds one message; an `Idempotency-Key` keeps a
 * retried send from becoming a second message. The state is the domain's (`./domain.ts`).
 */
import { CONTACT_MESSAGES, type ContactTopic } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import { evolveContact, initialContact, type ContactEvent, type ContactState } from './domain.ts';

export type { ContactEvent, ContactState } from './domain.ts';

export interface SendContactMessage {
  type: 'SendContactMessage';
  messageId: string;
  topic: ContactTopic;
  subject: string;
  message: string;
  /** The address the sender gave, if any. */
  email: string | null;
  name: string | null;
  /** The signed-in sender, with their account's address; null for a visitor. */
  sender: { uid: string; email: string | null; name: string | null } | null;
}

/** Where the reply goes: the address given, else the signed-in sender's account's. */
export const replyAddressOf = (command: Pick<SendContactMessage, 'email' | 'sender'>) =>
  command.email?.trim().toLowerCase() || command.sender?.email?.trim().toLowerCase() || null;

export const contactDecider: Decider<ContactState, SendContactMessage, ContactEvent> = {
  initialState: initialContact,
  evolve: evolveContact,
  decide: (command, state, { now }) => {
    if (state.sent) return reject('conflict', 'This message has already been sent');
    // A visitor must say where to answer; a signed-in user is answered at their account's address.
    const email = replyAddressOf(command);
    if (!email) return reject('invalid', CONTACT_MESSAGES.emailNeeded);
    const name = command.name?.trim() || command.sender?.name?.trim() || null;
    return [
      {
        type: 'ContactMessageSent',
        data: {
          messageId: command.messageId,
          topic: command.topic,
          subject: command.subject.trim(),
          message: command.message.trim(),
          email,
          name: name === null ? null : name.slice(0, 100),
          userId: command.sender?.uid ?? null,
          sentAt: now.toISOString(),
        },
      },
    ];
  },
};
