/**
 * Marking notifications read (docs/product.md §11.6): an event, so the read model's read or
 * unread stays a projection. Only the signed-in user's own; there is no uid to name another's.
 */
import { notificationsReadBody, streamIdOf } from '@rewear/contracts';
import { requireUser } from '@rewear/platform';
import { handleCommand } from '../shared/decider.ts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { notificationsDecider } from './decider.ts';

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
        200: '{ readUpTo, position } (readUpTo: the mark now, never after the present)',
        400: 'Invalid body, with the reason',
        401: 'Not signed in',
      },
    },
    async handle({ body, ctx, deps: services }) {
      const user = requireUser(ctx);
      const outcome = await handleCommand(
        services.envFor(ctx),
        notificationsDecider,
        streamIdOf('notifications', user.uid),
        { type: 'MarkNotificationsRead', userId: user.uid, upTo: body.upTo },
      );
      return {
        status: 200,
        body: { readUpTo: outcome.state.readUpTo },
        position: outcome.position,
      };
    },
  }),
];
