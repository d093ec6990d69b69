/**
 * Messages sent through the contact form (docs/product.md §2.23), one document each, for the
 * operators' list (GET /api/ops/contact-messages), newest first.
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type ContactMessageDoc } from '@rewear/features/shared/read-models';

export type ContactEvent = EnvelopeOf<'ContactMessageSent'>;

/** Pure: the message's document; a message is sent once and never changes. */
export function projectContactMessage(
  current: ContactMessageDoc | null,
  event: ContactEvent,
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

export const contactMessagesProjector = documentProjector({
  name: 'contact-messages',
  collectionName: READ_MODELS.contactMessages,
  indexes: [{ keys: { sent_at: -1 } }],
  canHandle: ['ContactMessageSent'],
  documentId: (event) => event.data.messageId,
  evolve: projectContactMessage,
});
