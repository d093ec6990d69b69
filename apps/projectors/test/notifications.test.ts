/** Notifications: each lifecycle and review event → who is told what (docs/product.md §11.6). */
import { describe, expect, it } from 'vitest';
import type { EventData, EventType } from '@rewear/contracts';
import {
  projectNotificationRead,
  projectNotifications,
  type NotificationEvent,
  type NotificationThreadDoc,
} from '../src/index.ts';
import { envelope } from './events.ts';

let version = 0;
const at = (minute: number) => `2026-03-01T12:${String(minute).padStart(2, '0')}:00.000Z`;
function shipmentEvent<T extends NotificationEvent['type']>(type: T, data: EventData<T>) {
  version += 1;
  return envelope(type as EventType, data as never, {
    streamId: type === 'ReviewLeft' ? 'review-s-1' : 'shipment-s-1',
    streamVersion: version,
    occurredAt: at(version),
  }) as NotificationEvent;
}

const opened = () =>
  shipmentEvent('ShipmentOpened', {
    shipmentId: 's-1',
    orderId: 'o-1',
    sellerId: 'seller-1',
    buyerId: 'buyer-1',
    items: [
      { productId: 'p-1', title: 'Denim jacket', image: '', quantity: 1, unitPriceCents: 4500 },
    ],
    amountCents: 4500,
    currency: 'usd',
    shipping: {
      name: 'Ada',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      email: 'ada@example.com',
    },
    paymentIntentId: 'pi_1',
    openedAt: at(0),
    shipBy: '2026-03-06T12:00:00.000Z',
  });

function after(...events: NotificationEvent[]): NotificationThreadDoc {
  version = 0;
  const thread = [opened(), ...events].reduce<NotificationThreadDoc | null>(
    projectNotifications,
    null,
  );
  return thread!;
}

const last = (thread: NotificationThreadDoc) => thread.notifications.at(-1)!;

