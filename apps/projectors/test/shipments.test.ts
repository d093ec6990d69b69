import { describe, expect, it } from 'vitest';
import type { EventData } from '@rewear/contracts';
import {
  projectBalance,
  projectShipment,
  type BalanceEvent,
  type ShipmentEnvelope,
} from '../src/index.ts';
import type { SellerBalanceDoc, ShipmentDoc } from '@rewear/features/shipment/projection';
import { envelope } from './events.ts';

const opened: EventData<'ShipmentOpened'> = {
  shipmentId: 'o1.s1',
  orderId: 'o1',
  sellerId: 's1',
  buyerId: 'b1',
  items: [{ productId: 'p1', title: 'Jacket', image: '', quantity: 1, unitPriceCents: 2500 }],
  amountCents: 2500,
  currency: 'usd',
  shipping: { name: 'A', address: 'B', city: 'C', state: 'D', zip: '1', email: 'a@b.co' },
  paymentIntentId: 'pi_1',
  openedAt: '2026-03-01T12:00:00.000Z',
  shipBy: '2026-03-06T12:00:00.000Z',
};

/** The events of one shipment stream, numbered as the store would. */
function stream(...events: Array<[string, unknown]>): ShipmentEnvelope[] {
  return events.map(
    ([type, data], i) =>
      envelope(type as 'ShipmentOpened', data as EventData<'ShipmentOpened'>, {
        streamId: 'shipment-o1.s1',
        streamVersion: i + 1,
      }) as ShipmentEnvelope,
  );
}
const replay = (events: ShipmentEnvelope[]) =>
  events.reduce<ShipmentDoc | null>((doc, e) => projectShipment(doc, e), null);

const refunded = (reason: string) =>
  [
    'ShipmentRefunded',
    {
      shipmentId: 'o1.s1',
      orderId: 'o1',
      sellerId: 's1',
      paymentIntentId: 'pi_1',
      amountCents: 2500,
      reason,
      refundedAt: '2026-03-02T12:00:00.000Z',
    },
  ] as [string, unknown];

describe('shipments projection', () => {
  const lifecycle = stream(
    ['ShipmentOpened', opened],
    [
      'ShipmentShipped',
      { shipmentId: 'o1.s1', carrier: 'UPS', trackingNumber: '1Z', shippedAt: opened.openedAt },
    ],
    [
      'ShipmentDelivered',
      {
        shipmentId: 'o1.s1',
        confirmedBy: 'buyer',
        deliveredAt: '2026-03-02T12:00:00.000Z',
        protectionEndsAt: '2026-03-04T12:00:00.000Z',
      },
    ],
    [
      'ShipmentProblemReported',
      {
        shipmentId: 'o1.s1',
        reason: 'damaged',
        text: 'Torn',
        reportedAt: '2026-03-03T12:00:00.000Z',
      },
    ],
    refunded('return_accepted'),
    ['ShipmentRefundIssued', { shipmentId: 'o1.s1', refundId: 're_1', amountCents: 2500 }],
  );

  it('follows a shipment from paid to refunded', () => {
    expect(replay(lifecycle)).toMatchObject({
      _id: 'o1.s1',
      order_id: 'o1',
      seller_id: 's1',
      buyer_id: 'b1',
      status: 'refunded',
      amount_cents: 2500,
      carrier: 'UPS',
      tracking_number: '1Z',
      delivery_confirmed_by: 'buyer',
      protection_ends_at: '2026-03-04T12:00:00.000Z',
      problem: { reason: 'damaged', text: 'Torn', reported_at: '2026-03-03T12:00:00.000Z' },
      refunded: true,
      refund_id: 're_1',
      version: 6,
    });
  });

  it('ignores a redelivered event', () => {
    const done = replay(lifecycle)!;
    expect(projectShipment(done, lifecycle[1]!)).toBe(done);
  });

  it('keeps a cancelled shipment cancelled when its refund follows', () => {
    const doc = replay(
      stream(
        ['ShipmentOpened', opened],
        [
          'ShipmentCancelled',
          { shipmentId: 'o1.s1', reason: 'buyer_cancelled', cancelledAt: opened.openedAt },
        ],
        refunded('buyer_cancelled'),
      ),
    );
    expect(doc).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'buyer_cancelled',
      refunded: true,
    });
  });
});

describe('seller balances projection', () => {
  const held = envelope('ShipmentOpened', opened) as BalanceEvent;
  const second = envelope('ShipmentOpened', {
    ...opened,
    shipmentId: 'o2.s1',
    orderId: 'o2',
    amountCents: 1000,
  }) as BalanceEvent;
  const released = envelope('ShipmentCompleted', {
    shipmentId: 'o1.s1',
    sellerId: 's1',
    amountCents: 2500,
    reason: 'buyer_confirmed',
    completedAt: '2026-03-03T12:00:00.000Z',
  }) as BalanceEvent;
  const refund = envelope('ShipmentRefunded', {
    ...(refunded('buyer_cancelled')[1] as EventData<'ShipmentRefunded'>),
    shipmentId: 'o2.s1',
    orderId: 'o2',
    amountCents: 1000,
  }) as BalanceEvent;
  const replayBalance = (events: BalanceEvent[]) =>
    events.reduce<SellerBalanceDoc | null>((doc, e) => projectBalance(doc, e), null);

  it('holds on payment, releases on completion, takes back on refund', () => {
    expect(replayBalance([held, second])).toMatchObject({
      pending_cents: 3500,
      available_cents: 0,
    });
    expect(replayBalance([held, second, released, refund])).toEqual({
      _id: 's1',
      pending_cents: 0,
      available_cents: 2500,
      movements: [
        {
          shipment_id: 'o1.s1',
          order_id: 'o1',
          kind: 'held',
          amount_cents: 2500,
          at: opened.openedAt,
        },
        {
          shipment_id: 'o2.s1',
          order_id: 'o2',
          kind: 'held',
          amount_cents: 1000,
          at: opened.openedAt,
        },
        {
          shipment_id: 'o1.s1',
          order_id: 'o1',
          kind: 'released',
          amount_cents: 2500,
          at: '2026-03-03T12:00:00.000Z',
        },
        {
          shipment_id: 'o2.s1',
          order_id: 'o2',
          kind: 'refunded',
          amount_cents: 1000,
          at: '2026-03-02T12:00:00.000Z',
        },
      ],
    });
  });

  it('counts a redelivered event once', () => {
    expect(replayBalance([held, held, released, released])).toMatchObject({
      pending_cents: 0,
      available_cents: 2500,
    });
  });
});
