/**
 * The reviews of one shipment (docs/product.md §12): after it completes, its buyer and its seller
 * may each review the other once, then change that review for 7 days. Stream
 * `review-{shipmentId}`. The shipment's facts come with the command (read from the shipment's
 * own stream by the route), so the rules stay pure.
 */
import {
  REVIEW_EDIT_CLOSED_MESSAGE,
  REVIEW_RULES,
  type EventData,
  type EventOf,
  type ShipmentRole,
  type ShipmentStatus,
} from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

export type ReviewEvent = EventOf<'ReviewLeft' | 'ReviewEdited'>;

export interface HeldReview {
  rating: number;
  text: string;
  leftAt: string;
  editedAt: string | null;
}

export interface ReviewState {
  buyer: HeldReview | null;
  seller: HeldReview | null;
}

/** What the review rules need of the shipment; null when there is no such shipment. */
export interface ShipmentFacts {
  shipmentId: string;
  buyerId: string;
  sellerId: string;
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

export const initialReviewState = (): ReviewState => ({ buyer: null, seller: null });

export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  const role = event.data.authorRole;
  switch (event.type) {
    case 'ReviewLeft':
      return {
        ...state,
        [role]: {
          rating: event.data.rating,
          text: event.data.text,
          leftAt: event.data.leftAt,
          editedAt: null,
        },
      };
    case 'ReviewEdited': {
      const held = state[role];
      if (!held) return state;
      return {
        ...state,
        [role]: {
          ...held,
          rating: event.data.rating,
          text: event.data.text,
          editedAt: event.data.editedAt,
        },
      };
    }
    default:
      return state;
  }
}

/** The 400 of a review whose author would be its subject (a shipment bought from oneself). */
export const selfReviewMessage = 'You cannot review yourself';

/**
 * Who writes (403 to anyone else), that a review is between two people (400), then whether
 * reviews are open (409).
 */
function authorship(shipment: ShipmentFacts | null, authorId: string) {
  if (!shipment) return reject('not_found', 'Shipment not found');
  const role: ShipmentRole | null =
    authorId === shipment.buyerId ? 'buyer' : authorId === shipment.sellerId ? 'seller' : null;
  if (!role)
    return reject('forbidden', 'Only the buyer or the seller of this shipment can review it');
  // Buying one's own listing is refused now; a shipment recorded before that has one party.
  if (shipment.buyerId === shipment.sellerId) return reject('invalid', selfReviewMessage);
  if (shipment.status !== 'completed')
    reject('conflict', 'Reviews open once the shipment is completed');
  const subjectId = role === 'buyer' ? shipment.sellerId : shipment.buyerId;
  return { role, subjectId, shipmentId: shipment.shipmentId };
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
