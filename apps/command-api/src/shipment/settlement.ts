/**
 * Operators settle a disputed shipment (docs/product.md §11.4): for the buyer, who is refunded
 * through the payment port (once, as every shipment refund), or for the seller, whose money is
 * released. The route sits under /api/ops and takes the operators' token, or the ID token of an
 * account with the `operator` role; who asked (the account's uid, or X-Operator) and from where
 * are recorded in the settlement event, the envelope's actor is `operator:<name>`, and the
 * settlement is also recorded in the operators' own stream (their audit log).
 */
import { shipmentChangedAnswer } from '@rewear/contracts/command-answers';
import { settleDisputeBody, shipmentParams } from '@rewear/contracts';
import { operatorOf, operatorRecordOf, recordOperatorAction } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { shipmentServicesFor } from './routes.ts';
import { runShipmentCommand } from './workflow.ts';

export const settleDisputeRoute: CommandRoute = defineRoute({
  doc: {
    method: 'post',
    path: '/api/ops/disputes/{shipmentId}/settle',
    summary:
      'An operator settles a disputed shipment: for the buyer (refunded) or for the seller (the money released)',
    tags: ['operations'],
    auth: 'operator',
    params: shipmentParams,
    body: settleDisputeBody,
    responses: {
      200: {
        description:
          "{ shipment: { shipmentId, status: 'refunded' | 'completed', refunded }, position }",
        body: shipmentChangedAnswer,
      },
      400: 'Invalid body, with the reason',
      401: 'No operator token, or not the right one',
      403: 'An account without the operator role, or operator endpoints disabled (no OPS_TOKEN on the server)',
      404: 'Shipment not found',
      409: "'This dispute has already been settled', or 'Only a disputed order can be settled: ...'",
    },
  },
  async handle({ params, body, ctx, deps: services }) {
    const who = operatorOf(ctx);
    const env = { ...services.envFor(ctx), actor: `operator:${who.operator}` };
    const outcome = await runShipmentCommand(
      shipmentServicesFor(services, env),
      params.shipmentId,
      { type: 'SettleDispute', outcome: body.outcome, ...who },
    );
    // For the operators' audit log, beside the shipment's own history.
    const record = operatorRecordOf(ctx);
    await recordOperatorAction(services.eventStore, record, {
      type: 'DisputeSettlementRecorded',
      data: {
        ...record,
        shipmentId: params.shipmentId,
        outcome: body.outcome,
        status: outcome.state.status ?? 'settled',
      },
    });
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

/** The command routes of operators: mounted under /api/ops, behind the operators' token. */
export const operatorRoutes: CommandRoute[] = [settleDisputeRoute];
