/** Money is integer cents inside; dollars with 2 decimals outside (docs/product.md §1). */

export type Cents = number;

/** Parses a dollar amount (number or numeric string) into integer cents; null if it is not one. */
export function toCents(dollars: number | string): Cents | null {
  const value = typeof dollars === 'string' ? Number(dollars.trim()) : dollars;
  if (typeof dollars === 'string' && dollars.trim() === '') return null;
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100);
}

/** Cents to a dollar number with at most 2 decimals, as the API answers prices. */
export function toDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** '$12.50' */
export function formatPrice(dollars: number): string {
  return `$${dollars.toFixed(2)}`;
}

/** Rounded discount percent, or 0 when there is no real discount (docs/product.md §2 product card, §9). */
export function discountPercent(price: number, originalPrice: number | null | undefined): number {
  if (!originalPrice || originalPrice <= price) return 0;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}
