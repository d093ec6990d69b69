/**
 * The conversation commands (docs/product.md §13): a buyer writes to the seller of a listing or
 * makes an offer on it (the first of either opens their conversation); either party replies;
 * the seller accepts, declines or counters an offer, the buyer answers a counter. The decider
 * checks who asks (403) and the offer's step (409); a refusal appends nothing. Offers and
 * messages count against their own stricter per-user rate limits.
 */
import {
  messageSentAnswer,
  offerAnsweredAnswer,
  offerMadeAnswer,
} from '@rewear/contracts/command-answers';
import {
  conversationParams,
  listingConversationParams,
  messageBody,
  offerBody,
  offerParams,
  toCents,
} from '@rewear/contracts';
import { notFound, type RouteDoc } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import type { CommandServices } from '../shared/services.ts';
import { availableStock } from '@rewear/features/listing/decider';
import {
  conversationIdOf,
  type ConversationCommand,
  type ConversationState,
  type ListingFacts,
  type OfferState,
} from '@rewear/features/conversation/decider';
import { conversations } from './aggregate.ts';
import { loadListing } from '../listing/availability.ts';
import { refuseInBlock } from '../blocks/guard.ts';
import { refuseWhileAway } from '../holiday/away.ts';
import { requireGoodStanding, requireListingShown, SANCTIONED } from '../moderation/standing.ts';

/** What the conversation needs to know of a listing; 404 for an unknown or deleted one. */
async function listingFacts(services: CommandServices, listingId: string): Promise<ListingFacts> {
  const state = await loadListing(services, listingId);
  if (!state.exists || !state.fields || state.deleted) throw notFound('Product not found');
  await requireListingShown(services, listingId);
  return {
    listingId,
    title: state.fields.title,
    sellerId: state.fields.sellerId,
    priceCents: state.fields.priceCents,
    available: availableStock(state, services.now()) > 0,
  };
}

const offerAnswer = (offer: OfferState | undefined) =>
  offer && {
    offerId: offer.offerId,
    status: offer.status,
    amount: offer.amountCents / 100,
    counterAmount: offer.counterCents === null ? null : offer.counterCents / 100,
    holdsUntil: offer.holdsUntil,
  };

/**
 * Refuses a party's step in a conversation while a block holds between its two parties (403,
 * the same words from either side). Someone who is no party, or a conversation that does not
 * exist, is left to the decider's own answer.
 */
async function refuseBlockedParties(
  services: CommandServices,
  conversationId: string,
  actorId: string,
): Promise<void> {
  const { ref } = (await conversations.load(services.aggregates, conversationId)).state;
  if (!ref || (ref.buyerId !== actorId && ref.sellerId !== actorId)) return;
  await refuseInBlock(services, ref.buyerId, ref.sellerId);
}

async function run(
  services: CommandServices,
  ctx: Parameters<CommandServices['envFor']>[0],
  conversationId: string,
  command: ConversationCommand,
) {
  return conversations.handle(services.envFor(ctx), conversationId, command);
}

const conversationResponses = {
  401: 'Not signed in',
  403: `Not a party to this conversation, not the party this step waits for, or the parties are in a block; or ${SANCTIONED}`,
  404: 'Conversation or offer not found',
};

/** One answer to an offer (accept, decline, counter). */
function answerRoute(
  action: 'accept' | 'decline' | 'counter',
  summary: string,
  command: (actorId: string, offerId: string, amountCents: number) => ConversationCommand,
): CommandRoute {
  return defineRoute({
    doc: {
      method: 'post',
      path: `/api/conversations/{conversationId}/offers/{offerId}/${action}`,
      summary,
      tags: ['offers'],
      auth: 'user',
      params: offerParams,
      body: action === 'counter' ? offerBody : undefined,
      responses: {
        200: {
          description:
            '{ offer: { offerId, status, amount, counterAmount, holdsUntil }, position }',
          body: offerAnsweredAnswer,
        },
        ...(action === 'counter'
          ? { 400: 'The counter is not above the offer, or not an amount' }
          : ({} as RouteDoc['responses'])),
        ...conversationResponses,
        409:
          action === 'decline'
            ? 'The offer expired or was already answered'
            : 'The offer expired or was already answered, or the seller is away',
      },
    },
    rateScope: action === 'counter' ? 'offers' : undefined,
    async handle({ user, params, body, ctx, deps: services }) {
      await requireGoodStanding(services, user.uid);
      const amountCents = action === 'counter' ? toCents((body as { amount: number }).amount)! : 0;
      // Declining stays open: it ends a deal, it does not reach the other.
      if (action !== 'decline')
        await refuseBlockedParties(services, params.conversationId, user.uid);
      // Offers are paused while the seller is away: none accepted or countered until they are
      // back (declining stays open).
      if (action !== 'decline') {
        const { state } = await conversations.load(services.aggregates, params.conversationId);
        if (state.ref)
          await refuseWhileAway(services.aggregates, state.ref.sellerId, services.now());
      }
      const outcome = await run(
        services,
        ctx,
        params.conversationId,
        command(user.uid, params.offerId, amountCents),
      );
      const offer = outcome.state.offers.find((o) => o.offerId === params.offerId);
      return { status: 200, body: { offer: offerAnswer(offer) }, position: outcome.position };
    },
  });
}

