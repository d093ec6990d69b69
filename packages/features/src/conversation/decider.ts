/**
 * The conversation's command face (docs/product.md §13). Stream `conversation-{listingId}_{buyerId}`.
 * Every offer rule a command is refused by lives here: at least half the price, at most 3 per
 * buyer and listing, one open at a time, a single counter, 48 h to answer, 24 h to buy once
 * accepted. The offers' steps themselves are the domain's (`./domain.ts`), folded by the read
 * side too. Times come from the context's clock, so the timers are decided (and tested) like
 * any other command.
 */
import {
  conversationIdFor,
  formatPrice,
  minimumOfferCents,
  OFFER_RULES,
  toDollars,
} from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import {
  dueExpiry,
  evolveConversation,
  initialConversation,
  isDue,
  isUnanswered,
  openOffer,
  offersUsedUp,
  type ConversationEvent,
  type ConversationRef,
  type ConversationState,
  type OfferState,
} from './domain.ts';

export {
  heldOffer,
  type ConversationEvent,
  type ConversationRef,
  type ConversationState,
  type OfferState,
} from './domain.ts';

/** What the conversation needs to know of the listing to let an offer or a first message in. */
export interface ListingFacts {
  listingId: string;
  title: string;
  sellerId: string;
  priceCents: number;
  /** Listed and not sold out. */
  available: boolean;
}

type Actor = { actorId: string };

export type ConversationCommand =
  /** `listing` opens the conversation when it has none yet (the buyer writing first). */
  | ({ type: 'SendMessage'; text: string; listing?: ListingFacts } & Actor)
  | ({ type: 'MakeOffer'; amountCents: number; listing: ListingFacts } & Actor)
  | ({ type: 'CounterOffer'; offerId: string; amountCents: number } & Actor)
  | ({ type: 'AcceptOffer'; offerId: string } & Actor)
  | ({ type: 'DeclineOffer'; offerId: string } & Actor)
  /** The sweeper: expires what is due, a no-op otherwise. */
  | { type: 'ExpireDueOffers' }
  /** The buyer paid an order the offer priced. */
  | { type: 'RedeemOffer'; offerId: string; orderId: string };

export { conversationIdFor as conversationIdOf } from '@rewear/contracts';

const plus = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();
const price = (cents: number) => formatPrice(toDollars(cents));

function refFor(listing: ListingFacts, buyerId: string): ConversationRef {
  return {
    conversationId: conversationIdFor(listing.listingId, buyerId),
    listingId: listing.listingId,
    listingTitle: listing.title,
    buyerId,
    sellerId: listing.sellerId,
  };
}

/** Who the actor is in this conversation; anyone else is refused. */
function roleOf(ref: ConversationRef, actorId: string): 'buyer' | 'seller' {
  if (actorId === ref.buyerId) return 'buyer';
  if (actorId === ref.sellerId) return 'seller';
  return reject('forbidden', 'This conversation is not yours');
}

function offerOf(state: ConversationState, offerId: string): OfferState {
  const offer = state.offers.find((o) => o.offerId === offerId);
  return offer ?? reject('not_found', 'Offer not found');
}

const notAnswerable = (offer: OfferState, now: Date): never => {
  if (dueExpiry(offer, now.getTime()) === 'unanswered')
    return reject('conflict', 'This offer has expired');
  return reject('conflict', `This offer is ${offer.status} and cannot be answered`);
};

/** The step an actor may answer: the seller answers a pending offer, the buyer a counter. */
function answerable(
  state: ConversationState,
  offerId: string,
  actorId: string,
  now: Date,
): { ref: ConversationRef; offer: OfferState; role: 'buyer' | 'seller' } {
  const ref = state.ref ?? reject('not_found', 'Conversation not found');
  const role = roleOf(ref, actorId);
  const offer = offerOf(state, offerId);
  const waitingFor = offer.status === 'pending' ? 'seller' : 'buyer';
  if (!isUnanswered(offer)) notAnswerable(offer, now);
  if (isDue(offer.expiresAt, now.getTime())) notAnswerable(offer, now);
  if (role !== waitingFor)
    reject(
      'forbidden',
      waitingFor === 'seller'
        ? 'Only the seller answers this offer'
        : 'Only the buyer answers a counter',
    );
  return { ref, offer, role };
}

