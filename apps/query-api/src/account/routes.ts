/**
 * "Download my data" (docs/security.md, "Personal data and account deletion"): everything the
 * read models hold about the signed-in member, section by section, as JSON; with `download=1`
 * as a file to save. Mounted from the user feature's query face.
 */
import { memberDataAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import type { MemberData } from '@rewear/contracts';
import { memberDataOf } from '@rewear/features/user/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';

export const accountRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/me/data',
      summary:
        'Everything Rewear holds about the signed-in member: profile, listings, orders, purchases, sales, conversations and messages, reviews, follows, saved searches, wishlist, collections, cart, notifications, messages to Rewear, reports made',
      tags: ['users'],
      auth: 'user',
      query: z.object({ download: z.enum(['0', '1']).optional() }),
      responses: {
        200: {
          description: 'MemberData { uid, exportedAt, sections: [{ key, title, items }] }',
          body: memberDataAnswer,
        },
        401: 'Not signed in',
      },
    },
    async handle({ user, query, ctx, deps }): Promise<MemberData> {
      const data = await memberDataOf(
        deps.readSide,
        user.uid,
        (deps.clock ?? (() => new Date()))(),
      );
      ctx.set('Cache-Control', 'no-store');
      if (query.download === '1')
        ctx.set('Content-Disposition', `attachment; filename="rewear-data-${user.uid}.json"`);
      return data;
    },
  }),
];
