/** Message notifications (docs/product.md §13): a new message tells the other party. Pure. */
import type { EnvelopeOf } from '@rewear/contracts';
import type { InboxDraft, Notifier } from './notifier.ts';
import { conversationLink } from './offers.ts';

const PREVIEW_LENGTH = 80;

export function messageDrafts(event: EnvelopeOf<'MessageSent'>): InboxDraft[] {
  const d = event.data;
  const recipient = d.senderId === d.buyerId ? d.sellerId : d.buyerId;
  const preview =
    d.text.length > PREVIEW_LENGTH ? `${d.text.slice(0, PREVIEW_LENGTH - 1)}…` : d.text;
  return [
    {
      recipient_id: recipient,
      kind: 'message',
      text: `New message about “${d.listingTitle}”: ${preview}`,
      link: conversationLink(d.conversationId),
    },
  ];
}

export const messageNotifier: Notifier<'MessageSent'> = {
  handles: ['MessageSent'],
  notify: messageDrafts,
};
