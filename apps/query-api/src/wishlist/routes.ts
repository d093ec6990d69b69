/** The owner's wishlist, newest first, joined to the listings in one query. */
import { z } from 'zod';
import { toDollars, type WishlistItem } from '@rewear/contracts';
import { requireSelf } from '@rewear/platform';
import { READ_MODELS, type WishlistItemDoc } from '@rewear/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';
import { isVisible } from '../shared/products.ts';
import { listingsById } from '../shared/read.ts';

export const wishlistRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/wishlist/user/{uid}',
      summary: "The signed-in user's wishlist",
      tags: ['Wishlist'],
      auth: 'user',
      params: z.object({ uid: idParam }),
      responses: { 200: 'WishlistItem[]', 401: 'Not signed in', 403: 'Not your wishlist' },
    },
    async handle({ ctx, params, deps }): Promise<WishlistItem[]> {
      requireSelf(ctx, params.uid);
      const items = await deps.readSide
        .collection<WishlistItemDoc>(READ_MODELS.wishlistItems)
        .find({ user_id: params.uid }, { sort: { added_at: -1 } });
      const listings = await listingsById(
        deps.readSide,
        items.map((i) => i.product_id),
      );
      const result: WishlistItem[] = [];
      for (const item of items) {
        const l = listings.get(item.product_id);
        if (!isVisible(l ?? null)) continue;
        result.push({
          product_id: item.product_id,
          added_at: item.added_at,
          title: l!.title,
          image: l!.image,
          brand_name: l!.brand_name,
          price: toDollars(l!.price_cents),
          original_price:
            l!.original_price_cents === null ? null : toDollars(l!.original_price_cents),
          conditions: l!.conditions,
          sizes: l!.sizes,
        });
      }
      return result;
    },
  }),
];
