/**
 * Follows (docs/product.md §14): a seller's follower count (and whether the caller follows them),
 * and the newest listings of the sellers the signed-in user follows, for the home page's row.
 */
import { z } from 'zod';
import type { FollowStatus, FollowedListings } from '@rewear/contracts';
import { requireUser } from '@rewear/platform';
import { READ_MODELS, type FollowDoc } from '@rewear/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam, wholeNumber } from '../shared/schemas.ts';
import { fromListing, isVisible } from '../shared/products.ts';
import { listingsOf } from '../shared/read.ts';

/** More sellers than this are not read for one row: the row shows a dozen listings at most. */
const FOLLOWED_SELLERS_READ = 500;

export const followRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/sellers/{uid}/follow',
      summary: "A seller's follower count, and whether the signed-in caller follows them",
      tags: ['Sellers'],
      auth: 'optional',
      params: z.object({ uid: idParam }),
      responses: { 200: 'FollowStatus { sellerId, followerCount, following }' },
    },
    async handle({ params, ctx, deps }): Promise<FollowStatus> {
      const follows = deps.readSide.collection<FollowDoc>(READ_MODELS.follows);
      const uid = ctx.state.user?.uid;
      const [followerCount, mine] = await Promise.all([
        follows.count({ seller_id: params.uid }),
        uid ? follows.findOne({ _id: `${uid}|${params.uid}` }, { readonly: true }) : null,
      ]);
      return { sellerId: params.uid, followerCount, following: mine !== null };
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
      responses: { 200: 'FollowedListings { followingCount, products }', 401: 'Not signed in' },
    },
    async handle({ query, ctx, deps }): Promise<FollowedListings> {
      const user = requireUser(ctx);
      const followed = await deps.readSide
        .collection<FollowDoc>(READ_MODELS.follows)
        .find(
          { follower_id: user.uid },
          { sort: { followed_at: -1 }, limit: FOLLOWED_SELLERS_READ, readonly: true },
        );
      if (followed.length === 0) return { followingCount: 0, products: [] };
      const listings = await listingsOf(deps.readSide).find(
        {
          seller_id: { $in: followed.map((follow) => follow.seller_id) },
          deleted: false,
          stock: { $gt: 0 },
        },
        { sort: { created_at: -1 }, limit: query.limit, readonly: true },
      );
      return {
        followingCount: followed.length,
        products: listings.filter(isVisible).map(fromListing),
      };
    },
  }),
];
