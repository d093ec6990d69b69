/**
 * The shipment commands (docs/product.md §11): the seller ships and may mark delivered, the buyer
 * confirms receipt, says everything is OK or reports a problem, the seller accepts a return or
 * disputes it, the buyer may cancel before shipping. Who asks is checked by the decider (403),
 * then whether the action is open from the shipment's status (409); a refusal appends nothing.
 */
import { shipmentChangedAnswer } from '@rewear/contracts/command-answers';
import { z } from 'zod';
import {
  reportProblemBody,
  shipBody,
  shipmentParams,
  type ShipmentStatus,
} from '@rewear/contracts';
import type { RouteDoc } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import type { CommandServices } from '../shared/services.ts';
import type { ShipmentCommand } from '@rewear/features/shipment/decider';
import { runShipmentCommand } from './workflow.ts';

interface ShipmentRouteSpec<B> {
  path: string;
  summary: string;
  who: string;
  to: ShipmentStatus;
  body?: z.ZodType<B>;
  conflict: string;
  command: (actorId: string, body: B) => ShipmentCommand;
}

/** One shipment command route: the decider checks who asks and from which status. */
function shipmentRoute<B = unknown>(spec: ShipmentRouteSpec<B>): CommandRoute {
  return defineRoute({
    doc: {
      method: 'post',
      path: `/api/shipments/{shipmentId}/${spec.path}`,
      summary: spec.summary,
      tags: ['shipments'],
      auth: 'user',
      params: shipmentParams,
      body: spec.body,
      responses: {
        200: {
          description: `{ shipment: { shipmentId, status: '${spec.to}', refunded }, position }`,
          body: shipmentChangedAnswer,
        },
        ...(spec.body ? { 400: 'Invalid body, with the reason' } : ({} as RouteDoc['responses'])),
        401: 'Not signed in',
        403: `Only ${spec.who} of this shipment`,
        404: 'Shipment not found',
        409: spec.conflict,
      },
    },
    async handle({ user, params, body, ctx, deps: services }) {
      const outcome = await runShipmentCommand(
        shipmentServicesFor(services, services.envFor(ctx)),
        params.shipmentId,
        spec.command(user.uid, body),
      );
      return {
        status: 200,
        body: {
          shipment: {
            shipmentId: params.shipmentId,
            status: outcome.state.status,
            refunded: outcome.state.refund !== null,
          },
        },
        position: outcome.position,
      };
    },
  });
}

export const shipmentRoutes: CommandRoute[] = [
  shipmentRoute({
    path: 'ship',
    summary: 'The seller marks the shipment shipped, with the carrier and tracking number',
    who: 'the seller',
    to: 'shipped',
    body: shipBody,
    conflict: "Not awaiting shipment ('This order has already shipped ...', ...)",
    command: (actorId, body) => ({ type: 'MarkShipped', actorId, ...body }),
  }),
  shipmentRoute({
    path: 'delivered',
    summary:
      'Records the delivery: the seller marks it delivered or the buyer confirms receipt; buyer protection (2 days) starts',
    who: 'the seller or the buyer',
    to: 'delivered',
    conflict: "Not shipped ('This order has not shipped yet', ...)",
    command: (actorId) => ({ type: 'RecordDelivery', actorId }),
  }),
  shipmentRoute({
    path: 'complete',
    summary: 'The buyer says everything is OK: completed, the money is released to the seller',
    who: 'the buyer',
    to: 'completed',
    conflict: 'Not delivered',
    command: (actorId) => ({ type: 'ConfirmOk', actorId }),
  }),
  shipmentRoute({
    path: 'problem',
    summary:
      'The buyer reports a problem within 2 days after delivery: the shipment is on hold, the money stays held',
    who: 'the buyer',
    to: 'on_hold',
    body: reportProblemBody,
    conflict: "Not delivered, or 'Problems can be reported only within 2 days after delivery'",
    command: (actorId, body) => ({ type: 'ReportProblem', actorId, ...body }),
  }),
  shipmentRoute({
    path: 'accept-return',
    summary: 'The seller accepts the return of a shipment on hold: the buyer is refunded',
    who: 'the seller',
    to: 'refunded',
    conflict: 'Not on hold',
    command: (actorId) => ({ type: 'AcceptReturn', actorId }),
  }),
  shipmentRoute({
    path: 'dispute',
    summary: 'The seller disputes the problem the buyer reported: the money stays held',
    who: 'the seller',
    to: 'disputed',
    conflict: 'Not on hold',
    command: (actorId) => ({ type: 'Dispute', actorId }),
  }),
  shipmentRoute({
    path: 'cancel',
    summary: 'The buyer cancels before the seller ships: refunded, and the items go back on sale',
    who: 'the buyer',
    to: 'cancelled',
    conflict: "Already shipped ('This order has already shipped ...') or cancelled",
    command: (actorId) => ({ type: 'Cancel', actorId }),
  }),
];

export const shipmentServicesFor = (
  services: Pick<CommandServices, 'payments'>,
  env: ReturnType<CommandServices['envFor']>,
) => ({ env, payments: services.payments });
