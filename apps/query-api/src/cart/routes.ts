/** The owner's cart, with each line joined to its listing in one query, and its totals. */
import { z } from 'zod';
import { toDollars, type CartLine, type CartTotals, type CartView } from '@rewear/contracts';
import { forbidden, notFound, requireSelf, requireUser } from '@rewear/platform';
import { READ_MODELS, type CartDoc } from '@rewear/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';
import { isVisible, toProduct } from '../shared/products.ts';
import { listingsById } from '../shared/read.ts';

/** Pure: totals of a cart given its listings (cents inside, dollars out). */
export function cartTotals(
  cart: CartDoc,
  listings: Map<string, import('@rewear/read-models').ListingDoc>,
): CartTotals {
  let subtotalCents = 0;
  let itemCount = 0;
  const unavailable: CartTotals['unavailable'] = [];
  for (const line of cart.lines) {
    const listing = listings.get(line.product_id);
    itemCount += line.quantity;
    if (!isVisible(listing ?? null)) {
      unavailable.push({ product_id: line.product_id, requested: line.quantity, available: 0 });
      continue;
    }
    subtotalCents += listing!.price_cents * line.quantity;
    if (listing!.stock < line.quantity)
      unavailable.push({
        product_id: line.product_id,
        requested: line.quantity,
        available: listing!.stock,
      });
  }
  return {
    cartId: cart._id,
    lineCount: cart.lines.length,
    itemCount,
    subtotal: toDollars(subtotalCents),
    shipping: { amount: 0, label: 'FREE' },
    tax: { status: 'calculated_at_checkout' },
    unavailable,
  };
}

export const cartRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/cart/user/{userId}',
      summary: "The signed-in user's cart ({id: null, products: []} when none)",
      tags: ['Cart'],
      auth: 'user',
      params: z.object({ userId: idParam }),
      responses: { 200: 'CartView', 401: 'Not signed in', 403: 'Not your cart' },
    },
    async handle({ ctx, params, deps }): Promise<CartView> {
      requireSelf(ctx, params.userId);
      const [cart] = await deps.readSide
        .collection<CartDoc>(READ_MODELS.carts)
        .find({ user_id: params.userId }, { sort: { created_at: 1 }, limit: 1 });
      if (!cart) return { id: null, products: [] };
      const listings = await listingsById(
        deps.readSide,
        cart.lines.map((l) => l.product_id),
      );
      const products: CartLine[] = [];
      for (const line of cart.lines) {
        const listing = listings.get(line.product_id);
        // A deleted listing drops out of the cart view; totals report it as unavailable.
        if (isVisible(listing ?? null))
          products.push({ ...toProduct(listing!._id, listing!), quantity: line.quantity });
      }
      return { id: cart._id, products };
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
        200: 'CartTotals',
        401: 'Not signed in',
        403: 'Not your cart',
        404: 'Cart not found',
      },
    },
    async handle({ ctx, params, deps }): Promise<CartTotals> {
      const user = requireUser(ctx);
      const cart = await deps.readSide
        .collection<CartDoc>(READ_MODELS.carts)
        .findOne({ _id: params.cartId });
      if (!cart) throw notFound('Cart not found');
      if (cart.user_id !== user.uid) throw forbidden();
      return cartTotals(
        cart,
        await listingsById(
          deps.readSide,
          cart.lines.map((l) => l.product_id),
        ),
      );
    },
  }),
];
