/**
 * Marking notifications read (docs/product.md §11.6): an event, so the read model's read or
 * unread stays a projection. Only the signed-in user's own; there is no uid to name another's.
 */
import { notificationsReadAnswer } from '@rewear/contracts/command-answers';
import { notificationsReadBody } from '@rewear/contracts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { inboxes } from './aggregate.ts';

export const notificationRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/notifications/read',
      summary:
        "Marks the signed-in user's notifications read up to a time (the newest one shown); a mark never moves back",
      tags: ['notifications'],
      auth: 'user',
      body: notificationsReadBody,
      responses: {
        200: {
          description: '{ readUpTo, position } (readUpTo: the mark now, never after the present)',
          body: notificationsReadAnswer,
        },
        400: 'Invalid body, with the reason',
        401: 'Not signed in',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      const outcome = await inboxes.handle(services.envFor(ctx), user.uid, {
        type: 'MarkNotificationsRead',
        userId: user.uid,
        upTo: body.upTo,
      });
      return {
        status: 200,
        body: { readUpTo: outcome.state.readUpTo },
        position: outcome.position,
      };
    },
  }),
];
