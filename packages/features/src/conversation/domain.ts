/**
 * A conversation's domain (docs/product.md §13): one per listing and buyer, with the offers
 * made in it. The offers' state machine is written here once; the decider folds it to decide,
 * the projection folds it to keep the read model, and the queries read an offer's status at a
 * given time with it. Pure: no clock, no I/O (times are passed in, in ms since the epoch).
 */
import { OFFER_RULES, type EventData, type EventOf, type OfferStatus } from '@rewear/contracts';

/** The events of a conversation's stream. */
export const CONVERSATION_EVENTS = [
  'MessageSent',
  'OfferMade',
  'OfferCountered',
  'OfferAccepted',
  'OfferDeclined',
  'OfferExpired',
  'OfferRedeemed',
] as const;

export type ConversationEvent = EventOf<(typeof CONVERSATION_EVENTS)[number]>;

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

export const initialConversation = (): ConversationState => ({ ref: null, offers: [] });

export const refOf = (data: ConversationRef): ConversationRef => ({
  conversationId: data.conversationId,
  listingId: data.listingId,
  listingTitle: data.listingTitle,
  buyerId: data.buyerId,
  sellerId: data.sellerId,
});

function updateOffer(
  offers: OfferState[],
  offerId: string,
  change: Partial<OfferState>,
): OfferState[] {
  return offers.map((offer) => (offer.offerId === offerId ? { ...offer, ...change } : offer));
}

/** The offers after one event: the one state machine of an offer's steps. */
export function evolveOffers(offers: OfferState[], event: ConversationEvent): OfferState[] {
  switch (event.type) {
    case 'MessageSent':
      return offers;
    case 'OfferMade':
      return [
        ...offers,
        {
          offerId: event.data.offerId,
          amountCents: event.data.amountCents,
          counterCents: null,
          status: 'pending',
          expiresAt: event.data.expiresAt,
          holdsUntil: null,
          acceptedCents: null,
        },
      ];
    case 'OfferCountered':
      return updateOffer(offers, event.data.offerId, {
        status: 'countered',
        counterCents: event.data.amountCents,
        expiresAt: event.data.expiresAt,
      });
    case 'OfferAccepted':
      return updateOffer(offers, event.data.offerId, {
        status: 'accepted',
        acceptedCents: event.data.amountCents,
        expiresAt: null,
        holdsUntil: event.data.holdsUntil,
      });
    case 'OfferDeclined':
      return updateOffer(offers, event.data.offerId, { status: 'declined', expiresAt: null });
    case 'OfferExpired':
      return updateOffer(offers, event.data.offerId, { status: 'expired', expiresAt: null });
    case 'OfferRedeemed':
      return updateOffer(offers, event.data.offerId, { status: 'redeemed' });
  }
}

/** The conversation after one event: the first event names it, every event may move an offer. */
export function evolveConversation(
  state: ConversationState,
  event: ConversationEvent,
): ConversationState {
  return { ref: state.ref ?? refOf(event.data), offers: evolveOffers(state.offers, event) };
}

export const isDue = (at: string | null, now: number) => at !== null && Date.parse(at) <= now;

/** Waiting for an answer: the seller's to an offer, the buyer's to a counter. */
export const isUnanswered = (offer: OfferState) =>
  offer.status === 'pending' || offer.status === 'countered';

/**
 * Why an offer's time has come at `now`, before any event says so: unanswered past its window,
 * or accepted and not bought within its hold. Null while it has time left (or has no timer).
 */
export function dueExpiry(offer: OfferState, now: number): 'unanswered' | 'hold_lapsed' | null {
  if (isUnanswered(offer) && isDue(offer.expiresAt, now)) return 'unanswered';
  if (offer.status === 'accepted' && isDue(offer.holdsUntil, now)) return 'hold_lapsed';
  return null;
}

/** An offer's status as of `now`: a lapsed timer reads as expired before the sweeper records it. */
export const statusAt = (offer: OfferState, now: number): OfferStatus =>
  dueExpiry(offer, now) ? 'expired' : offer.status;

/** The open offer at `now`, if any: waiting for an answer, or accepted and still holding. */
export function openOffer(offers: readonly OfferState[], now: number): OfferState | null {
  const open: OfferStatus[] = ['pending', 'countered', 'accepted'];
  return offers.find((offer) => open.includes(statusAt(offer, now))) ?? null;
}

/** The buyer's accepted offer whose price still holds at `now`, if any. */
export function heldOffer(offers: readonly OfferState[], now: number): OfferState | null {
  return offers.find((offer) => statusAt(offer, now) === 'accepted') ?? null;
}

/** Every offer a buyer may make on one listing has been made. */
export const offersUsedUp = (offers: readonly OfferState[]) =>
  offers.length >= OFFER_RULES.maxOffersPerListing;

/** May the buyer make another offer at `now`: none open, and not all of them used. */
export const mayMakeOffer = (offers: readonly OfferState[], now: number) =>
  !openOffer(offers, now) && !offersUsedUp(offers);
