/**
 * Following sellers (docs/product.md §14): the signed-in user follows or unfollows a seller; the
 * follower is always the caller, so nobody changes another's follows. Both are idempotent.
 * Following is refused while a block holds between the two (§14.4); unfollowing never is.
 */
import { sellerFollowAnswer } from '@rewear/contracts/command-answers';
import { sellerParams } from '@rewear/contracts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { followLists } from './aggregate.ts';
import { memberKnown } from '../user/members.ts';
import { refuseInBlock } from '../blocks/guard.ts';

export const followRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/sellers/{uid}/follow',
      summary: 'The signed-in user follows a seller (following again changes nothing)',
      tags: ['follows'],
      auth: 'user',
      params: sellerParams,
      responses: {
        200: { description: '{ sellerId, following: true, position }', body: sellerFollowAnswer },
        400: 'Following oneself',
        401: 'Not signed in',
        403: 'A block holds between the two members (either way)',
        404: 'Seller not found',
      },
    },
    async handle({ user, params, ctx, deps: services }) {
      await refuseInBlock(services, user.uid, params.uid, 'You cannot follow this member');
      const outcome = await followLists.handle(services.envFor(ctx), user.uid, {
        type: 'FollowSeller',
        followerId: user.uid,
        sellerId: params.uid,
        // Not looked up for oneself: that is refused whoever one is.
        sellerKnown: params.uid !== user.uid && (await memberKnown(services, params.uid)),
      });
      return {
        status: 200,
        body: { sellerId: params.uid, following: true },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'delete',
      path: '/api/sellers/{uid}/follow',
      summary: 'The signed-in user stops following a seller (not following changes nothing)',
      tags: ['follows'],
      auth: 'user',
      params: sellerParams,
      responses: {
        200: { description: '{ sellerId, following: false, position }', body: sellerFollowAnswer },
        401: 'Not signed in',
      },
    },
    async handle({ user, params, ctx, deps: services }) {
      const outcome = await followLists.handle(services.envFor(ctx), user.uid, {
        type: 'UnfollowSeller',
        followerId: user.uid,
        sellerId: params.uid,
      });
      return {
        status: 200,
        body: { sellerId: params.uid, following: false },
        position: outcome.position,
      };
    },
  }),
];
