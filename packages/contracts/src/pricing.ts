/**
 * How an order's lines are priced (docs/product.md §13), one pure rule for the command side
 * (which charges it) and the query side (which shows it): a line is at the listed price, unless
 * the buyer holds an accepted offer on it; a seller's bundle discount comes off that seller's
 * listed-price lines when the buyer takes enough of their items at once.
 */

export interface LineToPrice {
  productId: string;
  quantity: number;
  sellerId: string;
  listPriceCents: number;
}

/** An accepted offer still holding for this buyer. */
export interface HeldOffer {
  offerId: string;
  amountCents: number;
}

export interface DiscountTier {
  minItems: number;
  percent: number;
}

export interface PricedLine extends LineToPrice {
  unitPriceCents: number;
  offerId: string | null;
}

export interface BundleDiscount {
  sellerId: string;
  percent: number;
  amountCents: number;
}

export interface PricedOrder {
  lines: PricedLine[];
  discounts: BundleDiscount[];
  subtotalCents: number;
  totalCents: number;
}

/** The tier a count of items reaches: the one with the most items at or below it. */
export function reachedTier(tiers: readonly DiscountTier[], items: number): DiscountTier | null {
  let best: DiscountTier | null = null;
  for (const tier of tiers)
    if (tier.minItems <= items && (!best || tier.minItems > best.minItems)) best = tier;
  return best;
}

/**
 * Prices lines for one buyer. `offers`: their held offers by listing (an offer prices a line of
 * one unit; more units are at the listed price). `bundles`: discount tiers by seller. Every
 * unit of a seller counts towards the tier; the discount applies to the listed-price lines
 * (an offered price is already a bargain).
 */
export function priceLines(
  lines: readonly LineToPrice[],
  offers: ReadonlyMap<string, HeldOffer>,
  bundles: ReadonlyMap<string, readonly DiscountTier[]>,
): PricedOrder {
  const priced: PricedLine[] = lines.map((line) => {
    const offer = line.quantity === 1 ? offers.get(line.productId) : undefined;
    return {
      ...line,
      unitPriceCents: offer ? offer.amountCents : line.listPriceCents,
      offerId: offer ? offer.offerId : null,
    };
  });
  const subtotalCents = priced.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const bySeller = new Map<string, { units: number; listedCents: number }>();
  for (const line of priced) {
    const seller = bySeller.get(line.sellerId) ?? { units: 0, listedCents: 0 };
    seller.units += line.quantity;
    if (!line.offerId) seller.listedCents += line.unitPriceCents * line.quantity;
    bySeller.set(line.sellerId, seller);
  }
  const discounts: BundleDiscount[] = [];
  for (const [sellerId, { units, listedCents }] of bySeller) {
    const tier = reachedTier(bundles.get(sellerId) ?? [], units);
    if (!tier) continue;
    const amountCents = Math.round((listedCents * tier.percent) / 100);
    if (amountCents > 0) discounts.push({ sellerId, percent: tier.percent, amountCents });
  }
  const discountCents = discounts.reduce((sum, d) => sum + d.amountCents, 0);
  return { lines: priced, discounts, subtotalCents, totalCents: subtotalCents - discountCents };
}
