/**
 * Contact's read face (docs/product.md §2.23): one document per message sent through the contact
 * form, for the operators' list (GET /api/ops/contact-messages), newest first. A message is sent
 * once (the domain's `evolveContact`), so its document never changes.
 */
import { ERASED, type ContactTopic, type EnvelopeOf } from '@rewear/contracts';
import { documentProjector, erasingOnAccountDeletion, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { CONTACT_EVENTS } from './domain.ts';

/** A message sent through the contact form (docs/product.md §2.23), for the operators. */
export interface ContactMessageDoc extends Doc {
  /** The message id. */
  _id: string;
  topic: ContactTopic;
  subject: string;
  message: string;
  email: string;
  name: string | null;
  /** The signed-in sender; null for a visitor. */
  user_id: string | null;
  sent_at: string;
}

export type ContactEnvelope = EnvelopeOf<(typeof CONTACT_EVENTS)[number]>;

/** Pure: the message's document; a message is sent once and never changes. */
export function projectContactMessage(
  current: ContactMessageDoc | null,
  event: ContactEnvelope,
): ContactMessageDoc {
  if (current) return current;
  const { messageId, topic, subject, message, email, name, userId, sentAt } = event.data;
  return {
    _id: messageId,
    topic,
    subject,
    message,
    email,
    name,
    user_id: userId,
    sent_at: sentAt,
  };
}

export const contactMessagesProjector = erasingOnAccountDeletion(
  documentProjector({
    name: 'contact-messages',
    collectionName: READ_MODELS.contactMessages,
    indexes: [{ keys: { sent_at: -1 } }],
    canHandle: CONTACT_EVENTS,
    documentId: (event) => event.data.messageId,
    evolve: projectContactMessage,
  }),
  // A deleted member's messages to the store, as a rebuild reads them once their key is gone.
  async (event, target) => {
    const messages = target.collection<ContactMessageDoc>(READ_MODELS.contactMessages);
    for (const doc of await messages.find({ user_id: event.data.userId }, { readonly: true }))
      await messages.update(doc._id, {
        $set: { email: ERASED.email, name: null, subject: ERASED.address, message: ERASED.text },
      });
  },
);
