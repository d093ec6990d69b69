/**
 * Notifications (docs/product.md §11.6): the signed-in user's, newest first, with how many are
 * unread. Read or not comes from the user's read mark, a projection of NotificationsRead; the
 * reads are the notifications module's (packages/features/src/notifications/queries.ts).
 */
import { notificationListAnswer } from '@rewear/contracts/answers';
import { readNotifications } from '@rewear/features/notifications/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';

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
        200: {
          description: '{ notifications: [{ id, kind, text, link, at, read }], unreadCount }',
          body: notificationListAnswer,
        },
        401: 'Not signed in',
      },
    },
    async handle({ user, deps }) {
      return readNotifications(deps.readSide, user.uid);
    },
  }),
];
