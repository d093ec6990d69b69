/**
 * A shipment's status is folded once (src/shipment/domain.ts): from the events the decider
 * decides, the state it folds, the shipment document both parties read and the seller's balance
 * agree after every step: on the status, the end of buyer protection, the amount, the refund and
 * where the money is (held, released to the seller, or refunded).
 */
import { describe, expect, it } from 'vitest';
import { SHIPMENT_TIMERS } from '@rewear/contracts';
import { shipmentDecider, type ShipmentCommand } from '@rewear/features/shipment/decider';
import type { ShipmentEvent, ShipmentState } from '@rewear/features/shipment/domain';
import {
  BALANCE_EVENTS,
  projectBalance,
  projectShipment,
  SHIPMENT_EVENTS,
  type BalanceEvent,
  type SellerBalanceDoc,
  type ShipmentDoc,
  type ShipmentEnvelope,
} from '@rewear/features/shipment/projection';
import { delivered } from './support/delivered.ts';

const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);
const HOUR = 60 * 60 * 1000;
const at = (ms: number) => new Date(T0 + ms);

const opening: ShipmentCommand = {
  type: 'OpenShipment',
  shipmentId: 'o1.s1',
  orderId: 'o1',
  sellerId: 's1',
  buyerId: 'b1',
  items: [{ productId: 'p1', title: 'Jacket', image: '', quantity: 1, unitPriceCents: 2500 }],
  amountCents: 2500,
  currency: 'usd',
  shipping: { name: 'A', address: 'B', city: 'C', state: 'D', zip: '1', email: 'a@b.co' },
  paymentIntentId: 'pi_1',
};
const seller = { actorId: 's1' };
const buyer = { actorId: 'b1' };
const ship: ShipmentCommand = {
  type: 'MarkShipped',
  carrier: 'UPS',
  trackingNumber: '1Z',
  ...seller,
};
const deliveredBy = (actor: { actorId: string }): ShipmentCommand => ({
  type: 'RecordDelivery',
  ...actor,
});
const problem: ShipmentCommand = {
  type: 'ReportProblem',
  reason: 'damaged',
  text: 'Torn sleeve',
  ...buyer,
};
const settle = (outcome: 'buyer' | 'seller'): ShipmentCommand => ({
  type: 'SettleDispute',
  outcome,
  operator: 'op',
  address: '127.0.0.1',
});
const issued: ShipmentCommand = { type: 'RecordRefundIssued', refundId: 're_1' };

/** Commands at a time after opening, each of which the decider answers with events. */
type Step = [ms: number, command: ShipmentCommand];
const afterProtection = 2 * HOUR + SHIPMENT_TIMERS.protectionMs;

const SCRIPTS: Array<[string, Step[]]> = [
  [
    'shipped, delivered, completed when protection ended',
    [
      [0, opening],
      [HOUR, ship],
      [2 * HOUR, deliveredBy(seller)],
      [afterProtection, { type: 'CompleteIfProtectionEnded' }],
    ],
  ],
  [
    'received and confirmed OK by the buyer',
    [
      [0, opening],
      [HOUR, ship],
      [2 * HOUR, deliveredBy(buyer)],
      [3 * HOUR, { type: 'ConfirmOk', ...buyer }],
    ],
  ],
  [
    'cancelled by the buyer, refunded',
    [
      [0, opening],
      [HOUR, { type: 'Cancel', ...buyer }],
      [2 * HOUR, issued],
    ],
  ],
  [
    'not shipped in time',
    [
      [0, opening],
      [SHIPMENT_TIMERS.shipWithinMs, { type: 'CancelIfNotShipped' }],
      [SHIPMENT_TIMERS.shipWithinMs + HOUR, issued],
    ],
  ],
  [
    'a problem, the return accepted',
    [
      [0, opening],
      [HOUR, ship],
      [2 * HOUR, deliveredBy(buyer)],
      [3 * HOUR, problem],
      [4 * HOUR, { type: 'AcceptReturn', ...seller }],
      [5 * HOUR, issued],
    ],
  ],
  [
    'disputed, settled for the buyer',
    [
      [0, opening],
      [HOUR, ship],
      [2 * HOUR, deliveredBy(buyer)],
      [3 * HOUR, problem],
      [4 * HOUR, { type: 'Dispute', ...seller }],
      [5 * HOUR, settle('buyer')],
      [6 * HOUR, issued],
    ],
  ],
  [
    'disputed, settled for the seller',
    [
      [0, opening],
      [HOUR, ship],
      [2 * HOUR, deliveredBy(buyer)],
      [3 * HOUR, problem],
      [4 * HOUR, { type: 'Dispute', ...seller }],
      [5 * HOUR, settle('seller')],
    ],
  ],
];

/** The events the decider decides for `steps`, each command against the state so far. */
function decided(steps: Step[]): Array<{ event: ShipmentEvent; ms: number }> {
  let state = shipmentDecider.initialState();
  const out: Array<{ event: ShipmentEvent; ms: number }> = [];
  for (const [ms, command] of steps) {
    const events = shipmentDecider.decide(command, state, { now: at(ms), newId: () => 'id' });
    expect(events.length, `${command.type} decides something`).toBeGreaterThan(0);
    for (const event of events) {
      state = shipmentDecider.evolve(state, event);
      out.push({ event, ms });
    }
  }
  return out;
}

/** Where the shipment's money is, by the decider's state. */
function moneyOf(state: ShipmentState) {
  const amount = state.opened!.amountCents;
  if (state.refund) return { pending: amount - state.refund.amountCents, available: 0 };
  if (state.status === 'completed') return { pending: 0, available: amount };
  return { pending: amount, available: 0 };
}

const handles = (list: readonly string[], type: string) => list.includes(type);

describe('shipment: one status fold for the decider and the projections', () => {
  it.each(SCRIPTS)('%s: the folded state and the documents agree', (_, steps) => {
    const events = decided(steps);
    const envelopes = delivered<ShipmentEnvelope | BalanceEvent>(
      'shipment-o1.s1',
      events.map((e) => e.event),
      (i) => at(events[i]!.ms).toISOString(),
    );
    let state = shipmentDecider.initialState();
    let doc: ShipmentDoc | null = null;
    let balance: SellerBalanceDoc | null = null;
    for (const [i, { event }] of events.entries()) {
      const envelope = envelopes[i]!;
      state = shipmentDecider.evolve(state, event);
      // Each projection is handed only the events it handles, as the runtime does.
      if (handles(SHIPMENT_EVENTS, envelope.type))
        doc = projectShipment(doc, envelope as ShipmentEnvelope);
      if (handles(BALANCE_EVENTS, envelope.type))
        balance = projectBalance(balance, envelope as BalanceEvent);
      expect(doc!.status).toBe(state.status);
      expect(doc!.protection_ends_at).toBe(state.protectionEndsAt);
      expect(doc!.amount_cents).toBe(state.opened!.amountCents);
      expect(doc!.refunded).toBe(state.refund !== null);
      expect(doc!.refund_id).toBe(state.refund?.issuedAs ?? null);
      const money = moneyOf(state);
      expect({ pending: balance!.pending_cents, available: balance!.available_cents }).toEqual(
        money,
      );
    }
    // A redelivered event changes neither document.
    const last = envelopes.at(-1)!;
    if (handles(SHIPMENT_EVENTS, last.type))
      expect(projectShipment(doc, last as ShipmentEnvelope)).toBe(doc);
    if (handles(BALANCE_EVENTS, last.type))
      expect(projectBalance(balance, last as BalanceEvent)).toBe(balance);
  });
});
