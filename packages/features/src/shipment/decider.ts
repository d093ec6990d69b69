/**
 * A shipment's command face: what one seller sends for one paid order, from paid to the money
 * released or refunded (docs/product.md §11). Stream `shipment-{id}`. The refund is decided here,
 * once: ShipmentRefunded is appended with the expected version, so two racing requests cannot
 * both decide it; the processor is asked afterwards (command-api's workflow), with a key derived
 * from the shipment id. The status each event leads to is the domain's (`./domain.ts`).
 */
import {
  isActionOpen,
  notOpenMessage,
  SHIPMENT_ACTIONS,
  SHIPMENT_TIMERS,
  type EventData,
  type ProblemReason,
  type ShipmentAction,
  type ShipmentStatus,
  type DisputeOutcome,
} from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import {
  evolveShipment,
  initialShipmentState,
  type OpenedShipment,
  type ShipmentEvent,
  type ShipmentState,
} from './domain.ts';

export {
  evolveShipment,
  initialShipmentState,
  shipmentIdFor,
  type OpenedShipment,
  type ShipmentEvent,
  type ShipmentState,
} from './domain.ts';

type Actor = { actorId: string };

export type ShipmentCommand =
  | ({ type: 'OpenShipment' } & Omit<OpenedShipment, 'openedAt' | 'shipBy'>)
  | ({ type: 'MarkShipped'; carrier: string; trackingNumber: string } & Actor)
  /** The seller marks it delivered, or the buyer confirms receipt: whoever asks is recorded. */
  | ({ type: 'RecordDelivery' } & Actor)
  | ({ type: 'ConfirmOk' } & Actor)
  | ({ type: 'ReportProblem'; reason: ProblemReason; text: string } & Actor)
  | ({ type: 'AcceptReturn' } & Actor)
  | ({ type: 'Dispute' } & Actor)
  | ({ type: 'Cancel' } & Actor)
  /** An operator settles a disputed shipment (checked for the operator token by the route). */
  | { type: 'SettleDispute'; outcome: DisputeOutcome; operator: string; address: string }
  // The timers (the shipment sweeper): no-ops until their time has come.
  | { type: 'CancelIfNotShipped' }
  | { type: 'CompleteIfProtectionEnded' }
  | { type: 'RecordRefundIssued'; refundId: string };

/** Who may ask, then whether the shipment is where the action starts from. */
function check(
  action: ShipmentAction,
  shipment: OpenedShipment,
  state: ShipmentState,
  actorId: string,
  now: Date,
) {
  const role = SHIPMENT_ACTIONS[action].role;
  const party = role === 'seller' ? shipment.sellerId : shipment.buyerId;
  if (actorId !== party) {
    const other = actorId === shipment.sellerId || actorId === shipment.buyerId;
    reject(
      'forbidden',
      other ? `Only the ${role} can do this` : 'This shipment is not yours to change',
    );
  }
  const status = state.status!;
  if (isActionOpen(action, { status, protectionEndsAt: state.protectionEndsAt }, now)) return;
  if (action === 'reportProblem' && status === 'delivered')
    reject('conflict', protectionEndedMessage);
  reject('conflict', notOpenMessage(status));
}

export const disputeSettledMessage = 'This dispute has already been settled';

/** The 409 of a settlement asked for a shipment that is not disputed. */
export function notDisputedMessage(status: ShipmentStatus): string {
  const why = notOpenMessage(status);
  return `Only a disputed order can be settled: ${why[0]!.toLowerCase()}${why.slice(1)}`;
}

export const protectionEndedMessage = `Problems can be reported only within ${
  SHIPMENT_TIMERS.protectionMs / (24 * 60 * 60 * 1000)
} days after delivery`;

const plus = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

function refunded(
  shipment: OpenedShipment,
  reason: EventData<'ShipmentRefunded'>['reason'],
  now: Date,
): ShipmentEvent {
  return {
    type: 'ShipmentRefunded',
    data: {
      shipmentId: shipment.shipmentId,
      orderId: shipment.orderId,
      sellerId: shipment.sellerId,
      paymentIntentId: shipment.paymentIntentId,
      amountCents: shipment.amountCents,
      reason,
      refundedAt: now.toISOString(),
    },
  };
}

function cancelled(
  shipment: OpenedShipment,
  reason: EventData<'ShipmentCancelled'>['reason'],
  now: Date,
): ShipmentEvent[] {
  return [
    {
      type: 'ShipmentCancelled',
      data: { shipmentId: shipment.shipmentId, reason, cancelledAt: now.toISOString() },
    },
    refunded(shipment, reason, now),
  ];
}