function decideConversation(
  command: ConversationCommand,
  state: ConversationState,
  { now, newId }: { now: Date; newId: () => string },
): ConversationEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'SendMessage': {
      let ref = state.ref;
      if (!ref) {
        if (!command.listing) return reject('not_found', 'Conversation not found');
        if (command.listing.sellerId === command.actorId)
          return reject('invalid', 'You cannot send a message to yourself');
        ref = refFor(command.listing, command.actorId);
      }
      roleOf(ref, command.actorId);
      const text = command.text.trim();
      if (!text) return reject('invalid', 'Please write a message');
      return [
        { type: 'MessageSent', data: { ...ref, senderId: command.actorId, text, sentAt: at } },
      ];
    }
    case 'MakeOffer': {
      const { listing, actorId, amountCents } = command;
      if (listing.sellerId === actorId)
        return reject('invalid', 'You cannot make an offer on your own listing');
      const ref = state.ref ?? refFor(listing, actorId);
      if (roleOf(ref, actorId) !== 'buyer')
        return reject('forbidden', 'Only the buyer makes offers');
      if (!listing.available)
        return reject('conflict', `"${listing.title}" is no longer available`);
      const least = minimumOfferCents(listing.priceCents);
      if (amountCents < least)
        return reject('invalid', `An offer must be at least ${price(least)}, half the price`);
      if (amountCents >= listing.priceCents)
        return reject(
          'invalid',
          `An offer must be below the price of ${price(listing.priceCents)}`,
        );
      if (openOffer(state.offers, now.getTime()))
        return reject('conflict', 'You already have an open offer on this item');
      if (offersUsedUp(state.offers))
        return reject(
          'conflict',
          `You can make at most ${OFFER_RULES.maxOffersPerListing} offers on one item`,
        );
      // An earlier offer past its time expires first, so the stream tells it in order.
      return [
        ...expiries(state, now),
        {
          type: 'OfferMade',
          data: {
            ...ref,
            offerId: newId(),
            amountCents,
            listPriceCents: listing.priceCents,
            madeAt: at,
            expiresAt: plus(now, OFFER_RULES.answerWithinMs),
          },
        },
      ];
    }
    case 'CounterOffer': {
      const { ref, offer } = answerable(state, command.offerId, command.actorId, now);
      if (offer.status !== 'pending')
        return reject('conflict', 'An offer can be countered only once');
      if (command.amountCents <= offer.amountCents)
        return reject(
          'invalid',
          `A counter must be above the offer of ${price(offer.amountCents)}`,
        );
      return [
        {
          type: 'OfferCountered',
          data: {
            ...ref,
            offerId: offer.offerId,
            amountCents: command.amountCents,
            counteredAt: at,
            expiresAt: plus(now, OFFER_RULES.answerWithinMs),
          },
        },
      ];
    }
    case 'AcceptOffer': {
      const { ref, offer, role } = answerable(state, command.offerId, command.actorId, now);
      return [
        {
          type: 'OfferAccepted',
          data: {
            ...ref,
            offerId: offer.offerId,
            acceptedBy: role,
            amountCents: offer.status === 'countered' ? offer.counterCents! : offer.amountCents,
            acceptedAt: at,
            holdsUntil: plus(now, OFFER_RULES.holdMs),
          },
        },
      ];
    }
    case 'DeclineOffer': {
      const { ref, offer, role } = answerable(state, command.offerId, command.actorId, now);
      return [
        {
          type: 'OfferDeclined',
          data: { ...ref, offerId: offer.offerId, declinedBy: role, declinedAt: at },
        },
      ];
    }
    case 'ExpireDueOffers':
      return expiries(state, now);
    case 'RedeemOffer': {
      const offer = state.offers.find((o) => o.offerId === command.offerId);
      // Paid after the hold lapsed (the order was priced while it held): recorded all the same.
      if (!state.ref || !offer || (offer.status !== 'accepted' && offer.status !== 'expired'))
        return [];
      if (offer.acceptedCents === null) return [];
      return [
        {
          type: 'OfferRedeemed',
          data: { ...state.ref, offerId: offer.offerId, orderId: command.orderId, redeemedAt: at },
        },
      ];
    }
  }
}

/** The offers whose time has come at `now`: unanswered ones, and accepted ones not bought. */
function expiries(state: ConversationState, now: Date): ConversationEvent[] {
  if (!state.ref) return [];
  const ref = state.ref;
  const at = now.toISOString();
  return state.offers.flatMap((offer): ConversationEvent[] => {
    const reason = dueExpiry(offer, now.getTime());
    if (!reason) return [];
    return [
      {
        type: 'OfferExpired',
        data: { ...ref, offerId: offer.offerId, reason, expiredAt: at },
      },
    ];
  });
}

export const conversationDecider: Decider<
  ConversationState,
  ConversationCommand,
  ConversationEvent
> = {
  initialState: initialConversation,
  evolve: evolveConversation,
  decide: decideConversation,
};
