import { describe, it } from 'vitest';
import { OFFER_RULES } from '@rewear/contracts';
import {
  conversationDecider,
  type ConversationEvent,
  type ListingFacts,
} from '@rewear/features/conversation/decider';
import { bundleDecider } from '@rewear/features/bundle/decider';
import { given, NOW } from './given.ts';

const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();

const listing: ListingFacts = {
  listingId: 'l1',
  title: 'Wool coat',
  sellerId: 'seller',
  priceCents: 4000,
  available: true,
};
const ref = {
  conversationId: 'l1_buyer',
  listingId: 'l1',
  listingTitle: 'Wool coat',
  buyerId: 'buyer',
  sellerId: 'seller',
};
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
const countered = (amountCents: number, ms = 0): ConversationEvent => ({
  type: 'OfferCountered',
  data: {
    ...ref,
    offerId: 'o1',
    amountCents,
    counteredAt: iso(ms),
    expiresAt: iso(ms + OFFER_RULES.answerWithinMs),
  },
});
const accepted = (by: 'buyer' | 'seller', amountCents: number, ms = 0): ConversationEvent => ({
  type: 'OfferAccepted',
  data: {
    ...ref,
    offerId: 'o1',
    acceptedBy: by,
    amountCents,
    acceptedAt: iso(ms),
    holdsUntil: iso(ms + OFFER_RULES.holdMs),
  },
});
const declined = (offerId: string, by: 'buyer' | 'seller'): ConversationEvent => ({
  type: 'OfferDeclined',
  data: { ...ref, offerId, declinedBy: by, declinedAt: iso(0) },
});
const expired = (
  offerId: string,
  reason: 'unanswered' | 'hold_lapsed',
  ms: number,
): ConversationEvent => ({
  type: 'OfferExpired',
  data: { ...ref, offerId, reason, expiredAt: iso(ms) },
});
const offer = (amountCents: number, over: Partial<ListingFacts> = {}) => ({
  type: 'MakeOffer' as const,
  actorId: 'buyer',
  amountCents,
  listing: { ...listing, ...over },
});

describe('conversation: messages', () => {
  it('the buyer opens it with a first message; both parties write in it', () => {
    given(conversationDecider, [])
      .when({ type: 'SendMessage', actorId: 'buyer', text: '  Still there? ', listing })
      .then([
        {
          type: 'MessageSent',
          data: { ...ref, senderId: 'buyer', text: 'Still there?', sentAt: iso(0) },
        },
      ]);
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'SendMessage', actorId: 'seller', text: 'Yes' })
      .then([
        { type: 'MessageSent', data: { ...ref, senderId: 'seller', text: 'Yes', sentAt: iso(0) } },
      ]);
  });

  it('refuses a message to oneself, a stranger, and a reply with no conversation', () => {
    given(conversationDecider, [])
      .when({ type: 'SendMessage', actorId: 'seller', text: 'Hi', listing })
      .thenRejects('invalid', /yourself/);
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'SendMessage', actorId: 'stranger', text: 'Hi' })
      .thenRejects('forbidden');
    given(conversationDecider, [])
      .when({ type: 'SendMessage', actorId: 'seller', text: 'Hi' })
      .thenRejects('not_found');
  });
});

describe('conversation: making an offer', () => {
  it('records an offer of at least half the price that expires in 48 hours', () => {
    given(conversationDecider, [])
      .when(offer(2000))
      .then([{ ...made('id-1', 2000) }]);
  });

  it('refuses below half the price, at or above the price, on one’s own or a sold listing', () => {
    given(conversationDecider, [])
      .when(offer(1999))
      .thenRejects('invalid', /at least \$20\.00/);
    given(conversationDecider, [])
      .when(offer(4000))
      .thenRejects('invalid', /below the price/);
    given(conversationDecider, [])
      .when({ ...offer(3000), actorId: 'seller' })
      .thenRejects('invalid', /your own listing/);
    given(conversationDecider, [])
      .when(offer(3000, { available: false }))
      .thenRejects('conflict', /no longer available/);
  });

  it('allows one open offer at a time and three in all', () => {
    given(conversationDecider, [made('o1', 2500)])
      .when(offer(3000))
      .thenRejects('conflict', /open offer/);
    given(conversationDecider, [made('o1', 2500), declined('o1', 'seller')])
      .when(offer(3000))
      .then([made('id-1', 3000)]);
    given(conversationDecider, [
      made('o1', 2500),
      declined('o1', 'seller'),
      made('o2', 2600),
      declined('o2', 'seller'),
      made('o3', 2700),
      declined('o3', 'seller'),
    ])
      .when(offer(3000))
      .thenRejects('conflict', /at most 3 offers/);
  });

  it('a new offer after an unanswered one expires the old one first', () => {
    given(conversationDecider, [made('o1', 2500)])
      .when(offer(3000), at(OFFER_RULES.answerWithinMs))
      .then([
        expired('o1', 'unanswered', OFFER_RULES.answerWithinMs),
        made('id-1', 3000, OFFER_RULES.answerWithinMs),
      ]);
  });
});

