import { describe, it } from 'vitest';
import { REVIEW_RULES } from '@rewear/contracts';
import {
  reviewDecider,
  type ReviewEvent,
  type ShipmentFacts,
} from '@rewear/features/review/decider';
import { given, NOW } from './given.ts';

const at = (ms: number) => new Date(NOW.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;

const completed: ShipmentFacts = {
  shipmentId: 'o1.s1',
  buyerId: 'b1',
  sellerId: 's1',
  status: 'completed',
};
const write = (authorId: string, shipment: ShipmentFacts | null = completed) => ({
  shipment,
  authorId,
  rating: 5,
  text: 'Lovely jacket, fast shipping',
});
const leave = (authorId: string, shipment?: ShipmentFacts | null) =>
  ({ type: 'LeaveReview', ...write(authorId, shipment) }) as const;
const edit = (authorId: string, changes: { rating?: number; text?: string } = {}) =>
  ({ type: 'EditReview', ...write(authorId), ...changes }) as const;

const buyerLeft: ReviewEvent = {
  type: 'ReviewLeft',
  data: {
    shipmentId: 'o1.s1',
    authorId: 'b1',
    authorRole: 'buyer',
    subjectId: 's1',
    rating: 5,
    text: 'Lovely jacket, fast shipping',
    leftAt: iso(0),
  },
};

describe('review decider', () => {
  it('given a completed shipment, when its buyer reviews, then the seller is reviewed', () => {
    given(reviewDecider, []).when(leave('b1')).then([buyerLeft]);
  });

  it('given a completed shipment, when its seller reviews, then the buyer is reviewed', () => {
    given(reviewDecider, [buyerLeft])
      .when(leave('s1'))
      .then([
        {
          type: 'ReviewLeft',
          data: { ...buyerLeft.data, authorId: 's1', authorRole: 'seller', subjectId: 'b1' },
        },
      ]);
  });

  it('needs two people: on a shipment its seller bought from themselves, no one reviews', () => {
    const bought = { ...completed, shipmentId: 'o2.s1', buyerId: 's1' };
    given(reviewDecider, [])
      .when(leave('s1', bought))
      .thenRejects('invalid', 'You cannot review yourself');
    given(reviewDecider, [])
      .when({ type: 'EditReview', ...write('s1', bought) })
      .thenRejects('invalid', 'You cannot review yourself');
  });

  it('reviews once per party: a second review is refused with the reason', () => {
    given(reviewDecider, [buyerLeft])
      .when(leave('b1'))
      .thenRejects('conflict', /already reviewed this order/);
  });

  it.each([
    'awaiting_shipment',
    'shipped',
    'delivered',
    'on_hold',
    'refunded',
    'cancelled',
  ] as const)('only after completion: a %s shipment cannot be reviewed yet', (status) => {
    given(reviewDecider, [])
      .when(leave('b1', { ...completed, status }))
      .thenRejects('conflict', 'Reviews open once the shipment is completed');
  });

  it('only the buyer or the seller of that shipment: anyone else is forbidden', () => {
    given(reviewDecider, [])
      .when(leave('someone-else'))
      .thenRejects('forbidden', /Only the buyer or the seller/);
    given(reviewDecider, [buyerLeft])
      .when(edit('someone-else'))
      .thenRejects('forbidden', /Only the buyer or the seller/);
  });

  it('an unknown shipment is not found', () => {
    given(reviewDecider, []).when(leave('b1', null)).thenRejects('not_found', 'Shipment not found');
  });

  it('refuses a rating outside 1 to 5 or a text over 1,000 characters', () => {
    given(reviewDecider, [])
      .when({ ...leave('b1'), rating: 6 })
      .thenRejects('invalid', /1 to 5/);
    given(reviewDecider, [])
      .when({ ...leave('b1'), text: 'x'.repeat(1001) })
      .thenRejects('invalid', /1000 characters/);
  });

  it('the author edits within 7 days (the clock is injected)', () => {
    given(reviewDecider, [buyerLeft])
      .when(
        edit('b1', { rating: 3, text: 'Good, a little small' }),
        at(REVIEW_RULES.editWindowMs - 1),
      )
      .then([
        {
          type: 'ReviewEdited',
          data: {
            shipmentId: 'o1.s1',
            authorId: 'b1',
            authorRole: 'buyer',
            subjectId: 's1',
            rating: 3,
            text: 'Good, a little small',
            editedAt: iso(REVIEW_RULES.editWindowMs - 1),
          },
        },
      ]);
  });

  it('7 days after it was left, a review can no longer change', () => {
    given(reviewDecider, [buyerLeft])
      .when(edit('b1', { rating: 1 }), at(7 * DAY))
      .thenRejects('conflict', 'Reviews can be changed for 7 days');
  });

  it('an edit counts from when the review was left, not from the last edit', () => {
    const edited: ReviewEvent = {
      type: 'ReviewEdited',
      data: {
        shipmentId: 'o1.s1',
        authorId: 'b1',
        authorRole: 'buyer',
        subjectId: 's1',
        rating: 4,
        text: 'Fine',
        editedAt: iso(6 * DAY),
      },
    };
    given(reviewDecider, [buyerLeft, edited])
      .when(edit('b1', { rating: 2 }), at(7 * DAY + 1))
      .thenRejects('conflict', 'Reviews can be changed for 7 days');
  });

  it('an edit before any review is refused; one that changes nothing appends nothing', () => {
    given(reviewDecider, [])
      .when(edit('b1'))
      .thenRejects('conflict', 'You have not reviewed this order yet');
    given(reviewDecider, [buyerLeft]).when(edit('b1')).then([]);
  });

  it('the window is per review: the buyer may review weeks after the seller did', () => {
    const sellerLeft: ReviewEvent = {
      type: 'ReviewLeft',
      data: { ...buyerLeft.data, authorId: 's1', authorRole: 'seller', subjectId: 'b1' },
    };
    given(reviewDecider, [sellerLeft])
      .when(leave('b1'), at(30 * DAY))
      .then([{ type: 'ReviewLeft', data: { ...buyerLeft.data, leftAt: iso(30 * DAY) } }]);
  });
});
