/**
 * The offers' state machine is written once (src/conversation/domain.ts): the state the decider
 * folds from a stream and the document the projection keeps from the same events agree, step
 * by step, for every offer transition; and the query face reads an offer's status, the held
 * offer and whether another offer may be made at a given time as the decider does.
 */
import { describe, expect, it } from 'vitest';
import { OFFER_RULES } from '@rewear/contracts';
import { conversationDecider } from '@rewear/features/conversation/decider';
import {
  CONVERSATION_EVENTS,
  heldOffer,
  mayMakeOffer,
  statusAt,
  type ConversationEvent,
} from '@rewear/features/conversation/domain';
import {
  offerOfDoc,
  projectConversation,
  type ConversationDoc,
  type ConversationEnvelope,
} from '@rewear/features/conversation/projection';
import { canOffer, heldOfferOf, offerView } from '@rewear/features/conversation/queries';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(T0 + ms).toISOString();
const ref = {
  conversationId: 'l1_b1',
  listingId: 'l1',
  listingTitle: 'Wool coat',
  buyerId: 'b1',
  sellerId: 's1',
};

const message = (ms = 0): ConversationEvent => ({
  type: 'MessageSent',
  data: { ...ref, senderId: 'b1', text: 'Still there?', sentAt: iso(ms) },
});
const made = (offerId: string, amountCents: number, ms = 0): ConversationEvent => ({
  type: 'OfferMade',
  data: {
    ...ref,
    offerId,
    amountCents,
    listPriceCents: 4000,
    madeAt: iso(ms),
    expiresAt: iso(ms + OFFER_RULES.answerWithinMs),
  },
});
const countered = (offerId: string, amountCents: number, ms = HOUR): ConversationEvent => ({
  type: 'OfferCountered',
  data: {
    ...ref,
    offerId,
    amountCents,
    counteredAt: iso(ms),
    expiresAt: iso(ms + OFFER_RULES.answerWithinMs),
  },
});
const accepted = (
  offerId: string,
  by: 'buyer' | 'seller',
  amountCents: number,
  ms = 2 * HOUR,
): ConversationEvent => ({
  type: 'OfferAccepted',
  data: {
    ...ref,
    offerId,
    acceptedBy: by,
    amountCents,
    acceptedAt: iso(ms),
    holdsUntil: iso(ms + OFFER_RULES.holdMs),
  },
});
const declined = (offerId: string, by: 'buyer' | 'seller', ms = 2 * HOUR): ConversationEvent => ({
  type: 'OfferDeclined',
  data: { ...ref, offerId, declinedBy: by, declinedAt: iso(ms) },
});
const expired = (
  offerId: string,
  reason: 'unanswered' | 'hold_lapsed',
  ms: number,
): ConversationEvent => ({
  type: 'OfferExpired',
  data: { ...ref, offerId, reason, expiredAt: iso(ms) },
});
const redeemed = (offerId: string, ms = 3 * HOUR): ConversationEvent => ({
  type: 'OfferRedeemed',
  data: { ...ref, offerId, orderId: 'order-1', redeemedAt: iso(ms) },
});

/** The stream's events as the store would deliver them to the projection. */
const envelopes = (events: ConversationEvent[]) =>
  delivered<ConversationEnvelope>('conversation-l1_b1', events, iso);

const ANSWER = OFFER_RULES.answerWithinMs;
const HOLD = OFFER_RULES.holdMs;

