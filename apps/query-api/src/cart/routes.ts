/**
 * The owner's cart, with each line joined to its listing in one query, and its totals. A line
 * is priced as the order will be (docs/product.md §13): at the buyer's accepted offer while it
 * holds, less the sellers' bundle discounts.
 */
import { z } from 'zod';
import {
  conversationIdFor,
  priceLines,
  toDollars,
  type CartLine,
  type CartTotals,
  type CartView,
  type DiscountTier,
  type HeldOffer,
  type PricedOrder,
} from '@rewear/contracts';
import { conversationsOf, heldOfferOf } from '@rewear/features/conversation/queries';
import { forbidden, notFound, requireSelf, requireUser, type ReadSide } from '@rewear/platform';
import {
  READ_MODELS,
  type BundleDiscountsDoc,
  type CartDoc,
  type ListingDoc,
} from '@rewear/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';
import { isVisible, toProduct } from '../shared/products.ts';
import { listingsById } from '../shared/read.ts';

/** The buyer's held offers (by listing) and the sellers' bundle tiers for these listings. */
async function pricingOf(
  side: ReadSide,
  buyerId: string,
  listings: Iterable<ListingDoc>,
): Promise<{ offers: Map<string, HeldOffer>; bundles: Map<string, DiscountTier[]> }> {
  const all = [...listings];
  const [conversations, bundles] = await Promise.all([
    conversationsOf(side).find(
      { _id: { $in: all.map((l) => conversationIdFor(l._id, buyerId)) } },
      { readonly: true },
    ),
    side
      .collection<BundleDiscountsDoc>(READ_MODELS.bundleDiscounts)
      .find({ _id: { $in: [...new Set(all.map((l) => l.seller_id))] } }, { readonly: true }),
  ]);
  const now = Date.now();
  const offers = new Map<string, HeldOffer>();
  for (const doc of conversations) {
    const held = heldOfferOf(doc, now);
    if (held)
      offers.set(doc.listing_id, { offerId: held.offerId, amountCents: held.acceptedCents! });
  }
  return { offers, bundles: new Map(bundles.map((b) => [b._id, b.tiers])) };
}

/** Pure: the visible lines of a cart priced for its owner. */
export function priceCart(
  cart: CartDoc,
  listings: Map<string, ListingDoc>,
  pricing: { offers: Map<string, HeldOffer>; bundles: Map<string, DiscountTier[]> },
): PricedOrder {
  const lines = cart.lines.flatMap((line) => {
    const listing = listings.get(line.product_id);
    if (!isVisible(listing ?? null)) return [];
    return [
      {
        productId: line.product_id,
        quantity: line.quantity,
        sellerId: listing!.seller_id,
        listPriceCents: listing!.price_cents,
      },
    ];
  });
  return priceLines(lines, pricing.offers, pricing.bundles);
}

/** Pure: totals of a cart given its listings (cents inside, dollars out). */
export function cartTotals(
  cart: CartDoc,
  listings: Map<string, ListingDoc>,
  pricing: { offers: Map<string, HeldOffer>; bundles: Map<string, DiscountTier[]> } = {
    offers: new Map(),
    bundles: new Map(),
  },
): CartTotals {
  const priced = priceCart(cart, listings, pricing);
  let itemCount = 0;
  const unavailable: CartTotals['unavailable'] = [];
  for (const line of cart.lines) {
    const listing = listings.get(line.product_id);
    itemCount += line.quantity;
    if (!isVisible(listing ?? null)) {
      unavailable.push({ product_id: line.product_id, requested: line.quantity, available: 0 });
      continue;
    }
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
    subtotal: toDollars(priced.subtotalCents),
    discounts: priced.discounts.map((d) => ({
      sellerId: d.sellerId,
      percent: d.percent,
      amount: toDollars(d.amountCents),
    })),
    total: toDollars(priced.totalCents),
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
      const pricing = await pricingOf(deps.readSide, params.userId, listings.values());
      const priced = new Map(
        priceCart(cart, listings, pricing).lines.map((line) => [line.productId, line]),
      );
      const products: CartLine[] = [];
      for (const line of cart.lines) {
        const listing = listings.get(line.product_id);
        // A deleted listing drops out of the cart view; totals report it as unavailable.
        if (!isVisible(listing ?? null)) continue;
        const price = priced.get(line.product_id)!;
        products.push({
          ...toProduct(listing!._id, listing!),
          quantity: line.quantity,
          price: toDollars(price.unitPriceCents),
          offerId: price.offerId,
          listPrice: toDollars(listing!.price_cents),
        });
      }
      const bundles: NonNullable<CartView['bundles']> = {};
      for (const [sellerId, tiers] of pricing.bundles) bundles[sellerId] = tiers;
      return { id: cart._id, products, bundles };
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
