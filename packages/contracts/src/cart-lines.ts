/**
 * Cart line arithmetic, the one rule set for every copy of a cart: the command side's state,
 * the carts read model and the client's optimistic lines. Pure.
 */
import type { EventOf } from './events.ts';

/** How one line's quantity changes. `remove` without a quantity takes the whole line. */
export type LineChange =
  | { type: 'add'; quantity: number }
  | { type: 'remove'; quantity?: number }
  | { type: 'set'; quantity: number };

/** A cart line event as a change. */
export function lineChangeOf(
  event: EventOf<'CartItemAdded' | 'CartItemQuantitySet' | 'CartItemRemoved'>,
): LineChange {
  switch (event.type) {
    case 'CartItemAdded':
      return { type: 'add', quantity: event.data.quantity };
    case 'CartItemQuantitySet':
      return { type: 'set', quantity: event.data.quantity };
    case 'CartItemRemoved':
      return { type: 'remove', quantity: event.data.quantity };
  }
}

/** The quantity after a change; never below 0 (0 means the line leaves the cart). */
export function quantityAfter(current: number, change: LineChange): number {
  switch (change.type) {
    case 'add':
      return Math.max(0, current + change.quantity);
    case 'remove':
      return change.quantity === undefined ? 0 : Math.max(0, current - change.quantity);
    case 'set':
      return Math.max(0, change.quantity);
  }
}

/** The quantity lines of a cart, keyed by product id (the command side's shape). */
export type LineQuantities = Readonly<Record<string, number>>;

export function changeQuantities(
  lines: LineQuantities,
  productId: string,
  change: LineChange,
): Record<string, number> {
  const quantity = quantityAfter(lines[productId] ?? 0, change);
  const { [productId]: _previous, ...rest } = lines;
  return quantity > 0 ? { ...lines, [productId]: quantity } : rest;
}

/**
 * A list of lines (the read model's and the client's shape) with one product's line changed:
 * a line that reaches 0 leaves, a new line (made by `newLine`; without it, a product not in the
 * list is left out) goes last, the others keep their order.
 */
export function changeLines<Line extends { quantity: number }>(
  lines: readonly Line[],
  productIdOf: (line: Line) => string,
  productId: string,
  change: LineChange,
  newLine?: (quantity: number) => Line,
): Line[] {
  const index = lines.findIndex((line) => productIdOf(line) === productId);
  const quantity = quantityAfter(index < 0 ? 0 : lines[index]!.quantity, change);
  if (index < 0) return quantity > 0 && newLine ? [...lines, newLine(quantity)] : [...lines];
  if (quantity <= 0) return lines.filter((_, i) => i !== index);
  return lines.map((line, i) => (i === index ? { ...line, quantity } : line));
}

/** How many of `requested` more units fit next to `inCart` when `available` can be bought. */
export const addableQuantity = (inCart: number, requested: number, available: number) =>
  Math.max(0, Math.min(requested, available - inCart));
