/**
 * Conversations (docs/product.md §13): one summary per listing and buyer (its offers and its
 * latest step, for the inbox list and for pricing a buyer's cart), and one entry per message or
 * offer step (the conversation page's timeline). Both are keyed by their events, so a
 * redelivered or replayed event writes the same documents again.
 */
import { formatPrice, toDollars, type EnvelopeOf, type ConversationEntry } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import {
  READ_MODELS,
  type BundleDiscountsDoc,
  type ConversationDoc,
  type ConversationEntryDoc,
  type ConversationStep,
  type OfferDoc,
} from '@rewear/read-models';

export const CONVERSATION_EVENTS = [
  'MessageSent',
  'OfferMade',
  'OfferCountered',
  'OfferAccepted',
  'OfferDeclined',
  'OfferExpired',
  'OfferRedeemed',
] as const;

export type ConversationEnvelope = EnvelopeOf<(typeof CONVERSATION_EVENTS)[number]>;

const price = (cents: number) => formatPrice(toDollars(cents));
const PREVIEW_LENGTH = 140;

/** The step an event tells, as the conversation's timeline shows it. */
export function entryOf(event: ConversationEnvelope): ConversationStep {
  const base = {
    conversation_id: event.data.conversationId,
    author_id: null as string | null,
    text: null as string | null,
    offer_id: null as string | null,
    amount_cents: null as number | null,
    at: event.occurredAt,
  };
  const d = event.data;
  const party = (role: 'buyer' | 'seller') => (role === 'buyer' ? d.buyerId : d.sellerId);
  switch (event.type) {
    case 'MessageSent':
      return { ...base, kind: 'message', author_id: event.data.senderId, text: event.data.text };
    case 'OfferMade':
      return {
        ...base,
        kind: 'offer_made',
        author_id: d.buyerId,
        offer_id: event.data.offerId,
        amount_cents: event.data.amountCents,
      };
    case 'OfferCountered':
      return {
        ...base,
        kind: 'offer_countered',
        author_id: d.sellerId,
        offer_id: event.data.offerId,
        amount_cents: event.data.amountCents,
      };
    case 'OfferAccepted':
      return {
        ...base,
        kind: 'offer_accepted',
        author_id: party(event.data.acceptedBy),
        offer_id: event.data.offerId,
        amount_cents: event.data.amountCents,
      };
    case 'OfferDeclined':
      return {
        ...base,
        kind: 'offer_declined',
        author_id: party(event.data.declinedBy),
        offer_id: event.data.offerId,
      };
    case 'OfferExpired':
      return { ...base, kind: 'offer_expired', offer_id: event.data.offerId };
    case 'OfferRedeemed':
      return {
        ...base,
        kind: 'offer_redeemed',
        author_id: d.buyerId,
        offer_id: event.data.offerId,
      };
  }
}

/** A step as one line of text (the inbox list's preview). */
export function previewOf(
  kind: ConversationEntry['kind'],
  entry: { text: string | null; amount_cents: number | null },
) {
  switch (kind) {
    case 'message':
      return entry.text!.length > PREVIEW_LENGTH
        ? `${entry.text!.slice(0, PREVIEW_LENGTH - 1)}…`
        : entry.text!;
    case 'offer_made':
      return `Offer of ${price(entry.amount_cents!)}`;
    case 'offer_countered':
      return `Counter-offer of ${price(entry.amount_cents!)}`;
    case 'offer_accepted':
      return `Offer accepted at ${price(entry.amount_cents!)}`;
    case 'offer_declined':
      return 'Offer declined';
    case 'offer_expired':
      return 'Offer expired';
    case 'offer_redeemed':
      return 'Bought at the offered price';
  }
}

function withOffer(doc: ConversationDoc, offerId: string, change: Partial<OfferDoc>): OfferDoc[] {
  return doc.offers.map((offer) => (offer.offer_id === offerId ? { ...offer, ...change } : offer));
}

function offersAfter(doc: ConversationDoc, event: ConversationEnvelope): OfferDoc[] {
  switch (event.type) {
    case 'OfferMade':
      return [
        ...doc.offers,
        {
          offer_id: event.data.offerId,
          amount_cents: event.data.amountCents,
          counter_cents: null,
          status: 'pending',
          expires_at: event.data.expiresAt,
          holds_until: null,
          accepted_cents: null,
        },
      ];
    case 'OfferCountered':
      return withOffer(doc, event.data.offerId, {
        status: 'countered',
        counter_cents: event.data.amountCents,
        expires_at: event.data.expiresAt,
      });
    case 'OfferAccepted':
      return withOffer(doc, event.data.offerId, {
        status: 'accepted',
        accepted_cents: event.data.amountCents,
        expires_at: null,
        holds_until: event.data.holdsUntil,
      });
    case 'OfferDeclined':
      return withOffer(doc, event.data.offerId, { status: 'declined', expires_at: null });
    case 'OfferExpired':
      return withOffer(doc, event.data.offerId, { status: 'expired', expires_at: null });
    case 'OfferRedeemed':
      return withOffer(doc, event.data.offerId, { status: 'redeemed' });
    case 'MessageSent':
      return doc.offers;
  }
}

export function projectConversation(
  current: ConversationDoc | null,
  event: ConversationEnvelope,
): ConversationDoc {
  if (current && current.version >= event.streamVersion) return current;
  const d = event.data;
  const doc: ConversationDoc = current ?? {
    _id: d.conversationId,
    listing_id: d.listingId,
    listing_title: d.listingTitle,
    buyer_id: d.buyerId,
    seller_id: d.sellerId,
    offers: [],
    last_text: '',
    last_at: event.occurredAt,
    version: 0,
  };
  const entry = entryOf(event);
  return {
    ...doc,
    offers: offersAfter(doc, event),
    last_text: previewOf(entry.kind, entry),
    last_at: event.occurredAt,
    version: event.streamVersion,
  };
}

export const conversationsProjector = documentProjector({
  name: 'conversations',
  collectionName: READ_MODELS.conversations,
  indexes: [{ keys: { buyer_id: 1, last_at: -1 } }, { keys: { seller_id: 1, last_at: -1 } }],
  canHandle: CONVERSATION_EVENTS,
  documentId: (event) => event.data.conversationId,
  evolve: projectConversation,
});

export const conversationEntriesProjector = documentProjector({
  name: 'conversation-entries',
  collectionName: READ_MODELS.conversationEntries,
  indexes: [{ keys: { conversation_id: 1, seq: 1 } }],
  canHandle: CONVERSATION_EVENTS,
  documentId: (event) => `${event.streamId}:${event.streamVersion}`,
  evolve: (_current: ConversationEntryDoc | null, event): ConversationEntryDoc => ({
    _id: `${event.streamId}:${event.streamVersion}`,
    seq: event.streamVersion,
    ...entryOf(event),
  }),
});

export const bundleDiscountsProjector = documentProjector({
  name: 'bundle-discounts',
  collectionName: READ_MODELS.bundleDiscounts,
  canHandle: ['BundleDiscountsSet'],
  documentId: (event) => event.data.sellerId,
  evolve: (_current: BundleDiscountsDoc | null, event): BundleDiscountsDoc | null =>
    event.data.tiers.length === 0 ? null : { _id: event.data.sellerId, tiers: event.data.tiers },
});