/** Every offer step: made, countered, accepted (by either party), declined, expired, redeemed. */
const SEQUENCES: Array<[string, ConversationEvent[]]> = [
  ['a message only', [message()]],
  ['an offer made', [message(), made('o1', 2500)]],
  ['an offer countered', [made('o1', 2500), countered('o1', 3200)]],
  ['an offer accepted by the seller', [made('o1', 2500), accepted('o1', 'seller', 2500)]],
  [
    'a counter accepted by the buyer',
    [made('o1', 2500), countered('o1', 3200), accepted('o1', 'buyer', 3200)],
  ],
  ['an offer declined by the seller', [made('o1', 2500), declined('o1', 'seller')]],
  [
    'a counter declined by the buyer',
    [made('o1', 2500), countered('o1', 3200), declined('o1', 'buyer')],
  ],
  ['an offer expired unanswered', [made('o1', 2500), expired('o1', 'unanswered', ANSWER)]],
  [
    'a counter expired unanswered',
    [made('o1', 2500), countered('o1', 3200), expired('o1', 'unanswered', HOUR + ANSWER)],
  ],
  [
    'an accepted offer whose hold lapsed',
    [made('o1', 2500), accepted('o1', 'seller', 2500), expired('o1', 'hold_lapsed', HOLD)],
  ],
  [
    'an accepted offer bought',
    [made('o1', 2500), accepted('o1', 'seller', 2500), redeemed('o1'), message(4 * HOUR)],
  ],
  [
    'an offer bought after its hold lapsed',
    [
      made('o1', 2500),
      accepted('o1', 'seller', 2500),
      expired('o1', 'hold_lapsed', 2 * HOUR + HOLD),
      redeemed('o1', 2 * HOUR + HOLD + 1),
    ],
  ],
  [
    'three offers, one after another',
    [
      made('o1', 2000),
      declined('o1', 'seller'),
      made('o2', 2500, 3 * HOUR),
      expired('o2', 'unanswered', 3 * HOUR + ANSWER),
      made('o3', 3000, 4 * HOUR + ANSWER),
      countered('o3', 3500, 5 * HOUR + ANSWER),
    ],
  ],
];

/** Times to read the offers at: before, at and after the sequences' deadlines. */
const PROBES = [
  0,
  HOUR,
  3 * HOUR,
  HOLD + 3 * HOUR,
  ANSWER,
  ANSWER + HOUR,
  ANSWER + 6 * HOUR,
  10 * ANSWER,
].map((ms) => T0 + ms);

describe('conversation: one offer state machine for the decider, the projection and the queries', () => {
  it.each(SEQUENCES)('%s: the folded state and the projected document agree', (_, events) => {
    let state = conversationDecider.initialState();
    let doc: ConversationDoc | null = null;
    const delivered = envelopes(events);
    for (const [i, event] of events.entries()) {
      state = conversationDecider.evolve(state, event);
      doc = projectConversation(doc, delivered[i]!);
      // After every step, not only the last one.
      expect(doc.offers.map(offerOfDoc)).toEqual(state.offers);
      expect({
        conversationId: doc._id,
        listingId: doc.listing_id,
        listingTitle: doc.listing_title,
        buyerId: doc.buyer_id,
        sellerId: doc.seller_id,
      }).toEqual(state.ref);
    }
    for (const now of PROBES) {
      expect(heldOfferOf(doc, now)).toEqual(heldOffer(state.offers, now));
      expect(canOffer(doc!, now)).toBe(mayMakeOffer(state.offers, now));
      expect(doc!.offers.map((offer) => offerView(offer, now).status)).toEqual(
        state.offers.map((offer) => statusAt(offer, now)),
      );
    }
  });

  it('covers every offer event and every status', () => {
    const events = SEQUENCES.flatMap(([, sequence]) => sequence);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(CONVERSATION_EVENTS));
    const statuses = SEQUENCES.flatMap(
      ([, sequence]) =>
        sequence.reduce(conversationDecider.evolve, conversationDecider.initialState()).offers,
    ).map((offer) => offer.status);
    expect(new Set(statuses)).toEqual(
      new Set(['pending', 'countered', 'accepted', 'declined', 'expired', 'redeemed']),
    );
  });

  it('reads an offer past its time as expired before any event says so', () => {
    const offers = [made('o1', 2500)].reduce(
      conversationDecider.evolve,
      conversationDecider.initialState(),
    ).offers;
    expect(statusAt(offers[0]!, T0 + ANSWER - 1)).toBe('pending');
    expect(statusAt(offers[0]!, T0 + ANSWER)).toBe('expired');
  });
});