describe('projectNotifications', () => {
  it('tells the seller of a sale, linking to /sales', () => {
    version = 0;
    const thread = projectNotifications(null, opened())!;
    expect(thread).toMatchObject({ buyer_id: 'buyer-1', seller_id: 'seller-1' });
    expect(thread.notifications).toEqual([
      {
        id: 'shipment-s-1:1',
        recipient_id: 'seller-1',
        kind: 'sale',
        text: 'You sold “Denim jacket” for $45.00. Please ship it by 2026-03-06.',
        link: '/sales',
        at: at(1),
      },
    ]);
  });

  it('tells the buyer the carrier and tracking number when the seller ships', () => {
    version = 0;
    const thread = [opened()].reduce(projectNotifications, null)!;
    const next = projectNotifications(
      thread,
      shipmentEvent('ShipmentShipped', {
        shipmentId: 's-1',
        carrier: 'UPS',
        trackingNumber: '1Z999',
        shippedAt: at(2),
      }),
    )!;
    expect(last(next)).toMatchObject({
      recipient_id: 'buyer-1',
      kind: 'shipped',
      link: '/order-confirmation/o-1',
    });
    expect(last(next).text).toContain('UPS');
    expect(last(next).text).toContain('1Z999');
  });

  it.each([
    ['seller', 'buyer-1', 'delivered'],
    ['buyer', 'seller-1', 'receipt_confirmed'],
  ] as const)('a delivery confirmed by the %s tells the other party', (by, to, kind) => {
    const thread = after(
      shipmentEvent('ShipmentDelivered', {
        shipmentId: 's-1',
        confirmedBy: by,
        deliveredAt: at(3),
        protectionEndsAt: at(50),
      }),
    );
    expect(last(thread)).toMatchObject({ recipient_id: to, kind });
  });

  it('tells the seller of a problem, a completion and a cancellation', () => {
    const problem = after(
      shipmentEvent('ShipmentProblemReported', {
        shipmentId: 's-1',
        reason: 'damaged',
        text: 'torn',
        reportedAt: at(4),
      }),
    );
    expect(last(problem)).toMatchObject({ recipient_id: 'seller-1', kind: 'problem_reported' });
    expect(last(problem).text).toContain('damaged');
    const completed = after(
      shipmentEvent('ShipmentCompleted', {
        shipmentId: 's-1',
        sellerId: 'seller-1',
        amountCents: 4500,
        reason: 'buyer_confirmed',
        completedAt: at(5),
      }),
    );
    expect(last(completed)).toMatchObject({ recipient_id: 'seller-1', kind: 'completed' });
    const cancelled = after(
      shipmentEvent('ShipmentCancelled', {
        shipmentId: 's-1',
        reason: 'buyer_cancelled',
        cancelledAt: at(5),
      }),
    );
    expect(last(cancelled)).toMatchObject({ recipient_id: 'seller-1', kind: 'cancelled' });
  });

  it('tells the buyer of a dispute, an accepted return and the refund issued', () => {
    const refunded = (reason: 'return_accepted' | 'buyer_cancelled') =>
      shipmentEvent('ShipmentRefunded', {
        shipmentId: 's-1',
        orderId: 'o-1',
        sellerId: 'seller-1',
        paymentIntentId: 'pi_1',
        amountCents: 4500,
        reason,
        refundedAt: at(6),
      });
    const disputed = after(
      shipmentEvent('ShipmentDisputed', { shipmentId: 's-1', disputedAt: at(6) }),
    );
    expect(last(disputed)).toMatchObject({ recipient_id: 'buyer-1', kind: 'disputed' });
    const returned = after(
      refunded('return_accepted'),
      shipmentEvent('ShipmentRefundIssued', {
        shipmentId: 's-1',
        refundId: 're_1',
        amountCents: 4500,
      }),
    );
    expect(returned.notifications.slice(1).map((n) => [n.recipient_id, n.kind])).toEqual([
      ['buyer-1', 'return_accepted'],
      ['buyer-1', 'refunded'],
    ]);
    expect(last(returned).text).toContain('$45.00');
    // A cancellation's refund decision is no news; its issued refund is.
    expect(after(refunded('buyer_cancelled')).notifications).toHaveLength(1);
  });

  it('tells both parties of a settled dispute: the one it went against, and the one paid', () => {
    const settled = (outcome: 'buyer' | 'seller') =>
      shipmentEvent('ShipmentDisputeSettled', {
        shipmentId: 's-1',
        outcome,
        operator: 'olga',
        address: '10.0.0.1',
        settledAt: at(7),
      });
    const forBuyer = after(
      settled('buyer'),
      shipmentEvent('ShipmentRefunded', {
        shipmentId: 's-1',
        orderId: 'o-1',
        sellerId: 'seller-1',
        paymentIntentId: 'pi_1',
        amountCents: 4500,
        reason: 'dispute_settled',
        refundedAt: at(7),
      }),
    );
    expect(forBuyer.notifications.slice(1).map((n) => [n.recipient_id, n.kind, n.text])).toEqual([
      [
        'seller-1',
        'dispute_settled',
        'The dispute about “Denim jacket” was settled for the buyer: they are refunded.',
      ],
      [
        'buyer-1',
        'dispute_settled',
        'The dispute about “Denim jacket” was settled in your favour: $45.00 will be refunded.',
      ],
    ]);
    const forSeller = after(
      settled('seller'),
      shipmentEvent('ShipmentCompleted', {
        shipmentId: 's-1',
        sellerId: 'seller-1',
        amountCents: 4500,
        reason: 'dispute_settled',
        completedAt: at(7),
      }),
    );
    expect(forSeller.notifications.slice(1).map((n) => [n.recipient_id, n.kind, n.text])).toEqual([
      [
        'buyer-1',
        'dispute_settled',
        'The dispute about “Denim jacket” was settled for the seller: the payment is released to them.',
      ],
      [
        'seller-1',
        'dispute_settled',
        'The dispute about “Denim jacket” was settled in your favour: $45.00 is now available.',
      ],
    ]);
  });

  it('tells the reviewed person, linking to their profile', () => {
    const thread = after(
      shipmentEvent('ReviewLeft', {
        shipmentId: 's-1',
        authorId: 'buyer-1',
        authorRole: 'buyer',
        subjectId: 'seller-1',
        rating: 5,
        text: 'Great',
        leftAt: at(9),
      }),
    );
    expect(last(thread)).toMatchObject({
      recipient_id: 'seller-1',
      kind: 'review_left',
      link: '/sellers/seller-1',
    });
  });

  it('counts a redelivered event once and ignores events before the shipment opened', () => {
    version = 0;
    const first = opened();
    const thread = projectNotifications(null, first)!;
    expect(projectNotifications(thread, first)).toBe(thread);
    expect(
      projectNotifications(
        null,
        shipmentEvent('ShipmentDisputed', { shipmentId: 's-9', disputedAt: at(1) }),
      ),
    ).toBeNull();
  });
});

describe('projectNotificationRead', () => {
  const read = (upTo: string) => envelope('NotificationsRead', { userId: 'u-1', upTo });
  it('moves the read mark forward only', () => {
    const first = projectNotificationRead(null, read(at(5)))!;
    expect(first).toEqual({ _id: 'u-1', read_up_to: at(5) });
    expect(projectNotificationRead(first, read(at(3)))).toBe(first);
    expect(projectNotificationRead(first, read(at(7)))).toEqual({ _id: 'u-1', read_up_to: at(7) });
  });
});
