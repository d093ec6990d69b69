/**
 * The cart's query face: what query-api reads of the carts read model and how it prices a cart
 * for its owner. A line is priced as the order will be (docs/product.md §13): at the buyer's
 * accepted offer while it holds (the domain's `heldPriceOf`, which the order uses too), less the
 * sellers' bundle discounts.
 */
import {
  conversationIdFor,
  priceLines,
  toDollars,
  type CartTotals,
  type DiscountTier,
  type HeldOffer,
  type PricedOrder,
} from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { isVisible, type ListingDoc } from '../listing/projection.ts';
import { bundleTiersBySeller } from '../bundle/queries.ts';
import { conversationsOf } from '../conversation/queries.ts';
import { offerOfDoc } from '../conversation/projection.ts';
import { heldPriceOf } from './domain.ts';
import type { CartDoc } from './projection.ts';

/** What prices a buyer's lines beyond the list price: held offers by listing, bundle tiers by seller. */
export interface CartPricing {
  offers: Map<string, HeldOffer>;
  bundles: Map<string, DiscountTier[]>;
}

export const cartsOf = (side: ReadSide) => side.collection<CartDoc>(READ_MODELS.carts);

/** A user's cart (the first made, should a race ever have made two). */
export async function cartOfUser(side: ReadSide, userId: string): Promise<CartDoc | undefined> {
  const [cart] = await cartsOf(side).find(
    { user_id: userId },
    { sort: { created_at: 1 }, limit: 1 },
  );
  return cart;
}

export const cartById = (side: ReadSide, cartId: string) => cartsOf(side).findOne({ _id: cartId });

/** The buyer's held offers (by listing) and the sellers' bundle tiers for these listings. */
export async function pricingOf(
  side: ReadSide,
  buyerId: string,
  listings: Iterable<ListingDoc>,
): Promise<CartPricing> {
  const all = [...listings];
  const [conversations, bundles] = await Promise.all([
    conversationsOf(side).find(
      { _id: { $in: all.map((l) => conversationIdFor(l._id, buyerId)) } },
      { readonly: true },
    ),
    bundleTiersBySeller(
      side,
      all.map((l) => l.seller_id),
    ),
  ]);
  const now = Date.now();
  const offers = new Map<string, HeldOffer>();
  for (const doc of conversations) {
    const held = heldPriceOf(doc.offers.map(offerOfDoc), now);
    if (held) offers.set(doc.listing_id, held);
  }
  return { offers, bundles };
}

/** Pure: the visible lines of a cart priced for its owner. */
export function priceCart(
  cart: CartDoc,
  listings: Map<string, ListingDoc>,
  pricing: CartPricing,
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
  pricing: CartPricing = { offers: new Map(), bundles: new Map() },
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

/** One visible line of the cart view: its listing, quantity and price for the owner (dollars). */
export interface CartViewLine {
  listing: ListingDoc;
  quantity: number;
  price: number;
  offerId: string | null;
  listPrice: number;
}

/** The lines the cart page shows, in cart order; a deleted listing drops out (totals report it). */
export function cartViewLines(
  cart: CartDoc,
  listings: Map<string, ListingDoc>,
  pricing: CartPricing,
): CartViewLine[] {
  const priced = new Map(
    priceCart(cart, listings, pricing).lines.map((line) => [line.productId, line]),
  );
  return cart.lines.flatMap((line) => {
    const listing = listings.get(line.product_id);
    if (!isVisible(listing ?? null)) return [];
    const price = priced.get(line.product_id)!;
    return [
      {
        listing: listing!,
        quantity: line.quantity,
        price: toDollars(price.unitPriceCents),
        offerId: price.offerId,
        listPrice: toDollars(listing!.price_cents),
      },
    ];
  });
}

/** The sellers' bundle tiers, as the cart view sends them. */
export const bundlesView = (pricing: CartPricing): Record<string, DiscountTier[]> =>
  Object.fromEntries(pricing.bundles);
