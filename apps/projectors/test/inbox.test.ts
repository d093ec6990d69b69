/** The inbox: notifiers say who hears of an event; the projector stores each once. */
import { describe, expect, it } from 'vitest';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { InboxDoc } from '@rewear/features/notifications/projection';
import { messageNotifier } from '@rewear/features/notifications/projection';
import { inboxDocs, inboxProjector, type Notifier } from '../src/index.ts';
import { envelope } from './events.ts';

const reviewLeft = (version: number) =>
  envelope(
    'ReviewLeft',
    {
      shipmentId: 's-1',
      authorId: 'buyer-1',
      authorRole: 'buyer',
      subjectId: 'seller-1',
      rating: 4,
      text: 'Fine',
      leftAt: '2026-03-01T12:00:00.000Z',
    },
    { streamId: 'review-s-1', streamVersion: version, occurredAt: '2026-03-01T12:00:00.000Z' },
  );

/** A notifier of this test: the reviewed person and, to show fan-out, the author. */
const bothParties: Notifier<'ReviewLeft'> = {
  handles: ['ReviewLeft'],
  notify: (event) =>
    [event.data.subjectId, event.data.authorId].map((recipient) => ({
      recipient_id: recipient,
      kind: 'review_left',
      text: `Rated ${event.data.rating}`,
      link: `/sellers/${event.data.subjectId}`,
    })),
};

describe('inbox', () => {
  it('derives each document id from the event and the recipient', () => {
    const docs = inboxDocs(reviewLeft(3), [
      { recipient_id: 'a', kind: 'review_left', text: 't', link: '/x' },
    ]);
    expect(docs).toEqual([
      {
        _id: 'review-s-1:3:a',
        recipient_id: 'a',
        kind: 'review_left',
        text: 't',
        link: '/x',
        at: '2026-03-01T12:00:00.000Z',
      },
    ]);
  });

  it('stores what the notifiers say, once however often the event is delivered', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    const projector = inboxProjector([bothParties as Notifier]);
    // AccountDeleted too: the previews of a deleted member's messages are erased.
    expect(projector.handles).toEqual(['ReviewLeft', 'AccountDeleted']);
    await projector.apply(reviewLeft(1), side);
    await projector.apply(reviewLeft(1), side);
    const docs = await store.collection<InboxDoc>(READ_MODELS.inbox).find({});
    expect(docs.map((doc) => doc._id).sort()).toEqual([
      'review-s-1:1:buyer-1',
      'review-s-1:1:seller-1',
    ]);
  });

  it('erases the preview of a deleted member’s message, as a rebuild reads it once their key is gone', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    const projector = inboxProjector([messageNotifier as Notifier]);
    const conversation = {
      conversationId: 'l1_b1',
      listingId: 'l1',
      listingTitle: 'Wool coat',
      buyerId: 'b1',
      sellerId: 's1',
    };
    const sent = (senderId: string, text: string, version: number) =>
      envelope(
        'MessageSent',
        { ...conversation, senderId, text, sentAt: '2026-03-01T12:00:00.000Z' },
        { streamId: 'conversation-l1_b1', streamVersion: version },
      );
    await projector.apply(sent('b1', 'Call me on 555-0100', 1), side);
    await projector.apply(sent('s1', 'Sure', 2), side);
    await projector.apply(
      envelope('AccountDeleted', { userId: 'b1', at: '2026-03-02T12:00:00.000Z' }),
      side,
    );
    const docs = await store.collection<InboxDoc>(READ_MODELS.inbox).find({}, { sort: { _id: 1 } });
    expect(docs.map((doc) => [doc.recipient_id, doc.text])).toEqual([
      ['s1', 'New message about “Wool coat”: This message was deleted with its author’s account.'],
      ['b1', 'New message about “Wool coat”: Sure'],
    ]);
  });
});
