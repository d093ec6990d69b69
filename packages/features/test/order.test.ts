/**
 * An order's status is folded once (src/order/domain.ts): from the events the decider decides,
 * the state it folds and the document the orders projection keeps agree on the status, the
 * total, the bundle discount and the refund after every step; what the payment-refund notifier
 * keeps agrees on the refund too. Paid is final on both sides, whatever order events arrive in.
 */
import { describe, expect, it } from 'vitest';
import { orderDecider, type OrderCommand } from '@rewear/features/order/decider';
import type { OrderEvent, OrderState, PaymentIntentReport } from '@rewear/features/order/domain';
import {
  projectOrder,
  refundableOrderAfter,
  type OrderDoc,
  type OrderEnvelope,
  type RefundableOrderDoc,
} from '@rewear/features/order/projection';
import { delivered } from './support/delivered.ts';

const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const placing: OrderCommand = {
  type: 'PlaceOrder',
  orderId: 'o1',
  userId: 'b1',
  items: [
    { productId: 'p1', title: 'Jacket', image: 'j.jpg', quantity: 1, unitPriceCents: 4000 },
    { productId: 'p2', title: 'Scarf', image: 's.jpg', quantity: 2, unitPriceCents: 1000 },
  ],
  totalCents: 5400,
  currency: 'usd',
  discounts: [{ sellerId: 's1', percent: 10, amountCents: 600 }],
  shipping: {
    name: 'Ann',
    address: '1 Main St',
    city: 'Town',
    state: 'CA',
    zip: '90000',
    email: 'ann@example.com',
  },
  paymentIntentId: 'pi_1',
  expiresAt: at(15).toISOString(),
};

const intent = (status: PaymentIntentReport['status']): PaymentIntentReport => ({
  id: 'pi_1',
  status,
  amountCents: 5400,
  currency: 'usd',
  orderId: 'o1',
  lastError: status === 'succeeded' ? null : 'Your card was declined.',
});

/** Commands at a minute after placing, each of which the decider answers with events. */
type Step = [minute: number, command: OrderCommand];

const SCRIPTS: Array<[string, Step[]]> = [
  [
    'placed, then paid',
    [
      [0, placing],
      [1, { type: 'RecordPayment', intent: intent('succeeded') }],
    ],
  ],
  [
    'placed, then its payment failed',
    [
      [0, placing],
      [1, { type: 'RecordPaymentFailure', intent: intent('requires_payment_method') }],
    ],
  ],
  [
    'expired, then a late payment refunded and issued',
    [
      [0, placing],
      [16, { type: 'ExpireOrder' }],
      [17, { type: 'RefundUnusablePayment' }],
      [18, { type: 'RecordRefundIssued', refundId: 're_1' }],
    ],
  ],
  [
    'failed, then a payment that arrived anyway refunded',
    [
      [0, placing],
      [1, { type: 'RecordPaymentFailure', intent: intent('requires_payment_method') }],
      [2, { type: 'RefundUnusablePayment' }],
      [3, { type: 'RecordRefundIssued', refundId: 're_2' }],
    ],
  ],
  [
    'paid, then an item sold meanwhile refunded',
    [
      [0, placing],
      [1, { type: 'RecordPayment', intent: intent('succeeded') }],
      [2, { type: 'RefundUnusablePayment', productIds: ['p2'] }],
      [3, { type: 'RecordRefundIssued', refundId: 're_3' }],
    ],
  ],
];

/** The events the decider decides for `steps`, each command against the state so far. */
function decided(steps: Step[]): Array<{ event: OrderEvent; minute: number }> {
  let state = orderDecider.initialState();
  const out: Array<{ event: OrderEvent; minute: number }> = [];
  for (const [minute, command] of steps) {
    const events = orderDecider.decide(command, state, { now: at(minute), newId: () => 'id' });
    expect(events.length, `${command.type} decides something`).toBeGreaterThan(0);
    for (const event of events) {
      state = orderDecider.evolve(state, event);
      out.push({ event, minute });
    }
  }
  return out;
}

function expectAgreement(
  state: OrderState,
  doc: OrderDoc | null,
  refundable: RefundableOrderDoc | null,
) {
  expect(doc!.status).toBe(state.status);
  expect(doc!.total_cents).toBe(state.placed!.totalCents);
  const discount = (state.placed!.discounts ?? []).reduce((sum, d) => sum + d.amountCents, 0);
  expect(doc!.discount_cents ?? 0).toBe(discount);
  expect(doc!.refund?.amount_cents ?? null).toBe(state.refund?.amountCents ?? null);
  expect(doc!.refund?.refund_id ?? null).toBe(state.refund?.issuedAs ?? null);
  expect(refundable!.refund?.amount_cents ?? null).toBe(state.refund?.amountCents ?? null);
}

describe('order: one status fold for the decider and the projection', () => {
  it.each(SCRIPTS)('%s: the folded state and the projected document agree', (_, steps) => {
    const events = decided(steps);
    const envelopes = delivered<OrderEnvelope>(
      'order-o1',
      events.map((e) => e.event),
      (i) => at(events[i]!.minute).toISOString(),
    );
    let state = orderDecider.initialState();
    let doc: OrderDoc | null = null;
    let refundable: RefundableOrderDoc | null = null;
    for (const [i, { event }] of events.entries()) {
      const envelope = envelopes[i]!;
      state = orderDecider.evolve(state, event);
      doc = projectOrder(doc, envelope);
      if (envelope.type === 'OrderPlaced' || envelope.type === 'OrderPaymentRefunded')
        refundable = refundableOrderAfter(refundable, envelope);
      expectAgreement(state, doc, refundable);
    }
    // A redelivered event changes neither the document nor what the notifier keeps.
    const last = envelopes.at(-1)!;
    expect(projectOrder(doc, last)).toEqual(doc);
    if (last.type === 'OrderPaymentRefunded')
      expect(refundableOrderAfter(refundable, last)).toBe(refundable);
  });

  it('paid is final on both sides, whatever order the other outcomes arrive in', () => {
    const [placed, paid] = decided(SCRIPTS[0]![1]).map((e) => e.event);
    const failed: OrderEvent = {
      type: 'OrderPaymentFailed',
      data: { orderId: 'o1', paymentIntentId: 'pi_1', reason: 'Your card was declined.' },
    };
    const expired: OrderEvent = { type: 'OrderExpired', data: { orderId: 'o1' } };
    for (const order of [
      [placed!, paid!, failed, expired],
      [placed!, failed, paid!, expired],
      [placed!, expired, failed, paid!],
      [placed!, failed, expired],
      [placed!, expired, failed],
    ]) {
      const envelopes = delivered<OrderEnvelope>('order-o1', order, (i) => at(i).toISOString());
      let state = orderDecider.initialState();
      let doc: OrderDoc | null = null;
      for (const [i, event] of order.entries()) {
        state = orderDecider.evolve(state, event);
        doc = projectOrder(doc, envelopes[i]!);
        expect(doc!.status).toBe(state.status);
      }
      expect(state.status).toBe(order.includes(paid!) ? 'paid' : 'expired');
    }
  });
});
