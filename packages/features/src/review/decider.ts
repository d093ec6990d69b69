/**
 * The review's command face (docs/product.md §12): after a shipment completes, its buyer and its
 * seller may each review the other once, then change that review for 7 days. Stream
 * `review-{shipmentId}`; its state and who reviews whom are the domain's (`./domain.ts`). The
 * shipment's facts come with the command (read from the shipment's own stream by the route), so
 * the rules stay pure.
 */
import {
  REVIEW_EDIT_CLOSED_MESSAGE,
  REVIEW_RULES,
  type EventData,
  type ShipmentStatus,
} from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import {
  authorOf,
  evolveReview,
  initialReviewState,
  isSelfReview,
  type Parties,
  type ReviewEvent,
  type ReviewState,
} from './domain.ts';

export type { ReviewEvent, ReviewState } from './domain.ts';

/** What the review rules need of the shipment; null when there is no such shipment. */
export interface ShipmentFacts extends Parties {
  shipmentId: string;
  status: ShipmentStatus;
}

interface Writing {
  shipment: ShipmentFacts | null;
  authorId: string;
  rating: number;
  text: string;
}

export type ReviewCommand =
  ({ type: 'LeaveReview' } & Writing) | ({ type: 'EditReview' } & Writing);

/** The 400 of a review whose author would be its subject (a shipment bought from oneself). */
export const selfReviewMessage = 'You cannot review yourself';

/**
 * Who writes (403 to anyone else), that a review is between two people (400), then whether
 * reviews are open (409).
 */
function authorship(shipment: ShipmentFacts | null, authorId: string) {
  if (!shipment) return reject('not_found', 'Shipment not found');
  const author = authorOf(shipment, authorId);
  if (!author)
    return reject('forbidden', 'Only the buyer or the seller of this shipment can review it');
  // Buying one's own listing is refused now; a shipment recorded before that has one party.
  if (isSelfReview({ authorId, subjectId: author.subjectId }))
    return reject('invalid', selfReviewMessage);
  if (shipment.status !== 'completed')
    reject('conflict', 'Reviews open once the shipment is completed');
  return { ...author, shipmentId: shipment.shipmentId };
}

/** The body schema checks these too; the decider holds its own rule rather than trust callers. */
function checkContent(rating: number, text: string) {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5)
    reject('invalid', 'rating must be a whole number of stars from 1 to 5');
  if (text.length > REVIEW_RULES.textMax)
    reject('invalid', 'Please keep the review to at most 1000 characters');
}

function decideReview(
  command: ReviewCommand,
  state: ReviewState,
  { now }: { now: Date },
): ReviewEvent[] {
  const { role, subjectId, shipmentId } = authorship(command.shipment, command.authorId);
  checkContent(command.rating, command.text);
  const content = { rating: command.rating, text: command.text };
  const common = { shipmentId, authorId: command.authorId, authorRole: role, subjectId };
  const held = state[role];
  switch (command.type) {
    case 'LeaveReview': {
      if (held)
        reject(
          'conflict',
          'You have already reviewed this order; you can change your review for 7 days',
        );
      const data: EventData<'ReviewLeft'> = { ...common, ...content, leftAt: now.toISOString() };
      return [{ type: 'ReviewLeft', data }];
    }
    case 'EditReview': {
      if (!held) return reject('conflict', 'You have not reviewed this order yet');
      if (now.getTime() >= Date.parse(held.leftAt) + REVIEW_RULES.editWindowMs)
        reject('conflict', REVIEW_EDIT_CLOSED_MESSAGE);
      if (held.rating === content.rating && held.text === content.text) return []; // nothing changes
      return [
        { type: 'ReviewEdited', data: { ...common, ...content, editedAt: now.toISOString() } },
      ];
    }
  }
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: initialReviewState,
  evolve: evolveReview,
  decide: decideReview,
};
