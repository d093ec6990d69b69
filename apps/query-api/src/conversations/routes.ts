/**
 * Conversations (docs/product.md §13): the signed-in user's, as buyer or seller, newest first;
 * one conversation with its offers and its timeline, for its two parties only; a seller's
 * bundle discounts (public). Offers past their time read as expired before the sweeper records
 * it, so no one is shown an answer they can no longer give.
 */
import { z } from 'zod';
import {
  OFFER_RULES,
  toDollars,
  type BundleDiscounts,
  type ConversationList,
  type ConversationSummary,
  type ConversationView,
  type OfferStatus,
  type OfferView,
} from '@rewear/contracts';
import { forbidden, notFound, requireUser, type ReadSide } from '@rewear/platform';
import {
  READ_MODELS,
  type BundleDiscountsDoc,
  type ConversationDoc,
  type ConversationEntryDoc,
  type ListingDoc,
  type OfferDoc,
  type UserDoc,
} from '@rewear/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';
import { listingsById } from '../shared/read.ts';

export const CONVERSATIONS_SHOWN = 100;
/** The latest entries of a conversation shown on its page. */
export const ENTRIES_SHOWN = 500;

const isDue = (at: string | null, now: number) => at !== null && Date.parse(at) <= now;

/** Pure: an offer's status as of `now`. */
export function statusAt(offer: OfferDoc, now: number): OfferStatus {
  if ((offer.status === 'pending' || offer.status === 'countered') && isDue(offer.expires_at, now))
    return 'expired';
  if (offer.status === 'accepted' && isDue(offer.holds_until, now)) return 'expired';
  return offer.status;
}

export function offerView(offer: OfferDoc, now: number): OfferView {
  const status = statusAt(offer, now);
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
export function heldOfferOf(doc: ConversationDoc | null | undefined, now: number): OfferDoc | null {
  return doc?.offers.find((offer) => statusAt(offer, now) === 'accepted') ?? null;
}

/** Pure: may the buyer make another offer now. */
export function canOffer(doc: ConversationDoc, now: number): boolean {
  const open = doc.offers.some((offer) =>
    ['pending', 'countered', 'accepted'].includes(statusAt(offer, now)),
  );
  return !open && doc.offers.length < OFFER_RULES.maxOffersPerListing;
}

function summaryOf(
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

async function namesOf(side: ReadSide, uids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const users = await side
    .collection<UserDoc>(READ_MODELS.users)
    .find({ _id: { $in: unique } }, { readonly: true });
  return new Map(users.map((u) => [u._id, u.display_name]));
}

const conversationsOf = (side: ReadSide) =>
  side.collection<ConversationDoc>(READ_MODELS.conversations);

export const conversationRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/conversations',
      summary: "The signed-in user's conversations, as buyer or seller, newest first",
      tags: ['Messages'],
      auth: 'user',
      responses: {
        200: 'ConversationList { conversations: [ConversationSummary] }',
        401: 'Not signed in',
      },
    },
    async handle({ ctx, deps }): Promise<ConversationList> {
      const user = requireUser(ctx);
      const side = deps.readSide;
      const options = {
        sort: { last_at: -1 as const },
        limit: CONVERSATIONS_SHOWN,
        readonly: true,
      };
      const [buying, selling] = await Promise.all([
        conversationsOf(side).find({ buyer_id: user.uid }, options),
        conversationsOf(side).find({ seller_id: user.uid }, options),
      ]);
      const docs = [...buying, ...selling]
        .sort((a, b) => b.last_at.localeCompare(a.last_at))
        .slice(0, CONVERSATIONS_SHOWN);
      const [listings, names] = await Promise.all([
        listingsById(
          side,
          docs.map((d) => d.listing_id),
        ),
        namesOf(
          side,
          docs.flatMap((d) => [d.buyer_id, d.seller_id]),
        ),
      ]);
      return {
        conversations: docs.map((doc) =>
          summaryOf(doc, user.uid, listings.get(doc.listing_id), names),
        ),
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/conversations/{conversationId}',
      summary:
        'One conversation, for its buyer and seller only: the listing, the offers and the messages and offer steps in order',
      tags: ['Messages'],
      auth: 'user',
      params: z.object({ conversationId: idParam }),
      responses: {
        200: 'ConversationView',
        401: 'Not signed in',
        403: 'Not a party to this conversation',
        404: 'Conversation not found',
      },
    },
    async handle({ ctx, params, deps }): Promise<ConversationView> {
      const user = requireUser(ctx);
      const side = deps.readSide;
      const doc = await conversationsOf(side).findOne(
        { _id: params.conversationId },
        { readonly: true },
      );
      if (!doc) throw notFound('Conversation not found');
      if (doc.buyer_id !== user.uid && doc.seller_id !== user.uid)
        throw forbidden('This conversation is not yours');
      const [entries, listings, names] = await Promise.all([
        side
          .collection<ConversationEntryDoc>(READ_MODELS.conversationEntries)
          .find(
            { conversation_id: doc._id },
            { sort: { seq: -1 }, limit: ENTRIES_SHOWN, readonly: true },
          ),
        listingsById(side, [doc.listing_id]),
        namesOf(side, [doc.buyer_id, doc.seller_id]),
      ]);
      const now = Date.now();
      const summary = summaryOf(doc, user.uid, listings.get(doc.listing_id), names);
      return {
        ...summary,
        offers: doc.offers.map((offer) => offerView(offer, now)),
        entries: [...entries].reverse().map((entry) => ({
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
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/sellers/{uid}/bundle-discounts',
      summary: "A seller's bundle discounts: percent off from so many of their items in one order",
      tags: ['Sellers'],
      auth: 'optional',
      params: z.object({ uid: idParam }),
      responses: { 200: 'BundleDiscounts { sellerId, tiers: [{ minItems, percent }] }' },
    },
    async handle({ params, deps }): Promise<BundleDiscounts> {
      const doc = await deps.readSide
        .collection<BundleDiscountsDoc>(READ_MODELS.bundleDiscounts)
        .findOne({ _id: params.uid }, { readonly: true });
      return { sellerId: params.uid, tiers: doc?.tiers ?? [] };
    },
  }),
];
