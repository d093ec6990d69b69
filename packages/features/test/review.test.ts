/**
 * A user's rating is written once (src/review/domain.ts: receiveReview, ratingTotals): the public
 * profile and the rating the catalogue carries onto listings count the same reviews, whatever
 * the order and repetition of delivery; each received review reads as the decider folded it
 * from its stream; and a review of oneself, which the decider refuses, neither read model counts.
 */
import { describe, expect, it } from 'vitest';
import { sellerRatingFrom } from '@rewear/contracts';
import { reviewDecider, type ShipmentFacts } from '@rewear/features/review/decider';
import { CommandRejected } from '@rewear/features/shared/decider';
import {
  evolveReview,
  initialReviewState,
  type ReviewEvent,
  type ReviewState,
} from '@rewear/features/review/domain';
import {
  emptyProfile,
  emptySellerRating,
  projectProfile,
  projectSellerRating,
  type ProfileEvent,
  type SellerRatingEvent,
} from '@rewear/features/review/projection';
import { ratingOf } from '@rewear/features/review/queries';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(T0 + ms).toISOString();

const left = (shipmentId: string, authorId: string, rating: number, ms = 0): ReviewEvent => ({
  type: 'ReviewLeft',
  data: {
    shipmentId,
    authorId,
    authorRole: 'buyer',
    subjectId: 's1',
    rating,
    text: `Review of ${shipmentId}`,
    leftAt: iso(ms),
  },
});
const edited = (shipmentId: string, authorId: string, rating: number, ms: number): ReviewEvent => ({
  type: 'ReviewEdited',
  data: {
    shipmentId,
    authorId,
    authorRole: 'buyer',
    subjectId: 's1',
    rating,
    text: `Changed at ${ms}`,
    editedAt: iso(ms),
  },
});

/** Deliveries of one seller's reviews: in order, redelivered, out of order, of oneself. */
const DELIVERIES: Array<[string, ReviewEvent[]]> = [
  ['none', []],
  ['one review', [left('o1.s1', 'b1', 4)]],
  ['two reviews', [left('o1.s1', 'b1', 4), left('o2.s1', 'b2', 2, HOUR)]],
  ['a redelivered review', [left('o1.s1', 'b1', 4), left('o1.s1', 'b1', 4)]],
  ['an edit', [left('o1.s1', 'b1', 4), edited('o1.s1', 'b1', 1, HOUR)]],
  [
    'an older edit redelivered after a newer one',
    [
      left('o1.s1', 'b1', 4),
      edited('o1.s1', 'b1', 2, HOUR),
      edited('o1.s1', 'b1', 5, 2 * HOUR),
      edited('o1.s1', 'b1', 2, HOUR),
    ],
  ],
  ['an edit before its review', [edited('o1.s1', 'b1', 1, HOUR), left('o1.s1', 'b1', 4)]],
  [
    'a review of oneself and its edit',
    [left('o1.s1', 's1', 5), edited('o1.s1', 's1', 5, HOUR), left('o2.s1', 'b2', 3, HOUR)],
  ],
];

function fold(events: ReviewEvent[]) {
  // The seller's reviews come from several shipments' streams; the projections read no stream id.
  const envelopes = delivered<SellerRatingEvent & ProfileEvent>('review-o1.s1', events, iso);
  return {
    profile: envelopes.reduce(projectProfile, emptyProfile('s1')),
    rating: envelopes.reduce(projectSellerRating, emptySellerRating('s1')),
  };
}

describe("a seller's rating, the same on their profile and on their listings", () => {
  it.each(DELIVERIES)('%s', (_, events) => {
    const { profile, rating } = fold(events);
    expect(profile.rating_sum).toBe(rating.rating_sum);
    expect(profile.rating_count).toBe(rating.rating_count);
    expect(ratingOf(profile)).toEqual(sellerRatingFrom(rating.rating_sum, rating.rating_count));
    const stars = (reviews: { shipment_id: string; author_id: string; rating: number }[]) =>
      reviews.map((r) => `${r.shipment_id}/${r.author_id}:${r.rating}`).sort();
    expect(stars(profile.reviews)).toEqual(stars(rating.reviews));
  });

  it('counts no review of oneself', () => {
    const { profile, rating } = fold(DELIVERIES.at(-1)![1]);
    expect(profile.reviews.map((r) => r.author_id)).toEqual(['b2']);
    expect(rating).toMatchObject({ rating_sum: 3, rating_count: 1 });
  });
});

describe('each received review reads as the decider folded it', () => {
  it.each(DELIVERIES.filter(([name]) => !name.includes('before') && !name.includes('oneself')))(
    '%s',
    (_, events) => {
      const { profile } = fold(events);
      const streams = new Map<string, ReviewState>();
      // The stream holds each event once, in order; a redelivery is the projection's concern.
      const stream = [...new Map(events.map((e) => [JSON.stringify(e), e])).values()];
      for (const event of stream) {
        const state = streams.get(event.data.shipmentId) ?? initialReviewState();
        streams.set(event.data.shipmentId, evolveReview(state, event));
      }
      for (const [shipmentId, state] of streams) {
        const held = state.buyer!;
        const doc = profile.reviews.find((r) => r.shipment_id === shipmentId)!;
        expect({ rating: doc.rating, text: doc.text, leftAt: doc.left_at }).toEqual({
          rating: held.rating,
          text: held.text,
          leftAt: held.leftAt,
        });
      }
    },
  );
});

describe('a review of oneself', () => {
  const own: ShipmentFacts = {
    shipmentId: 'o1.s1',
    buyerId: 's1',
    sellerId: 's1',
    status: 'completed',
  };

  it('is refused by the decider and counted by neither read model', () => {
    const leave = () =>
      reviewDecider.decide(
        { type: 'LeaveReview', shipment: own, authorId: 's1', rating: 5, text: 'Great' },
        reviewDecider.initialState(),
        { now: new Date(T0), newId: () => 'id-1' },
      );
    expect(leave).toThrow(CommandRejected);
    expect(fold([left('o1.s1', 's1', 5)]).rating).toMatchObject({ rating_count: 0 });
  });
});
