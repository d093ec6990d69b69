/**
 * Conversations (docs/product.md §13), mounted from the conversation module's query face: the
 * signed-in user's, as buyer or seller, newest first; one conversation with its offers and its
 * timeline, for its two parties only; a seller's bundle discounts (public).
 */
import {
  bundleDiscountsAnswer,
  conversationListAnswer,
  conversationViewAnswer,
} from '@rewear/contracts/answers';
import { z } from 'zod';
import type { BundleDiscounts, ConversationList, ConversationView } from '@rewear/contracts';
import {
  conversationById,
  conversationView,
  latestConversationsOf,
  newestEntriesOf,
  partiesBlocked,
  summaryOf,
} from '@rewear/features/conversation/queries';
import { namesOf } from '@rewear/features/user/queries';
import { forbidden, notFound } from '@rewear/platform';
import { sellerBundleDiscounts } from '@rewear/features/bundle/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';
import { listingsById } from '@rewear/features/listing/queries';

export const conversationRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/conversations',
      summary:
        "The signed-in user's conversations, as buyer or seller, newest first (none with a member in a block with them)",
      tags: ['Messages'],
      auth: 'user',
      responses: {
        200: {
          description: 'ConversationList { conversations: [ConversationSummary] }',
          body: conversationListAnswer,
        },
        401: 'Not signed in',
      },
    },
    async handle({ user, deps }): Promise<ConversationList> {
      const side = deps.readSide;
      const docs = await latestConversationsOf(side, user.uid);
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
        200: { description: 'ConversationView', body: conversationViewAnswer },
        401: 'Not signed in',
        403: 'Not a party to this conversation',
        404: 'Conversation not found, or hidden while its parties are in a block',
      },
    },
    async handle({ user, params, deps }): Promise<ConversationView> {
      const side = deps.readSide;
      const doc = await conversationById(side, params.conversationId);
      if (!doc) throw notFound('Conversation not found');
      if (doc.buyer_id !== user.uid && doc.seller_id !== user.uid)
        throw forbidden('This conversation is not yours');
      // Hidden from both parties while a block holds between them, as if it were not there.
      if (await partiesBlocked(side, doc)) throw notFound('Conversation not found');
      const [entries, listings, names] = await Promise.all([
        newestEntriesOf(side, doc._id),
        listingsById(side, [doc.listing_id]),
        namesOf(side, [doc.buyer_id, doc.seller_id]),
      ]);
      return conversationView(
        doc,
        user.uid,
        entries,
        listings.get(doc.listing_id),
        names,
        Date.now(),
      );
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
      responses: {
        200: {
          description: 'BundleDiscounts { sellerId, tiers: [{ minItems, percent }] }',
          body: bundleDiscountsAnswer,
        },
      },
    },
    handle({ params, deps }): Promise<BundleDiscounts> {
      return sellerBundleDiscounts(deps.readSide, params.uid);
    },
  }),
];
