/**
 * Holiday mode (docs/product.md §14.6): the signed-in seller's holiday as the settings screen
 * shows it. Mounted from the holiday feature's query face.
 */
import { holidayStatusAnswer } from '@rewear/contracts/answers';
import { holidayOf } from '@rewear/features/holiday/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';

export const holidayRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/me/holiday',
      summary:
        "The signed-in seller's holiday: its days and whether it started (null when none is set)",
      tags: ['Sellers'],
      auth: 'user',
      responses: {
        200: {
          description: '{ holiday: { from, until, started } | null }',
          body: holidayStatusAnswer,
        },
        401: 'Not signed in',
      },
    },
    async handle({ user, deps }) {
      return { holiday: await holidayOf(deps.readSide, user.uid) };
    },
  }),
];
