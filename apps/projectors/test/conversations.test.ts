/** Conversations, their timeline, bundle discounts and the offer and message notifications. */
import { describe, expect, it } from 'vitest';
import type { EventData } from '@rewear/contracts';
import {
  bundleDiscountsProjector,
  conversationEntriesProjector,
  entryOf,
  messageDrafts,
  offerDrafts,
  projectConversation,
  type ConversationEnvelope,
} from '../src/index.ts';
import { envelope } from './events.ts';

const ref = {
  conversationId: 'l1_b1',
  listingId: 'l1',
  listingTitle: 'Wool coat',
  buyerId: 'b1',
  sellerId: 's1',
};
const at = '2026-03-01T12:00:00.000Z';
const later = '2026-03-03T12:00:00.000Z';
let version = 0;
const ev = <T extends ConversationEnvelope['type']>(
  type: T,
  data: Omit<EventData<T>, keyof typeof ref>,
) =>
  envelope(type, { ...ref, ...data } as EventData<T>, {
    streamId: 'conversation-l1_b1',
    streamVersion: ++version,
    occurredAt: at,
  }) as ConversationEnvelope;

const made = ev('OfferMade', {
  offerId: 'o1',
  amountCents: 2500,
  listPriceCents: 4000,
  madeAt: at,
  expiresAt: later,
});
const countered = ev('OfferCountered', {
  offerId: 'o1',
  amountCents: 3200,
  counteredAt: at,
  expiresAt: later,
});
const accepted = ev('OfferAccepted', {
  offerId: 'o1',
  acceptedBy: 'buyer',
  amountCents: 3200,
  acceptedAt: at,
  holdsUntil: later,
});
const message = ev('MessageSent', { senderId: 's1', text: '<b>Deal</b>', sentAt: at });

describe('conversations read model', () => {
  it('follows an offer through its steps, with the latest step as the preview', () => {
    const doc = [made, countered, accepted, message].reduce(
      (d, e) => projectConversation(d, e),
      null as ReturnType<typeof projectConversation> | null,
    )!;
    expect(doc).toMatchObject({
      _id: 'l1_b1',
      buyer_id: 'b1',
      seller_id: 's1',
      last_text: '<b>Deal</b>',
      version: 4,
      offers: [
        {
          offer_id: 'o1',
          amount_cents: 2500,
          counter_cents: 3200,
          status: 'accepted',
          accepted_cents: 3200,
          holds_until: later,
        },
      ],
    });
    // A redelivered older event changes nothing.
    expect(projectConversation(doc, countered)).toBe(doc);
  });

  it('keeps one timeline entry per event, in stream order, naming who did it', async () => {
    expect(entryOf(countered)).toMatchObject({
      kind: 'offer_countered',
      author_id: 's1',
      amount_cents: 3200,
    });
    expect(entryOf(accepted)).toMatchObject({ kind: 'offer_accepted', author_id: 'b1' });
    expect(entryOf(message)).toMatchObject({ kind: 'message', text: '<b>Deal</b>' });
    const docs = new Map<string, unknown>();
    const target = {
      collection: () => ({
        findOne: async ({ _id }: { _id: string }) => docs.get(_id) ?? null,
        put: async (doc: { _id: string }) => void docs.set(doc._id, doc),
        delete: async (id: string) => void docs.delete(id),
      }),
    };
    for (const e of [made, countered, made])
      await conversationEntriesProjector.apply(e, target as never);
    expect([...docs.keys()]).toEqual([
      `conversation-l1_b1:${made.streamVersion}`,
      `conversation-l1_b1:${countered.streamVersion}`,
    ]);
  });

  it('keeps a seller’s bundle tiers; none deletes them', async () => {
    const docs = new Map<string, unknown>();
    const target = {
      collection: () => ({
        findOne: async ({ _id }: { _id: string }) => docs.get(_id) ?? null,
        put: async (doc: { _id: string }) => void docs.set(doc._id, doc),
        delete: async (id: string) => void docs.delete(id),
      }),
    };
    const set = (tiers: Array<{ minItems: number; percent: number }>) =>
      envelope('BundleDiscountsSet', { sellerId: 's1', tiers, setAt: at });
    await bundleDiscountsProjector.apply(set([{ minItems: 2, percent: 10 }]), target as never);
    expect(docs.get('s1')).toEqual({ _id: 's1', tiers: [{ minItems: 2, percent: 10 }] });
    await bundleDiscountsProjector.apply(set([]), target as never);
    expect(docs.has('s1')).toBe(false);
  });
});

describe('offer and message notifications', () => {
  it('tell the party each step concerns, linking to the conversation', () => {
    expect(offerDrafts(made as never)).toEqual([
      {
        recipient_id: 's1',
        kind: 'offer_made',
        text: 'New offer of $25.00 for “Wool coat”',
        link: '/messages/l1_b1',
      },
    ]);
    expect(offerDrafts(countered as never).map((d) => d.recipient_id)).toEqual(['b1']);
    expect(offerDrafts(accepted as never)).toMatchObject([
      { recipient_id: 's1', text: 'The buyer accepted your counter of $32.00 on “Wool coat”' },
    ]);
    const expired = ev('OfferExpired', { offerId: 'o1', reason: 'unanswered', expiredAt: at });
    expect(offerDrafts(expired as never).map((d) => d.recipient_id)).toEqual(['b1', 's1']);
    expect(messageDrafts(message as never)).toEqual([
      {
        recipient_id: 'b1',
        kind: 'message',
        text: 'New message about “Wool coat”: <b>Deal</b>',
        link: '/messages/l1_b1',
        author_id: 's1',
        listing_title: 'Wool coat',
      },
    ]);
  });
});

describe('orders with bundle discounts', () => {
  it('keep the discount taken off the lines, and nothing when there is none', async () => {
    const { projectOrder } = await import('../src/index.ts');
    const placed = (
      discounts?: Array<{ sellerId: string; percent: number; amountCents: number }>,
    ) =>
      envelope('OrderPlaced', {
        orderId: 'o1',
        userId: 'b1',
        items: [{ productId: 'p1', title: 'Hat', image: '', quantity: 2, unitPriceCents: 2500 }],
        totalCents: 5000 - (discounts?.[0]?.amountCents ?? 0),
        currency: 'usd',
        shipping: { name: 'A', address: 'B', city: 'C', state: 'D', zip: '1', email: 'a@b.co' },
        paymentIntentId: 'pi_1',
        expiresAt: at,
        ...(discounts ? { discounts } : {}),
      });
    expect(
      projectOrder(null, placed([{ sellerId: 's1', percent: 10, amountCents: 500 }])),
    ).toMatchObject({
      total_cents: 4500,
      discount_cents: 500,
    });
    expect(projectOrder(null, placed())).not.toHaveProperty('discount_cents');
  });
});
