/**
 * Blocks (docs/product.md §14.4): the members the signed-in user blocks, and whether they block
 * one member. Private: no route tells a member who blocks them. Mounted from the blocks
 * feature's query face.
 */
import { blockedMembersAnswer, blockStatusAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import type { BlockedMembers, BlockStatus } from '@rewear/contracts';
import { blockedMembersOf, blockStatus } from '@rewear/features/blocks/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';

export const blockRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/blocks',
      summary: 'The members the signed-in user blocks, most recently blocked first',
      tags: ['Members'],
      auth: 'user',
      responses: {
        200: {
          description: 'BlockedMembers { blocked: [{ uid, displayName, blockedAt }] }',
          body: blockedMembersAnswer,
        },
        401: 'Not signed in',
      },
    },
    handle({ user, deps }): Promise<BlockedMembers> {
      return blockedMembersOf(deps.readSide, user.uid);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/members/{uid}/block',
      summary: 'Whether the signed-in user blocks a member (never whether the member blocks them)',
      tags: ['Members'],
      auth: 'user',
      params: z.object({ uid: idParam }),
      responses: {
        200: { description: 'BlockStatus { memberId, blocked }', body: blockStatusAnswer },
        401: 'Not signed in',
      },
    },
    handle({ user, params, deps }): Promise<BlockStatus> {
      return blockStatus(deps.readSide, user.uid, params.uid);
    },
  }),
];
