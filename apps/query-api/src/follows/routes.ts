/**
 * Follows (docs/product.md §14): a seller's follower count (and whether the caller follows them),
 * and the newest listings of the sellers the signed-in user follows, for the home page's row.
 * Mounted from the follows feature's query face.
 */
import { followStatusAnswer, followedListingsAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import type { FollowStatus, FollowedListings } from '@rewear/contracts';
import { followedListings, followStatus } from '@rewear/features/follows/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam, wholeNumber } from '../shared/schemas.ts';
import { fromListing } from '@rewear/features/listing/queries';

export const followRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/sellers/{uid}/follow',
      summary: "A seller's follower count, and whether the signed-in caller follows them",
      tags: ['Sellers'],
      auth: 'optional',
      params: z.object({ uid: idParam }),
      responses: {
        200: {
          description: 'FollowStatus { sellerId, followerCount, following }',
          body: followStatusAnswer,
        },
      },
    },
    async handle({ params, ctx, deps }): Promise<FollowStatus> {
      return followStatus(deps.readSide, params.uid, ctx.state.user?.uid);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/follows/listings',
      summary:
        'The newest listings for sale of the sellers the signed-in user follows, with how many they follow',
      tags: ['Sellers'],
      auth: 'user',
      query: z.object({ limit: wholeNumber(1, 48).default(12) }),
      responses: {
        200: {
          description: 'FollowedListings { followingCount, products }',
          body: followedListingsAnswer,
        },
        401: 'Not signed in',
      },
    },
    async handle({ user, query, deps }): Promise<FollowedListings> {
      const { followingCount, listings } = await followedListings(
        deps.readSide,
        user.uid,
        query.limit,
      );
      return { followingCount, products: listings.map(fromListing) };
    },
  }),
];
