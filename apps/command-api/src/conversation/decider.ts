/**
 * A conversation: one per listing and buyer, between the buyer and the seller, with the offers
 * made in it (docs/product.md §13). Stream `conversation-{listingId}_{buyerId}`. Every offer
 * rule lives here: at least half the price, at most 3 per buyer and listing, one open at a
 * time, a single counter, 48 h to answer, 24 h to buy once accepted. Times come from the
 * context's clock, so the timers are decided (and tested) like any other command.
 */
import {
  conversationIdFor,
  formatPrice,
  streamIdOf,
  minimumOfferCents,
  OFFER_RULES,
  toDollars,
  type EventData,
  type EventOf,
  type OfferStatus,
} from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

export type ConversationEvent = EventOf<
  | 'MessageSent'
  | 'OfferMade'
  | 'OfferCountered'
  | 'OfferAccepted'
  | 'OfferDeclined'
  | 'OfferExpired'
  | 'OfferRedeemed'
>;

/** The listing and the two parties, named by every event of the stream. */
export type ConversationRef = Pick<
  EventData<'MessageSent'>,
  'conversationId' | 'listingId' | 'listingTitle' | 'buyerId' | 'sellerId'
>;

export interface OfferState {
  offerId: string;
  amountCents: number;
  counterCents: number | null;
  status: OfferStatus;
  /** Until when the buyer's offer or the seller's counter may be answered. */
  expiresAt: string | null;
  /** Until when an accepted offer's price holds. */
  holdsUntil: string | null;
  /** The price agreed (offer or counter) once accepted. */
  acceptedCents: number | null;
}

export interface ConversationState {
  ref: ConversationRef | null;
  offers: OfferState[];
}

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
export const conversationStream = (conversationId: string) =>
  streamIdOf('conversation', conversationId);

const plus = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();
const isDue = (at: string | null, now: Date) => at !== null && Date.parse(at) <= now.getTime();
const price = (cents: number) => formatPrice(toDollars(cents));

/** Open offers: waiting for an answer, or accepted and still holding. */
export const isOpen = (offer: OfferState) =>
  offer.status === 'pending' || offer.status === 'countered' || offer.status === 'accepted';

/** The buyer's accepted offer whose price still holds at `now`, if any. */
export function heldOffer(state: ConversationState, now: Date): OfferState | null {
  return (
    state.offers.find((offer) => offer.status === 'accepted' && !isDue(offer.holdsUntil, now)) ??
    null
  );
}

function updateOffer(
  state: ConversationState,
  offerId: string,
  change: Partial<OfferState>,
): ConversationState {
  return {
    ...state,
    offers: state.offers.map((offer) =>
      offer.offerId === offerId ? { ...offer, ...change } : offer,
    ),
  };
}

const refOf = (data: ConversationRef): ConversationRef => ({
  conversationId: data.conversationId,
  listingId: data.listingId,
  listingTitle: data.listingTitle,
  buyerId: data.buyerId,
  sellerId: data.sellerId,
});

export function evolveConversation(
  state: ConversationState,
  event: ConversationEvent,
): ConversationState {
  const opened = state.ref ? state : { ...state, ref: refOf(event.data) };
  switch (event.type) {
    case 'MessageSent':
      return opened;
    case 'OfferMade':
      return {
        ...opened,
        offers: [
          ...opened.offers,
          {
            offerId: event.data.offerId,
            amountCents: event.data.amountCents,
            counterCents: null,
            status: 'pending',
            expiresAt: event.data.expiresAt,
            holdsUntil: null,
            acceptedCents: null,
          },
        ],
      };
    case 'OfferCountered':
      return updateOffer(opened, event.data.offerId, {
        status: 'countered',
        counterCents: event.data.amountCents,
        expiresAt: event.data.expiresAt,
      });
    case 'OfferAccepted':
      return updateOffer(opened, event.data.offerId, {
        status: 'accepted',
        acceptedCents: event.data.amountCents,
        expiresAt: null,
        holdsUntil: event.data.holdsUntil,
      });
    case 'OfferDeclined':
      return updateOffer(opened, event.data.offerId, { status: 'declined', expiresAt: null });
    case 'OfferExpired':
      return updateOffer(opened, event.data.offerId, { status: 'expired', expiresAt: null });
    case 'OfferRedeemed':
      return updateOffer(opened, event.data.offerId, { status: 'redeemed' });
    default:
      return state;
  }
}

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
  if ((offer.status === 'pending' || offer.status === 'countered') && isDue(offer.expiresAt, now))
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
  if (offer.status !== 'pending' && offer.status !== 'countered') notAnswerable(offer, now);
  if (isDue(offer.expiresAt, now)) notAnswerable(offer, now);
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
      const open = state.offers.find(
        (offer) => isOpen(offer) && !isDue(offer.expiresAt, now) && !isDue(offer.holdsUntil, now),
      );
      if (open) return reject('conflict', 'You already have an open offer on this item');
      if (state.offers.length >= OFFER_RULES.maxOffersPerListing)
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
    const unanswered =
      (offer.status === 'pending' || offer.status === 'countered') && isDue(offer.expiresAt, now);
    const lapsed = offer.status === 'accepted' && isDue(offer.holdsUntil, now);
    if (!unanswered && !lapsed) return [];
    return [
      {
        type: 'OfferExpired',
        data: {
          ...ref,
          offerId: offer.offerId,
          reason: unanswered ? 'unanswered' : 'hold_lapsed',
          expiredAt: at,
        },
      },
    ];
  });
}

export const conversationDecider: Decider<
  ConversationState,
  ConversationCommand,
  ConversationEvent
> = {
  initialState: () => ({ ref: null, offers: [] }),
  evolve: evolveConversation,
  decide: decideConversation,
};
