/**
 * Notifications (docs/product.md §11.6): each step of a shipment tells the other party, and a
 * review tells the person reviewed. One thread per shipment, since later events name only the
 * shipment; how far each user has read is a projection of NotificationsRead of its own.
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import {
  READ_MODELS,
  type NotificationDoc,
  type NotificationReadDoc,
  type NotificationThreadDoc,
} from '@rewear/features/shared/read-models';

export const NOTIFICATION_EVENTS = [
  'ShipmentOpened',
  'ShipmentShipped',
  'ShipmentDelivered',
  'ShipmentProblemReported',
  'ShipmentDisputed',
  'ShipmentDisputeSettled',
  'ShipmentCompleted',
  'ShipmentCancelled',
  'ShipmentRefunded',
  'ShipmentRefundIssued',
  'ReviewLeft',
] as const;

export type NotificationEvent = EnvelopeOf<(typeof NOTIFICATION_EVENTS)[number]>;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const PROBLEMS = {
  not_as_described: 'not as described',
  damaged: 'damaged',
  not_received: 'not received',
} as const;

type Draft = Omit<NotificationDoc, 'id' | 'at'>;

/** Pure: who hears of `event` and what they read, given the thread's parties. */
export function notificationFor(
  thread: NotificationThreadDoc,
  event: NotificationEvent,
): Draft | null {
  const toBuyer = (kind: Draft['kind'], text: string): Draft => ({
    recipient_id: thread.buyer_id,
    kind,
    text,
    link: `/order-confirmation/${encodeURIComponent(thread.order_id)}`,
  });
  const toSeller = (kind: Draft['kind'], text: string): Draft => ({
    recipient_id: thread.seller_id,
    kind,
    text,
    link: '/sales',
  });
  const what = thread.subject;
  switch (event.type) {
    case 'ShipmentOpened':
      return toSeller(
        'sale',
        `You sold ${what} for ${dollars(event.data.amountCents)}. Please ship it by ${event.data.shipBy.slice(0, 10)}.`,
      );
    case 'ShipmentShipped':
      return toBuyer(
        'shipped',
        `${what} has shipped with ${event.data.carrier}, tracking number ${event.data.trackingNumber}.`,
      );
    case 'ShipmentDelivered':
      return event.data.confirmedBy === 'seller'
        ? toBuyer('delivered', `The seller marked ${what} as delivered. Let them know all is well.`)
        : toSeller('receipt_confirmed', `The buyer received ${what}.`);
    case 'ShipmentProblemReported':
      return toSeller(
        'problem_reported',
        `The buyer reported a problem with ${what}: ${PROBLEMS[event.data.reason]}. Accept the return or dispute it.`,
      );
    case 'ShipmentDisputed':
      return toBuyer('disputed', `The seller disputed your problem report about ${what}.`);
    // A settlement tells the party it went against here; the other hears of the money it
    // brings them (the completion or the refund appended with it).
    case 'ShipmentDisputeSettled':
      return event.data.outcome === 'buyer'
        ? toSeller(
            'dispute_settled',
            `The dispute about ${what} was settled for the buyer: they are refunded.`,
          )
        : toBuyer(
            'dispute_settled',
            `The dispute about ${what} was settled for the seller: the payment is released to them.`,
          );
    case 'ShipmentCompleted': {
      const amount = dollars(event.data.amountCents);
      return toSeller(
        event.data.reason === 'dispute_settled' ? 'dispute_settled' : 'completed',
        event.data.reason === 'buyer_confirmed'
          ? `The buyer confirmed ${what} is fine: ${amount} is now available.`
          : event.data.reason === 'dispute_settled'
            ? `The dispute about ${what} was settled in your favour: ${amount} is now available.`
            : `Buyer protection ended for ${what}: ${amount} is now available.`,
      );
    }
    case 'ShipmentCancelled':
      return toSeller(
        'cancelled',
        event.data.reason === 'buyer_cancelled'
          ? `The buyer cancelled the order of ${what}.`
          : `The sale of ${what} was cancelled: it was not shipped in time.`,
      );
    case 'ShipmentRefunded':
      // Only a return or a settlement is news to the buyer here; a cancellation was theirs or is
      // told by the refund.
      if (event.data.reason === 'return_accepted')
        return toBuyer('return_accepted', `The seller accepted the return of ${what}.`);
      if (event.data.reason === 'dispute_settled')
        return toBuyer(
          'dispute_settled',
          `The dispute about ${what} was settled in your favour: ${dollars(event.data.amountCents)} will be refunded.`,
        );
      return null;
    case 'ShipmentRefundIssued':
      return toBuyer(
        'refunded',
        `A refund of ${dollars(event.data.amountCents)} for ${what} was issued.`,
      );
    case 'ReviewLeft':
      return {
        recipient_id: event.data.subjectId,
        kind: 'review_left',
        text: `You received a ${event.data.rating}-star review for ${what}.`,
        link: `/sellers/${event.data.subjectId}`,
      };
  }
}

function subjectOf(items: ReadonlyArray<{ title: string }>): string {
  const first = `“${items[0]!.title}”`;
  return items.length > 1 ? `${first} and ${items.length - 1} more` : first;
}

/** Pure: the thread after `event`; an event before the shipment opened has no one to tell. */
export function projectNotifications(
  current: NotificationThreadDoc | null,
  event: NotificationEvent,
): NotificationThreadDoc | null {
  const thread: NotificationThreadDoc | null =
    current ??
    (event.type === 'ShipmentOpened'
      ? {
          _id: event.data.shipmentId,
          order_id: event.data.orderId,
          buyer_id: event.data.buyerId,
          seller_id: event.data.sellerId,
          subject: subjectOf(event.data.items),
          notifications: [],
        }
      : null);
  if (!thread) return null;
  const id = `${event.streamId}:${event.streamVersion}`;
  if (thread.notifications.some((n) => n.id === id)) return current; // already told
  const draft = notificationFor(thread, event);
  if (!draft) return current ?? thread;
  return {
    ...thread,
    notifications: [...thread.notifications, { ...draft, id, at: event.occurredAt }],
  };
}

export const notificationsProjector = documentProjector({
  name: 'notifications',
  collectionName: READ_MODELS.notifications,
  indexes: [{ keys: { buyer_id: 1 } }, { keys: { seller_id: 1 } }],
  canHandle: NOTIFICATION_EVENTS,
  documentId: (event) => event.data.shipmentId,
  evolve: projectNotifications,
});

/** Pure: a read mark only moves forward, so an older or redelivered one changes nothing. */
export function projectNotificationRead(
  current: NotificationReadDoc | null,
  event: EnvelopeOf<'NotificationsRead'>,
): NotificationReadDoc | null {
  if (current && Date.parse(current.read_up_to) >= Date.parse(event.data.upTo)) return current;
  return { _id: event.data.userId, read_up_to: event.data.upTo };
}

export const notificationReadsProjector = documentProjector({
  name: 'notification-reads',
  collectionName: READ_MODELS.notificationReads,
  canHandle: ['NotificationsRead'],
  documentId: (event) => event.data.userId,
  evolve: projectNotificationRead,
});
