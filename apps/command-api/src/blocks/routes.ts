/**
 * Blocking members (docs/product.md §14.4): the signed-in member blocks or unblocks another; the
 * blocker is always the caller, so nobody changes another's blocks. Both are idempotent. The
 * blocked member is not told; while the block holds neither may message, make or answer offers
 * to, or follow the other (`./guard.ts`, read where those commands are handled).
 */
import { memberBlockAnswer } from '@rewear/contracts/command-answers';
import { memberParams } from '@rewear/contracts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { memberKnown } from '../user/members.ts';
import { blockLists } from './aggregate.ts';

export const blockRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/members/{uid}/block',
      summary:
        'The signed-in member blocks another: no messages, offers or follows between them either way (blocking again changes nothing)',
      tags: ['blocks'],
      auth: 'user',
      params: memberParams,
      responses: {
        200: { description: '{ memberId, blocked: true, position }', body: memberBlockAnswer },
        400: 'Blocking oneself',
        401: 'Not signed in',
        404: 'Member not found',
      },
    },
    async handle({ user, params, ctx, deps: services }) {
      const outcome = await blockLists.handle(services.envFor(ctx), user.uid, {
        type: 'BlockMember',
        blockerId: user.uid,
        blockedId: params.uid,
        // Not looked up for oneself: that is refused whoever one is.
        memberKnown: params.uid !== user.uid && (await memberKnown(services, params.uid)),
      });
      return {
        status: 200,
        body: { memberId: params.uid, blocked: true },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'delete',
      path: '/api/members/{uid}/block',
      summary: 'The signed-in member unblocks another (not blocking them changes nothing)',
      tags: ['blocks'],
      auth: 'user',
      params: memberParams,
      responses: {
        200: { description: '{ memberId, blocked: false, position }', body: memberBlockAnswer },
        401: 'Not signed in',
      },
    },
    async handle({ user, params, ctx, deps: services }) {
      const outcome = await blockLists.handle(services.envFor(ctx), user.uid, {
        type: 'UnblockMember',
        blockerId: user.uid,
        blockedId: params.uid,
      });
      return {
        status: 200,
        body: { memberId: params.uid, blocked: false },
        position: outcome.position,
      };
    },
  }),
];