function completed(
  shipment: OpenedShipment,
  reason: EventData<'ShipmentCompleted'>['reason'],
  now: Date,
): ShipmentEvent {
  return {
    type: 'ShipmentCompleted',
    data: {
      shipmentId: shipment.shipmentId,
      sellerId: shipment.sellerId,
      amountCents: shipment.amountCents,
      reason,
      completedAt: now.toISOString(),
    },
  };
}

function decideShipment(
  command: ShipmentCommand,
  state: ShipmentState,
  { now }: { now: Date },
): ShipmentEvent[] {
  if (command.type === 'OpenShipment') {
    if (state.opened) return []; // a repeated payment record opens nothing more
    const { type: _type, ...data } = command;
    return [
      {
        type: 'ShipmentOpened',
        data: {
          ...data,
          openedAt: now.toISOString(),
          shipBy: plus(now, SHIPMENT_TIMERS.shipWithinMs),
        },
      },
    ];
  }
  const shipment = state.opened;
  if (!shipment) return reject('not_found', 'Shipment not found');
  const id = shipment.shipmentId;
  switch (command.type) {
    case 'MarkShipped':
      check('ship', shipment, state, command.actorId, now);
      return [
        {
          type: 'ShipmentShipped',
          data: {
            shipmentId: id,
            carrier: command.carrier,
            trackingNumber: command.trackingNumber,
            shippedAt: now.toISOString(),
          },
        },
      ];
    case 'RecordDelivery': {
      const bySeller = command.actorId === shipment.sellerId;
      check(bySeller ? 'markDelivered' : 'confirmReceipt', shipment, state, command.actorId, now);
      return [
        {
          type: 'ShipmentDelivered',
          data: {
            shipmentId: id,
            confirmedBy: bySeller ? 'seller' : 'buyer',
            deliveredAt: now.toISOString(),
            protectionEndsAt: plus(now, SHIPMENT_TIMERS.protectionMs),
          },
        },
      ];
    }
    case 'ConfirmOk':
      check('confirmOk', shipment, state, command.actorId, now);
      return [completed(shipment, 'buyer_confirmed', now)];
    case 'ReportProblem':
      check('reportProblem', shipment, state, command.actorId, now);
      return [
        {
          type: 'ShipmentProblemReported',
          data: {
            shipmentId: id,
            reason: command.reason,
            text: command.text,
            reportedAt: now.toISOString(),
          },
        },
      ];
    case 'AcceptReturn':
      check('acceptReturn', shipment, state, command.actorId, now);
      return [refunded(shipment, 'return_accepted', now)];
    case 'Dispute':
      check('dispute', shipment, state, command.actorId, now);
      return [
        { type: 'ShipmentDisputed', data: { shipmentId: id, disputedAt: now.toISOString() } },
      ];
    case 'Cancel':
      check('cancel', shipment, state, command.actorId, now);
      return cancelled(shipment, 'buyer_cancelled', now);
    case 'SettleDispute': {
      if (state.settledFor) reject('conflict', disputeSettledMessage);
      if (state.status !== 'disputed') reject('conflict', notDisputedMessage(state.status!));
      const settled: ShipmentEvent = {
        type: 'ShipmentDisputeSettled',
        data: {
          shipmentId: id,
          outcome: command.outcome,
          operator: command.operator,
          address: command.address,
          settledAt: now.toISOString(),
        },
      };
      return command.outcome === 'buyer'
        ? [settled, refunded(shipment, 'dispute_settled', now)]
        : [settled, completed(shipment, 'dispute_settled', now)];
    }
    case 'CancelIfNotShipped':
      if (state.status !== 'awaiting_shipment' || now.getTime() < Date.parse(shipment.shipBy))
        return [];
      return cancelled(shipment, 'not_shipped_in_time', now);
    case 'CompleteIfProtectionEnded':
      if (state.status !== 'delivered' || now.getTime() < Date.parse(state.protectionEndsAt!))
        return [];
      return [completed(shipment, 'protection_elapsed', now)];
    case 'RecordRefundIssued':
      if (!state.refund || state.refund.issuedAs) return [];
      return [
        {
          type: 'ShipmentRefundIssued',
          data: {
            shipmentId: id,
            refundId: command.refundId,
            amountCents: state.refund.amountCents,
          },
        },
      ];
  }
}

export const shipmentDecider: Decider<ShipmentState, ShipmentCommand, ShipmentEvent> = {
  initialState: initialShipmentState,
  evolve: evolveShipment,
  decide: decideShipment,
};
