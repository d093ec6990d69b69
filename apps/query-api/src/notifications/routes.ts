/**
 * Notifications (docs/product.md §11.6): the signed-in user's, newest first, with how many are
 * unread. Read or not comes from the user's read mark, a projection of NotificationsRead.
 */
import type { NotificationList } from '@rewear/contracts';
import { type ReadSide } from '@rewear/platform';
import {
  READ_MODELS,
  type InboxDoc,
  type NotificationReadDoc,
  type NotificationThreadDoc,
} from '@rewear/features/shared/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';

/** The newest this many; older ones are not worth a page. */
export const NOTIFICATIONS_SHOWN = 100;

/**
 * Pure: `uid`'s notifications of these shipment threads and inbox documents, newest first, read
 * up to `readUpTo`.
 */
export function notificationList(
  uid: string,
  threads: readonly NotificationThreadDoc[],
  readUpTo: string | null,
  inbox: readonly InboxDoc[] = [],
): NotificationList {
  const readMs = readUpTo === null ? -Infinity : Date.parse(readUpTo);
  const notifications = [
    ...threads.flatMap((thread) => thread.notifications.filter((n) => n.recipient_id === uid)),
    ...inbox
      .filter((doc) => doc.recipient_id === uid)
      .map(({ _id, ...rest }) => ({ id: _id, ...rest })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
    .slice(0, NOTIFICATIONS_SHOWN)
    .map((n) => ({
      id: n.id,
      kind: n.kind,
      text: n.text,
      link: n.link,
      at: n.at,
      read: Date.parse(n.at) <= readMs,
    }));
  return { notifications, unreadCount: notifications.filter((n) => !n.read).length };
}

/** `uid`'s notifications as GET /api/notifications answers them (the live stream reads the same). */
export async function readNotifications(
  readSide: ReadSide,
  uid: string,
): Promise<NotificationList> {
  const threads = readSide.collection<NotificationThreadDoc>(READ_MODELS.notifications);
  const [bought, sold, inbox, mark] = await Promise.all([
    threads.find({ buyer_id: uid }),
    threads.find({ seller_id: uid }),
    readSide
      .collection<InboxDoc>(READ_MODELS.inbox)
      .find(
        { recipient_id: uid },
        { sort: { at: -1 }, limit: NOTIFICATIONS_SHOWN, readonly: true },
      ),
    readSide.collection<NotificationReadDoc>(READ_MODELS.notificationReads).findOne({ _id: uid }),
  ]);
  // One thread once, should a user be both sides of a shipment.
  const unique = [...new Map([...bought, ...sold].map((t) => [t._id, t])).values()];
  return notificationList(uid, unique, mark?.read_up_to ?? null, inbox);
}

export const notificationRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/notifications',
      summary:
        "The signed-in user's notifications (steps of their sales and orders, reviews received), newest first, with the unread count",
      tags: ['Notifications'],
      auth: 'user',
      responses: {
        200: '{ notifications: [{ id, kind, text, link, at, read }], unreadCount }',
        401: 'Not signed in',
      },
    },
    async handle({ user, deps }) {
      return readNotifications(deps.readSide, user.uid);
    },
  }),
];
