/**
 * The conversation's read face (docs/product.md §13): one summary per listing and buyer (its
 * offers and its latest step, for the inbox list and for pricing a buyer's cart), and one entry
 * per message or offer step (the conversation page's timeline), with their document shapes.
 * Both are keyed by their events, so a redelivered or replayed event writes the same documents
 * again. The offers follow the domain's state machine (`./domain.ts`), stored in snake case.
 */
import {
  ERASED,
  formatPrice,
  toDollars,
  type ConversationEntry,
  type EnvelopeOf,
  type OfferStatus,
} from '@rewear/contracts';
import { documentProjector, erasingOnAccountDeletion, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { CONVERSATION_EVENTS, evolveOffers, type OfferState } from './domain.ts';

export { CONVERSATION_EVENTS } from './domain.ts';

export type ConversationEnvelope = EnvelopeOf<(typeof CONVERSATION_EVENTS)[number]>;

/** One offer of a conversation, in cents. */
export interface OfferDoc {
  offer_id: string;
  amount_cents: number;
  counter_cents: number | null;
  status: OfferStatus;
  /** Until when the offer or the counter may be answered. */
  expires_at: string | null;
  /** Until when an accepted offer's price holds. */
  holds_until: string | null;
  /** The price agreed, once accepted. */
  accepted_cents: number | null;
}

/** A conversation between a listing's seller and one buyer: its offers and its latest step. */
export interface ConversationDoc extends Doc {
  _id: string;
  listing_id: string;
  listing_title: string;
  buyer_id: string;
  seller_id: string;
  offers: OfferDoc[];
  /** The latest step, as a line of text (a message's start, or the offer's step). */
  last_text: string;
  /** Who wrote the latest step when it is a message (its preview is their text), else null. */
  last_message_author?: string | null;
  last_at: string;
  /** Stream version of the last applied event: a redelivered event changes nothing. */
  version: number;
}

/** What one step of a conversation says. */
export interface ConversationStep {
  conversation_id: string;
  kind: ConversationEntry['kind'];
  author_id: string | null;
  text: string | null;
  offer_id: string | null;
  amount_cents: number | null;
  at: string;
}

/** One step of a conversation (a message or an offer's step); id `{streamId}:{streamVersion}`. */
export interface ConversationEntryDoc extends Doc, ConversationStep {
  _id: string;
  /** Order within the conversation. */
  seq: number;
}

/** An offer as stored. */
export const offerDoc = (offer: OfferState): OfferDoc => ({
  offer_id: offer.offerId,
  amount_cents: offer.amountCents,
  counter_cents: offer.counterCents,
  status: offer.status,
  expires_at: offer.expiresAt,
  holds_until: offer.holdsUntil,
  accepted_cents: offer.acceptedCents,
});

/** A stored offer as the domain reads it. */
export const offerOfDoc = (doc: OfferDoc): OfferState => ({
  offerId: doc.offer_id,
  amountCents: doc.amount_cents,
  counterCents: doc.counter_cents,
  status: doc.status,
  expiresAt: doc.expires_at,
  holdsUntil: doc.holds_until,
  acceptedCents: doc.accepted_cents,
});

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
    offers: evolveOffers(doc.offers.map(offerOfDoc), event).map(offerDoc),
    last_text: previewOf(entry.kind, entry),
    last_message_author: entry.kind === 'message' ? entry.author_id : null,
    last_at: event.occurredAt,
    version: event.streamVersion,
  };
}

export const conversationsProjector = erasingOnAccountDeletion(
  documentProjector({
    name: 'conversations',
    collectionName: READ_MODELS.conversations,
    indexes: [{ keys: { buyer_id: 1, last_at: -1 } }, { keys: { seller_id: 1, last_at: -1 } }],
    canHandle: CONVERSATION_EVENTS,
    documentId: (event) => event.data.conversationId,
    evolve: projectConversation,
  }),
  // A preview of a deleted member's message, as a rebuild reads it once their key is gone.
  async (event, target) => {
    const uid = event.data.userId;
    const conversations = target.collection<ConversationDoc>(READ_MODELS.conversations);
    for (const doc of await conversations.find(
      { $or: [{ buyer_id: uid }, { seller_id: uid }], last_message_author: uid },
      { readonly: true },
    ))
      await conversations.update(doc._id, {
        $set: { last_text: previewOf('message', { text: ERASED.text, amount_cents: null }) },
      });
  },
);

export const conversationEntriesProjector = erasingOnAccountDeletion(
  documentProjector({
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
  }),
  // A deleted member's messages, as a rebuild reads them once their key is gone.
  async (event, target) => {
    const entries = target.collection<ConversationEntryDoc>(READ_MODELS.conversationEntries);
    for (const doc of await entries.find(
      { author_id: event.data.userId, kind: 'message' },
      { readonly: true },
    ))
      await entries.update(doc._id, { $set: { text: ERASED.text } });
  },
);