const latestOffer = (state: ConversationState) => state.offers.at(-1);

export const conversationRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/listings/{id}/offers',
      summary:
        'The signed-in buyer offers a price for a listing (at least half its price, below it; at most 3 offers, one open at a time); it expires unanswered after 48 h',
      tags: ['offers'],
      auth: 'user',
      params: listingConversationParams,
      body: offerBody,
      responses: {
        201: {
          description:
            '{ conversationId, offer: { offerId, status, amount, counterAmount, holdsUntil }, position }',
          body: offerMadeAnswer,
        },
        400: 'Below half the price, not below the price, or an offer on one’s own listing',
        401: 'Not signed in',
        403: `A block holds between the buyer and the seller (either way); or ${SANCTIONED}`,
        404: 'Product not found',
        409: 'An offer is already open, 3 offers were made, the item is no longer available, or its seller is away',
      },
    },
    rateScope: 'offers',
    async handle({ user, params, body, ctx, deps: services }) {
      await requireGoodStanding(services, user.uid);
      const listing = await listingFacts(services, params.id);
      await refuseInBlock(services, user.uid, listing.sellerId);
      if (listing.sellerId !== user.uid)
        await refuseWhileAway(services.aggregates, listing.sellerId, services.now());
      const conversationId = conversationIdOf(params.id, user.uid);
      const outcome = await run(services, ctx, conversationId, {
        type: 'MakeOffer',
        actorId: user.uid,
        amountCents: toCents(body.amount)!,
        listing,
      });
      return {
        status: 201,
        body: { conversationId, offer: offerAnswer(latestOffer(outcome.state)) },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/listings/{id}/messages',
      summary:
        'The signed-in buyer writes to the seller of a listing (text, at most 2,000 characters); opens their conversation',
      tags: ['messages'],
      auth: 'user',
      params: listingConversationParams,
      body: messageBody,
      responses: {
        201: { description: '{ conversationId, position }', body: messageSentAnswer },
        400: 'No text, too long, or a message to oneself',
        401: 'Not signed in',
        403: `A block holds between the buyer and the seller (either way); or ${SANCTIONED}`,
        404: 'Product not found',
      },
    },
    rateScope: 'messages',
    async handle({ user, params, body, ctx, deps: services }) {
      await requireGoodStanding(services, user.uid);
      const listing = await listingFacts(services, params.id);
      await refuseInBlock(services, user.uid, listing.sellerId);
      const conversationId = conversationIdOf(params.id, user.uid);
      const outcome = await run(services, ctx, conversationId, {
        type: 'SendMessage',
        actorId: user.uid,
        text: body.text,
        listing,
      });
      return { status: 201, body: { conversationId }, position: outcome.position };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/conversations/{conversationId}/messages',
      summary: 'A party writes in their conversation (text, at most 2,000 characters)',
      tags: ['messages'],
      auth: 'user',
      params: conversationParams,
      body: messageBody,
      responses: {
        201: { description: '{ conversationId, position }', body: messageSentAnswer },
        400: 'No text, or too long',
        ...conversationResponses,
      },
    },
    rateScope: 'messages',
    async handle({ user, params, body, ctx, deps: services }) {
      await refuseBlockedParties(services, params.conversationId, user.uid);
      await requireGoodStanding(services, user.uid);
      const outcome = await run(services, ctx, params.conversationId, {
        type: 'SendMessage',
        actorId: user.uid,
        text: body.text,
      });
      return {
        status: 201,
        body: { conversationId: params.conversationId },
        position: outcome.position,
      };
    },
  }),
  answerRoute(
    'accept',
    'The seller accepts a pending offer, or the buyer the seller’s counter; its price holds for the buyer 24 h',
    (actorId, offerId) => ({ type: 'AcceptOffer', actorId, offerId }),
  ),
  answerRoute(
    'decline',
    'The seller declines a pending offer, or the buyer the seller’s counter',
    (actorId, offerId) => ({ type: 'DeclineOffer', actorId, offerId }),
  ),
  answerRoute(
    'counter',
    'The seller counters a pending offer once, with an amount above it; the buyer has 48 h to answer',
    (actorId, offerId, amountCents) => ({ type: 'CounterOffer', actorId, offerId, amountCents }),
  ),
];
