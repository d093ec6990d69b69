/**
 * The owner's cart, with each line joined to its listing in one query, and its totals: the HTTP
 * of the cart module's queries (@rewear/features/cart/queries).
 */
import { cartTotalsAnswer, cartViewAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import type { CartTotals, CartView } from '@rewear/contracts';
import {
  bundlesView,
  cartById,
  cartOfUser,
  cartTotals,
  cartViewLines,
  pricingOf,
} from '@rewear/features/cart/queries';
import { forbidden, notFound, requireSelf } from '@rewear/platform';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';
import { listingsById, toProduct } from '@rewear/features/listing/queries';

export { cartTotals } from '@rewear/features/cart/queries';

export const cartRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/cart/user/{userId}',
      summary: "The signed-in user's cart ({id: null, products: []} when none)",
      tags: ['Cart'],
      auth: 'user',
      params: z.object({ userId: idParam }),
      responses: {
        200: { description: 'CartView', body: cartViewAnswer },
        401: 'Not signed in',
        403: 'Not your cart',
      },
    },
    async handle({ ctx, params, deps }): Promise<CartView> {
      requireSelf(ctx, params.userId);
      const cart = await cartOfUser(deps.readSide, params.userId);
      if (!cart) return { id: null, products: [] };
      const listings = await listingsById(
        deps.readSide,
        cart.lines.map((l) => l.product_id),
      );
      const pricing = await pricingOf(deps.readSide, params.userId, listings.values());
      const products = cartViewLines(cart, listings, pricing).map(({ listing, ...line }) => ({
        ...toProduct(listing._id, listing),
        ...line,
      }));
      return { id: cart._id, products, bundles: bundlesView(pricing) };
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/cart/{cartId}/totals',
      summary: 'Line count, item count, subtotal and unavailable lines (owner only)',
      tags: ['Cart'],
      auth: 'user',
      params: z.object({ cartId: idParam }),
      responses: {
        200: { description: 'CartTotals', body: cartTotalsAnswer },
        401: 'Not signed in',
        403: 'Not your cart',
        404: 'Cart not found',
      },
    },
    async handle({ user, params, deps }): Promise<CartTotals> {
      const cart = await cartById(deps.readSide, params.cartId);
      if (!cart) throw notFound('Cart not found');
      if (cart.user_id !== user.uid) throw forbidden();
      const listings = await listingsById(
        deps.readSide,
        cart.lines.map((l) => l.product_id),
      );
      return cartTotals(
        cart,
        listings,
        await pricingOf(deps.readSide, user.uid, listings.values()),
      );
    },
  }),
];
