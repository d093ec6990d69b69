/**
 * Contact's query face (docs/product.md §2.23): the messages sent through the contact form,
 * newest first, as the operators read them (GET /api/ops/contact-messages).
 */
import type { ContactMessageList } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { ContactMessageDoc } from './projection.ts';

/** Pure: the operators' view of these messages. */
export function contactMessageList(docs: readonly ContactMessageDoc[]): ContactMessageList {
  return {
    messages: docs.map((doc) => ({
      messageId: doc._id,
      topic: doc.topic,
      subject: doc.subject,
      message: doc.message,
      email: doc.email,
      name: doc.name,
      userId: doc.user_id,
      sentAt: doc.sent_at,
    })),
  };
}

/** The newest `limit` messages (ties by id, newest first). */
export async function latestContactMessages(
  side: ReadSide,
  limit: number,
): Promise<ContactMessageList> {
  const docs = await side
    .collection<ContactMessageDoc>(READ_MODELS.contactMessages)
    .find({}, { sort: { sent_at: -1, _id: -1 }, limit, readonly: true });
  return contactMessageList(docs);
}
