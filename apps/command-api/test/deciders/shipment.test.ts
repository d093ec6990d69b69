import { describe, it } from 'vitest';
import { SHIPMENT_TIMERS } from '@rewear/contracts';
import { shipmentDecider, type ShipmentEvent } from '@rewear/features/shipment/decider';
import { listingDecider, type ListingEvent } from '@rewear/features/listing/decider';
import { given, NOW } from './given.ts';

const at = (ms: number) => new Date(NOW.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;
const item = { productId: 'p1', title: 'Jacket', image: '', quantity: 1, unitPriceCents: 2500 };
const shipping = { name: 'A', address: 'B', city: 'C', state: 'D', zip: '1', email: 'a@b.co' };

const opening = {
  shipmentId: 'o1.s1',
  orderId: 'o1',
  sellerId: 's1',
  buyerId: 'b1',
  items: [item],
  amountCents: 2500,
  currency: 'usd' as const,
  shipping,
  paymentIntentId: 'pi_1',
};
const opened: ShipmentEvent = {
  type: 'ShipmentOpened',
  data: { ...opening, openedAt: iso(0), shipBy: iso(SHIPMENT_TIMERS.shipWithinMs) },
};
const shipped: ShipmentEvent = {
  type: 'ShipmentShipped',
  data: { shipmentId: 'o1.s1', carrier: 'UPS', trackingNumber: '1Z9', shippedAt: iso(0) },
};
const delivered: ShipmentEvent = {
  type: 'ShipmentDelivered',
  data: {
    shipmentId: 'o1.s1',
    confirmedBy: 'seller',
    deliveredAt: iso(0),
    protectionEndsAt: iso(SHIPMENT_TIMERS.protectionMs),
  },
};
const onHold: ShipmentEvent = {
  type: 'ShipmentProblemReported',
  data: { shipmentId: 'o1.s1', reason: 'damaged', text: 'Torn sleeve', reportedAt: iso(0) },
};
const refunded = (
  reason: 'buyer_cancelled' | 'not_shipped_in_time' | 'return_accepted' | 'dispute_settled',
  ms = 0,
): ShipmentEvent => ({
  type: 'ShipmentRefunded',
  data: {
    shipmentId: 'o1.s1',
    orderId: 'o1',
    sellerId: 's1',
    paymentIntentId: 'pi_1',
    amountCents: 2500,
    reason,
    refundedAt: iso(ms),
  },
});
const completed = (
  reason: 'buyer_confirmed' | 'protection_elapsed' | 'dispute_settled',
  ms = 0,
): ShipmentEvent => ({
  type: 'ShipmentCompleted',
  data: { shipmentId: 'o1.s1', sellerId: 's1', amountCents: 2500, reason, completedAt: iso(ms) },
});
const cancelledBy = (
  reason: 'buyer_cancelled' | 'not_shipped_in_time',
  ms = 0,
): ShipmentEvent[] => [
  { type: 'ShipmentCancelled', data: { shipmentId: 'o1.s1', reason, cancelledAt: iso(ms) } },
  refunded(reason, ms),
];

describe('shipment: opening', () => {
  it('opens once, with a shipping deadline 5 days out', () => {
    given(shipmentDecider, [])
      .when({ type: 'OpenShipment', ...opening })
      .then([opened]);
    given(shipmentDecider, [opened])
      .when({ type: 'OpenShipment', ...opening })
      .then([]);
  });
  it('refuses anything on a shipment that does not exist', () => {
    given(shipmentDecider, [])
      .when({ type: 'MarkShipped', actorId: 's1', carrier: 'UPS', trackingNumber: '1' })
      .thenRejects('not_found', 'Shipment not found');
  });
});

describe('shipment: shipping', () => {
  it('the seller marks it shipped with carrier and tracking number', () => {
    given(shipmentDecider, [opened])
      .when({ type: 'MarkShipped', actorId: 's1', carrier: 'UPS', trackingNumber: '1Z9' })
      .then([shipped]);
  });
  it('the buyer and others may not; a shipped one cannot ship again', () => {
    given(shipmentDecider, [opened])
      .when({ type: 'MarkShipped', actorId: 'b1', carrier: 'UPS', trackingNumber: '1' })
      .thenRejects('forbidden', 'Only the seller can do this');
    given(shipmentDecider, [opened])
      .when({ type: 'MarkShipped', actorId: 'x', carrier: 'UPS', trackingNumber: '1' })
      .thenRejects('forbidden', /not yours/);
    given(shipmentDecider, [opened, shipped])
      .when({ type: 'MarkShipped', actorId: 's1', carrier: 'UPS', trackingNumber: '1' })
      .thenRejects('conflict', 'This order has already shipped and is not delivered yet');
  });
});

describe('shipment: delivery', () => {
  it('the seller marks it delivered, or the buyer confirms receipt; protection runs 2 days', () => {
    given(shipmentDecider, [opened, shipped])
      .when({ type: 'RecordDelivery', actorId: 's1' })
      .then([delivered]);
    given(shipmentDecider, [opened, shipped])
      .when({ type: 'RecordDelivery', actorId: 'b1' })
      .then([{ ...delivered, data: { ...delivered.data, confirmedBy: 'buyer' } } as ShipmentEvent]);
  });
  it('not before it shipped, not twice, not by others', () => {
    given(shipmentDecider, [opened])
      .when({ type: 'RecordDelivery', actorId: 'b1' })
      .thenRejects('conflict', 'This order has not shipped yet');
    given(shipmentDecider, [opened, shipped, delivered])
      .when({ type: 'RecordDelivery', actorId: 's1' })
      .thenRejects('conflict', 'This order has already been delivered');
    given(shipmentDecider, [opened, shipped])
      .when({ type: 'RecordDelivery', actorId: 'x' })
      .thenRejects('forbidden');
  });
});

describe('shipment: buyer protection', () => {
  it('"Everything is OK" completes it and releases the money', () => {
    given(shipmentDecider, [opened, shipped, delivered])
      .when({ type: 'ConfirmOk', actorId: 'b1' })
      .then([completed('buyer_confirmed')]);
    given(shipmentDecider, [opened, shipped, delivered])
      .when({ type: 'ConfirmOk', actorId: 's1' })
      .thenRejects('forbidden', 'Only the buyer can do this');
    given(shipmentDecider, [opened, shipped])
      .when({ type: 'ConfirmOk', actorId: 'b1' })
      .thenRejects('conflict', /not delivered yet/);
  });
  it('a problem reported within 2 days puts it on hold; later it is refused', () => {
    const report = {
      type: 'ReportProblem' as const,
      actorId: 'b1',
      reason: 'damaged' as const,
      text: 'Torn sleeve',
    };
    given(shipmentDecider, [opened, shipped, delivered]).when(report).then([onHold]);
    given(shipmentDecider, [opened, shipped, delivered])
      .when(report, at(SHIPMENT_TIMERS.protectionMs - 1))
      .then([
        { ...onHold, data: { ...onHold.data, reportedAt: iso(SHIPMENT_TIMERS.protectionMs - 1) } },
      ] as ShipmentEvent[]);
    given(shipmentDecider, [opened, shipped, delivered])
      .when(report, at(SHIPMENT_TIMERS.protectionMs))
      .thenRejects('conflict', 'Problems can be reported only within 2 days after delivery');
    given(shipmentDecider, [opened, shipped])
      .when(report)
      .thenRejects('conflict', /not delivered yet/);
    given(shipmentDecider, [opened, shipped, delivered])
      .when({ ...report, actorId: 's1' })
      .thenRejects('forbidden');
    given(shipmentDecider, [opened, shipped, delivered, completed('buyer_confirmed')])
      .when(report)
      .thenRejects('conflict', 'This order is already completed');
  });
  it('on hold, the seller accepts the return (refunded) or disputes it', () => {
    given(shipmentDecider, [opened, shipped, delivered, onHold])
      .when({ type: 'AcceptReturn', actorId: 's1' })
      .then([refunded('return_accepted')]);
    given(shipmentDecider, [opened, shipped, delivered, onHold])
      .when({ type: 'Dispute', actorId: 's1' })
      .then([{ type: 'ShipmentDisputed', data: { shipmentId: 'o1.s1', disputedAt: iso(0) } }]);
    given(shipmentDecider, [opened, shipped, delivered, onHold])
      .when({ type: 'AcceptReturn', actorId: 'b1' })
      .thenRejects('forbidden', 'Only the seller can do this');
    given(shipmentDecider, [opened, shipped, delivered])
      .when({ type: 'Dispute', actorId: 's1' })
      .thenRejects('conflict', 'This order has already been delivered');
    given(shipmentDecider, [opened, shipped, delivered, onHold, refunded('return_accepted')])
      .when({ type: 'AcceptReturn', actorId: 's1' })
      .thenRejects('conflict', 'This order has already been refunded');
  });
});

describe('shipment: an operator settles a dispute', () => {
  const disputed: ShipmentEvent = {
    type: 'ShipmentDisputed',
    data: { shipmentId: 'o1.s1', disputedAt: iso(0) },
  };
  const history = [opened, shipped, delivered, onHold, disputed];
  const settle = (outcome: 'buyer' | 'seller') =>
    ({ type: 'SettleDispute', outcome, operator: 'olga', address: '10.0.0.1' }) as const;
  const settled = (outcome: 'buyer' | 'seller'): ShipmentEvent => ({
    type: 'ShipmentDisputeSettled',
    data: {
      shipmentId: 'o1.s1',
      outcome,
      operator: 'olga',
      address: '10.0.0.1',
      settledAt: iso(0),
    },
  });

  it('for the buyer: recorded with who and when, and refunded in the same append', () => {
    given(shipmentDecider, history)
      .when(settle('buyer'))
      .then([settled('buyer'), refunded('dispute_settled')]);
  });

  it('for the seller: recorded, and completed (the money released)', () => {
    given(shipmentDecider, history)
      .when(settle('seller'))
      .then([settled('seller'), completed('dispute_settled')]);
  });

  it('once: a settled dispute is not settled again, either way', () => {
    for (const first of ['buyer', 'seller'] as const)
      for (const second of ['buyer', 'seller'] as const)
        given(shipmentDecider, [
          ...history,
          settled(first),
          first === 'buyer' ? refunded('dispute_settled') : completed('dispute_settled'),
        ])
          .when(settle(second))
          .thenRejects('conflict', 'This dispute has already been settled');
  });

  it('only a disputed shipment, saying where it is instead', () => {
    given(shipmentDecider, [opened, shipped, delivered, onHold])
      .when(settle('buyer'))
      .thenRejects(
        'conflict',
        'Only a disputed order can be settled: a problem has been reported with this order; it is on hold',
      );
    given(shipmentDecider, [opened])
      .when(settle('seller'))
      .thenRejects(
        'conflict',
        'Only a disputed order can be settled: this order has not shipped yet',
      );
    given(shipmentDecider, []).when(settle('buyer')).thenRejects('not_found');
  });

  it('the timers leave a disputed shipment alone', () => {
    given(shipmentDecider, history)
      .when({ type: 'CompleteIfProtectionEnded' }, at(10 * DAY))
      .then([]);
    given(shipmentDecider, history)
      .when({ type: 'CancelIfNotShipped' }, at(10 * DAY))
      .then([]);
  });
});

describe('shipment: cancellation', () => {
  it('the buyer cancels before shipping: cancelled and refunded in one append', () => {
    given(shipmentDecider, [opened])
      .when({ type: 'Cancel', actorId: 'b1' })
      .then(cancelledBy('buyer_cancelled'));
  });
  it('not after shipping, not twice, not by the seller', () => {
    given(shipmentDecider, [opened, shipped])
      .when({ type: 'Cancel', actorId: 'b1' })
      .thenRejects('conflict', /already shipped/);
    given(shipmentDecider, [opened, ...cancelledBy('buyer_cancelled')])
      .when({ type: 'Cancel', actorId: 'b1' })
      .thenRejects('conflict', 'This order has already been cancelled');
    given(shipmentDecider, [opened])
      .when({ type: 'Cancel', actorId: 's1' })
      .thenRejects('forbidden');
  });
});

describe('shipment: timers', () => {
  it('not shipped within 5 days: cancelled and refunded; earlier or once shipped, nothing', () => {
    const deadline = SHIPMENT_TIMERS.shipWithinMs;
    given(shipmentDecider, [opened])
      .when({ type: 'CancelIfNotShipped' }, at(deadline - 1))
      .then([]);
    given(shipmentDecider, [opened])
      .when({ type: 'CancelIfNotShipped' }, at(deadline))
      .then(cancelledBy('not_shipped_in_time', deadline));
    given(shipmentDecider, [opened, shipped])
      .when({ type: 'CancelIfNotShipped' }, at(6 * DAY))
      .then([]);
    given(shipmentDecider, [opened, ...cancelledBy('buyer_cancelled')])
      .when({ type: 'CancelIfNotShipped' }, at(6 * DAY))
      .then([]);
  });
  it('2 days after delivery without a problem: completed; on hold or earlier, nothing', () => {
    const end = SHIPMENT_TIMERS.protectionMs;
    given(shipmentDecider, [opened, shipped, delivered])
      .when({ type: 'CompleteIfProtectionEnded' }, at(end - 1))
      .then([]);
    given(shipmentDecider, [opened, shipped, delivered])
      .when({ type: 'CompleteIfProtectionEnded' }, at(end))
      .then([completed('protection_elapsed', end)]);
    given(shipmentDecider, [opened, shipped, delivered, onHold])
      .when({ type: 'CompleteIfProtectionEnded' }, at(3 * DAY))
      .then([]);
  });
});

describe('shipment: refund issued', () => {
  it('is recorded once, and only for a decided refund', () => {
    const events = [opened, ...cancelledBy('buyer_cancelled')];
    const issued: ShipmentEvent = {
      type: 'ShipmentRefundIssued',
      data: { shipmentId: 'o1.s1', refundId: 're_1', amountCents: 2500 },
    };
    given(shipmentDecider, events)
      .when({ type: 'RecordRefundIssued', refundId: 're_1' })
      .then([issued]);
    given(shipmentDecider, [...events, issued])
      .when({ type: 'RecordRefundIssued', refundId: 're_2' })
      .then([]);
    given(shipmentDecider, [opened])
      .when({ type: 'RecordRefundIssued', refundId: 're_1' })
      .then([]);
  });
});

describe('listing: stock returned by a cancelled shipment', () => {
  const created: ListingEvent = {
    type: 'ListingCreated',
    data: {
      listingId: 'l1',
      sellerId: 's1',
      sellerName: 'S',
      sellerPhoto: null,
      createdAt: iso(0),
      stock: 1,
      title: 'Jacket',
      description: 'd',
      priceCents: 2500,
      originalPriceCents: null,
      image: '',
      gallery: [],
      brandId: 'b1',
      categoryId: 1,
      conditionIds: [1],
      sizeIds: [],
      colorIds: [],
    },
  };
  const sold: ListingEvent = {
    type: 'StockSold',
    data: { listingId: 'l1', orderId: 'o1', quantity: 1 },
  };
  const returned: ListingEvent = {
    type: 'StockReturned',
    data: { listingId: 'l1', orderId: 'o1', quantity: 1 },
  };
  it('returns the units an order bought, once; nothing for an order that bought none', () => {
    given(listingDecider, [created, sold])
      .when({ type: 'ReturnStock', orderId: 'o1' })
      .then([returned]);
    given(listingDecider, [created, sold, returned])
      .when({ type: 'ReturnStock', orderId: 'o1' })
      .then([]);
    given(listingDecider, [created]).when({ type: 'ReturnStock', orderId: 'o2' }).then([]);
  });
  it('the returned unit can be ordered again', () => {
    given(listingDecider, [created, sold, returned])
      .when({
        type: 'ReserveStock',
        orderId: 'o2',
        quantity: 1,
        expectedPriceCents: 2500,
        expiresAt: iso(60_000),
      })
      .then([
        {
          type: 'StockReserved',
          data: { listingId: 'l1', orderId: 'o2', quantity: 1, expiresAt: iso(60_000) },
        },
      ]);
  });
});
