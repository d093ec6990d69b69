/**
 * A cart's domain: one cart per user, its lines product id → quantity. How an event changes the
 * lines is written here once: the decider folds it to decide, the projection folds it to keep
 * the carts read model. The line arithmetic itself is shared with the client
 * (@rewear/contracts). Pure.
 */
import {
  changeQuantities,
  lineChangeOf,
  type EventOf,
  type HeldOffer,
  type LineQuantities,
} from '@rewear/contracts';
import { heldOffer, type OfferState } from '../conversation/domain.ts';

/** The events of a cart's stream. */
export const CART_EVENTS = [
  'CartCreated',
  'CartItemAdded',
  'CartItemRemoved',
  'CartItemQuantitySet',
  'CartCleared',
] as const;

export type CartEvent = EventOf<(typeof CART_EVENTS)[number]>;

export interface CartState {
  exists: boolean;
  cartId: string;
  userId: string;
  /** In the order the products came in (a line that leaves and comes back goes last). */
  lines: LineQuantities;
  /** Paid orders this cart was already cleared for. */
  clearedForOrders: string[];
}

export const initialCart = (): CartState => ({
  exists: false,
  cartId: '',
  userId: '',
  lines: {},
  clearedForOrders: [],
});

/** The cart id of a user: deterministic, so "one cart per user" holds even under a race. */
export const cartIdForUser = (userId: string) => `u_${userId}`;

/** The lines after one event: a line event changes its product's line, a clear empties them. */
export function evolveLines(lines: LineQuantities, event: CartEvent): LineQuantities {
  switch (event.type) {
    case 'CartCreated':
      return lines;
    case 'CartCleared':
      return {};
    case 'CartItemAdded':
    case 'CartItemQuantitySet':
    case 'CartItemRemoved':
      return changeQuantities(lines, event.data.productId, lineChangeOf(event));
  }
}

export function evolveCart(state: CartState, event: CartEvent): CartState {
  const lines = evolveLines(state.lines, event);
  switch (event.type) {
    case 'CartCreated':
      return { ...state, exists: true, cartId: event.data.cartId, userId: event.data.userId };
    case 'CartCleared':
      return {
        ...state,
        lines,
        clearedForOrders: event.data.orderId
          ? [...state.clearedForOrders, event.data.orderId]
          : state.clearedForOrders,
      };
    default:
      return { ...state, lines };
  }
}

/**
 * The price a buyer's accepted offer holds on a listing at `now`, if any: what a cart line
 * costs them there (docs/product.md §13), whether the order prices it or the cart shows it.
 */
export function heldPriceOf(offers: readonly OfferState[], now: number): HeldOffer | null {
  const held = heldOffer(offers, now);
  return held ? { offerId: held.offerId, amountCents: held.acceptedCents! } : null;
}
