/**
 * Reviews of a completed shipment (docs/product.md §12): its buyer or seller leaves one (POST)
 * and may change it for 7 days (PUT). The route reads the shipment's own stream for who its
 * buyer and seller are and whether it completed; the decider (the review feature's, in
 * packages/features) says yes or why not (403, 409), and a refusal appends nothing.
 */
import { reviewLeftAnswer } from '@rewear/contracts/command-answers';
import { reviewBody, reviewEditableUntil, shipmentParams } from '@rewear/contracts';
import { type CommandEnvironment } from '../shared/decider.ts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { loadShipment } from '../shipment/workflow.ts';
import { type ReviewCommand, type ShipmentFacts } from '@rewear/features/review/decider';
import { authorOf } from '@rewear/features/review/domain';
import { reviews } from './aggregate.ts';

async function shipmentFacts(
  env: CommandEnvironment,
  shipmentId: string,
): Promise<ShipmentFacts | null> {
  const { state } = await loadShipment(env, shipmentId);
  if (!state.opened || !state.status) return null;
  return {
    shipmentId: state.opened.shipmentId,
    buyerId: state.opened.buyerId,
    sellerId: state.opened.sellerId,
    status: state.status,
  };
}

function reviewRoute(method: 'post' | 'put'): CommandRoute {
  const leaving = method === 'post';
  return defineRoute({
    doc: {
      method,
      path: '/api/shipments/{shipmentId}/review',
      summary: leaving
        ? 'The buyer or the seller of a completed shipment reviews the other party: 1 to 5 stars and a text (once)'
        : 'The author changes their review of the shipment, within 7 days after leaving it',
      tags: ['reviews'],
      auth: 'user',
      params: shipmentParams,
      body: reviewBody,
      responses: {
        [leaving ? 201 : 200]: {
          description:
            '{ review: { shipmentId, authorId, authorRole, subjectId, rating, text, leftAt, editedAt, editableUntil }, position }',
          body: reviewLeftAnswer,
        },
        400: "Invalid body, with the reason; 'You cannot review yourself' (a shipment whose buyer is its seller)",
        401: 'Not signed in',
        403: 'Only the buyer or the seller of this shipment',
        404: 'Shipment not found',
        409: leaving
          ? "'Reviews open once the shipment is completed' or already reviewed"
          : "'Reviews can be changed for 7 days', not completed or not reviewed yet",
      },
    },
    async handle({ user, params, body, ctx, deps: services }) {
      const env = services.envFor(ctx);
      const command: ReviewCommand = {
        type: leaving ? 'LeaveReview' : 'EditReview',
        shipment: await shipmentFacts(env, params.shipmentId),
        authorId: user.uid,
        rating: body.rating,
        text: body.text,
      };
      const outcome = await reviews.handle(env, params.shipmentId, command);
      const shipment = command.shipment!; // the decider refused a missing one
      const { role, subjectId } = authorOf(shipment, user.uid)!; // or the decider refused
      const held = outcome.state[role]!;
      return {
        status: leaving ? 201 : 200,
        body: {
          review: {
            shipmentId: shipment.shipmentId,
            authorId: user.uid,
            authorRole: role,
            subjectId,
            rating: held.rating,
            text: held.text,
            leftAt: held.leftAt,
            editedAt: held.editedAt,
            editableUntil: reviewEditableUntil(held.leftAt),
          },
        },
        position: outcome.position,
      };
    },
  });
}

export const reviewRoutes: CommandRoute[] = [reviewRoute('post'), reviewRoute('put')];
