/**
 * Holiday mode (docs/product.md §14.6): the signed-in seller sets the days they are away (their
 * listings leave the catalogue, search, collections and alerts from the first day; buying and
 * offers wait) or ends it now. The seller is always the caller. The sweeper records the start of a
 * holiday set ahead and the end on its end date.
 */
import { holidayAnswer } from '@rewear/contracts/command-answers';
import { holidayBody } from '@rewear/contracts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { holidays } from './aggregate.ts';

export const holidayRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'put',
      path: '/api/me/holiday',
      summary:
        'The signed-in seller is away from one day until another (YYYY-MM-DD, at most 90 days, starting today or later): their listings are hidden meanwhile',
      tags: ['holiday'],
      auth: 'user',
      body: holidayBody,
      responses: {
        200: { description: '{ holiday: { from, until }, position }', body: holidayAnswer },
        400: 'Not a date, the end not after the start, a start in the past, or more than 90 days',
        401: 'Not signed in',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      const outcome = await holidays.handle(services.envFor(ctx), user.uid, {
        type: 'SetHoliday',
        uid: user.uid,
        from: body.from,
        until: body.until,
      });
      return {
        status: 200,
        body: { holiday: { from: body.from, until: body.until } },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'delete',
      path: '/api/me/holiday',
      summary:
        'The signed-in seller ends their holiday now (or drops one planned); their listings show again. None set changes nothing',
      tags: ['holiday'],
      auth: 'user',
      responses: {
        200: { description: '{ holiday: null, position }', body: holidayAnswer },
        401: 'Not signed in',
      },
    },
    async handle({ user, ctx, deps: services }) {
      const outcome = await holidays.handle(services.envFor(ctx), user.uid, {
        type: 'EndHoliday',
        uid: user.uid,
      });
      return { status: 200, body: { holiday: null }, position: outcome.position };
    },
  }),
];
