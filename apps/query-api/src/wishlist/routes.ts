/** The owner's wishlist, newest first, joined to the listings in one query: the HTTP of the wishlist module's queries. */
import { wishlistAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import type { WishlistItem } from '@rewear/contracts';
import { wishlistItemsOf, wishlistView } from '@rewear/features/wishlist/queries';
import { requireSelf } from '@rewear/platform';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';
import { listingsById } from '@rewear/features/listing/queries';

export const wishlistRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/wishlist/user/{uid}',
      summary: "The signed-in user's wishlist",
      tags: ['Wishlist'],
      auth: 'user',
      params: z.object({ uid: idParam }),
      responses: {
        200: { description: 'WishlistItem[]', body: wishlistAnswer },
        401: 'Not signed in',
        403: 'Not your wishlist',
      },
    },
    async handle({ ctx, params, deps }): Promise<WishlistItem[]> {
      requireSelf(ctx, params.uid);
      const items = await wishlistItemsOf(deps.readSide, params.uid);
      const listings = await listingsById(
        deps.readSide,
        items.map((i) => i.product_id),
      );
      return wishlistView(items, listings);
    },
  }),
];
