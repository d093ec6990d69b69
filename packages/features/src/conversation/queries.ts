/**
 * The conversation's query face (docs/product.md §13): what query-api reads of the
 * conversations' read models and how it answers them. An offer's status is read at the time of
 * asking with the domain's rules (`./domain.ts`), so an offer past its time reads as expired
 * before the sweeper records it, and no one is shown an answer they can no longer give.
 */
import {
  toDollars,
  type ConversationSummary,
  type ConversationView,
  type OfferView,
} from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { blockedEitherWay } from '../blocks/queries.ts';
import type { ListingDoc } from '../listing/projection.ts';
import { heldOffer, mayMakeOffer, statusAt, type OfferState } from './domain.ts';
import {
  offerOfDoc,
  type ConversationDoc,
  type ConversationEntryDoc,
  type OfferDoc,
} from './projection.ts';

export const CONVERSATIONS_SHOWN = 100;
/** The latest entries of a conversation shown on its page. */
export const ENTRIES_SHOWN = 500;

export function offerView(offer: OfferDoc, now: number): OfferView {
  const status = statusAt(offerOfDoc(offer), now);
  return {
    offerId: offer.offer_id,
    amount: toDollars(offer.amount_cents),
    counterAmount: offer.counter_cents === null ? null : toDollars(offer.counter_cents),
    status,
    expiresAt: status === 'pending' || status === 'countered' ? offer.expires_at : null,
    holdsUntil: status === 'accepted' ? offer.holds_until : null,
  };
}

/** The accepted offer still holding its price for the buyer at `now`, if any. */
export function heldOfferOf(
  doc: ConversationDoc | null | undefined,
  now: number,
): OfferState | null {
  return doc ? heldOffer(doc.offers.map(offerOfDoc), now) : null;
}

/** May the buyer make another offer now. */
export const canOffer = (doc: ConversationDoc, now: number): boolean =>
  mayMakeOffer(doc.offers.map(offerOfDoc), now);

/** A conversation as one of its parties sees it in their list. */
export function summaryOf(
  doc: ConversationDoc,
  uid: string,
  listing: ListingDoc | undefined,
  names: Map<string, string>,
): ConversationSummary {
  const role = doc.buyer_id === uid ? 'buyer' : 'seller';
  const other = role === 'buyer' ? doc.seller_id : doc.buyer_id;
  return {
    conversationId: doc._id,
    listingId: doc.listing_id,
    listingTitle: listing?.title ?? doc.listing_title,
    listingImage: listing?.image ?? '',
    listPrice: listing ? toDollars(listing.price_cents) : 0,
    buyerId: doc.buyer_id,
    sellerId: doc.seller_id,
    otherName: names.get(other) || (role === 'buyer' ? 'The seller' : 'A buyer'),
    role,
    lastText: doc.last_text,
    lastAt: doc.last_at,
  };
}

/** One conversation for one of its parties: its offers as of `now` and its timeline in order. */
export function conversationView(
  doc: ConversationDoc,
  uid: string,
  newestEntries: readonly ConversationEntryDoc[],
  listing: ListingDoc | undefined,
  names: Map<string, string>,
  now: number,
): ConversationView {
  const summary = summaryOf(doc, uid, listing, names);
  return {
    ...summary,
    offers: doc.offers.map((offer) => offerView(offer, now)),
    entries: [...newestEntries].reverse().map((entry) => ({
      id: entry._id,
      kind: entry.kind,
      authorId: entry.author_id,
      text: entry.text,
      offerId: entry.offer_id,
      amount: entry.amount_cents === null ? null : toDollars(entry.amount_cents),
      at: entry.at,
    })),
    canOffer: summary.role === 'buyer' && canOffer(doc, now),
  };
}

export const conversationsOf = (side: ReadSide) =>
  side.collection<ConversationDoc>(READ_MODELS.conversations);

/**
 * A user's latest conversations, as buyer or seller, newest first; none with a member they are
 * in a block with (either way, docs/product.md §14.4) while it holds.
 */
export async function latestConversationsOf(
  side: ReadSide,
  uid: string,
): Promise<ConversationDoc[]> {
  const options = { sort: { last_at: -1 as const }, limit: CONVERSATIONS_SHOWN, readonly: true };
  const blocked = [...(await blockedEitherWay(side, uid))];
  const [buying, selling] = await Promise.all([
    conversationsOf(side).find(
      blocked.length ? { buyer_id: uid, seller_id: { $nin: blocked } } : { buyer_id: uid },
      options,
    ),
    conversationsOf(side).find(
      blocked.length ? { seller_id: uid, buyer_id: { $nin: blocked } } : { seller_id: uid },
      options,
    ),
  ]);
  return [...buying, ...selling]
    .sort((a, b) => b.last_at.localeCompare(a.last_at))
    .slice(0, CONVERSATIONS_SHOWN);
}

export const conversationById = (side: ReadSide, conversationId: string) =>
  conversationsOf(side).findOne({ _id: conversationId }, { readonly: true });

/** Whether a conversation's two parties are in a block (either way): it is hidden from both. */
export async function partiesBlocked(side: ReadSide, doc: ConversationDoc): Promise<boolean> {
  return (await blockedEitherWay(side, doc.buyer_id)).has(doc.seller_id);
}

/** A conversation's latest entries, newest first. */
export const newestEntriesOf = (side: ReadSide, conversationId: string) =>
  side
    .collection<ConversationEntryDoc>(READ_MODELS.conversationEntries)
    .find(
      { conversation_id: conversationId },
      { sort: { seq: -1 }, limit: ENTRIES_SHOWN, readonly: true },
    );