describe('conversation: answering an offer', () => {
  it('the seller accepts; the price holds 24 hours', () => {
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'AcceptOffer', actorId: 'seller', offerId: 'o1' }, at(HOUR))
      .then([accepted('seller', 3000, HOUR)]);
  });

  it('the seller counters once, above the offer; the buyer accepts the counter at its amount', () => {
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'CounterOffer', actorId: 'seller', offerId: 'o1', amountCents: 3500 })
      .then([countered(3500)]);
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'CounterOffer', actorId: 'seller', offerId: 'o1', amountCents: 3000 })
      .thenRejects('invalid', /above the offer/);
    given(conversationDecider, [made('o1', 3000), countered(3500)])
      .when({ type: 'CounterOffer', actorId: 'seller', offerId: 'o1', amountCents: 3600 })
      .thenRejects('forbidden', /buyer answers a counter/);
    given(conversationDecider, [made('o1', 3000), countered(3500)])
      .when({ type: 'AcceptOffer', actorId: 'buyer', offerId: 'o1' })
      .then([accepted('buyer', 3500)]);
  });

  it('only the party the step waits for answers it', () => {
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'AcceptOffer', actorId: 'buyer', offerId: 'o1' })
      .thenRejects('forbidden', /Only the seller/);
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'AcceptOffer', actorId: 'stranger', offerId: 'o1' })
      .thenRejects('forbidden', /not yours/);
    given(conversationDecider, [made('o1', 3000), countered(3500)])
      .when({ type: 'DeclineOffer', actorId: 'buyer', offerId: 'o1' })
      .then([declined('o1', 'buyer')]);
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'DeclineOffer', actorId: 'seller', offerId: 'nope' })
      .thenRejects('not_found');
  });

  it('an offer past its 48 hours cannot be answered; a declined one neither', () => {
    given(conversationDecider, [made('o1', 3000)])
      .when(
        { type: 'AcceptOffer', actorId: 'seller', offerId: 'o1' },
        at(OFFER_RULES.answerWithinMs),
      )
      .thenRejects('conflict', /expired/);
    given(conversationDecider, [made('o1', 3000), declined('o1', 'seller')])
      .when({ type: 'AcceptOffer', actorId: 'seller', offerId: 'o1' })
      .thenRejects('conflict', /declined/);
  });
});

describe('conversation: timers and redemption', () => {
  it('expires an unanswered offer at 48 hours, not before', () => {
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'ExpireDueOffers' }, at(OFFER_RULES.answerWithinMs - 1))
      .then([]);
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'ExpireDueOffers' }, at(OFFER_RULES.answerWithinMs))
      .then([expired('o1', 'unanswered', OFFER_RULES.answerWithinMs)]);
  });

  it('ends an accepted offer’s hold after 24 hours unless redeemed', () => {
    given(conversationDecider, [made('o1', 3000), accepted('seller', 3000)])
      .when({ type: 'ExpireDueOffers' }, at(OFFER_RULES.holdMs))
      .then([expired('o1', 'hold_lapsed', OFFER_RULES.holdMs)]);
    const redeemed: ConversationEvent = {
      type: 'OfferRedeemed',
      data: { ...ref, offerId: 'o1', orderId: 'order1', redeemedAt: iso(HOUR) },
    };
    given(conversationDecider, [made('o1', 3000), accepted('seller', 3000)])
      .when({ type: 'RedeemOffer', offerId: 'o1', orderId: 'order1' }, at(HOUR))
      .then([redeemed]);
    given(conversationDecider, [made('o1', 3000), accepted('seller', 3000), redeemed])
      .when({ type: 'ExpireDueOffers' }, at(OFFER_RULES.holdMs))
      .then([]);
    given(conversationDecider, [made('o1', 3000)])
      .when({ type: 'RedeemOffer', offerId: 'o1', orderId: 'order1' })
      .then([]);
  });
});

describe('bundle discounts', () => {
  it('records tiers sorted by size; the same tiers again change nothing', () => {
    const tiers = [
      { minItems: 3, percent: 20 },
      { minItems: 2, percent: 10 },
    ];
    const set = {
      type: 'BundleDiscountsSet' as const,
      data: {
        sellerId: 's1',
        tiers: [tiers[1]!, tiers[0]!],
        setAt: iso(0),
      },
    };
    given(bundleDecider, [])
      .when({ type: 'SetBundleDiscounts', sellerId: 's1', tiers })
      .then([set]);
    given(bundleDecider, [set])
      .when({ type: 'SetBundleDiscounts', sellerId: 's1', tiers })
      .then([]);
  });

  it('refuses a bigger bundle with a smaller discount and two tiers of one size', () => {
    given(bundleDecider, [])
      .when({
        type: 'SetBundleDiscounts',
        sellerId: 's1',
        tiers: [
          { minItems: 2, percent: 20 },
          { minItems: 3, percent: 10 },
        ],
      })
      .thenRejects('invalid', /bigger discount/);
    given(bundleDecider, [])
      .when({
        type: 'SetBundleDiscounts',
        sellerId: 's1',
        tiers: [
          { minItems: 2, percent: 10 },
          { minItems: 2, percent: 20 },
        ],
      })
      .thenRejects('invalid', /Two discounts/);
  });
});
