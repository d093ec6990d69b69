/** One cart per user; its lines are product id → quantity. */
import type { DomainEvent } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

export interface CartState {
  exists: boolean;
  cartId: string;
  userId: string;
  lines: Record<string, number>;
  /** Paid orders this cart was already cleared for. */
  clearedForOrders: string[];
}

/** What the cart needs to know about a listing to take it in. */
export interface ProductAvailability {
  productId: string;
  /** False for unknown or deleted listings. */
  listed: boolean;
  available: number;
}

export type CartCommand =
  | { type: 'CreateCart'; cartId: string; userId: string }
  | { type: 'AddItem'; userId: string; product: ProductAvailability; quantity: number }
  | { type: 'RemoveItem'; userId: string; productId: string; quantity?: number }
  | { type: 'SetItemQuantity'; userId: string; product: ProductAvailability; quantity: number }
  | { type: 'ClearCart'; userId: string }
  | { type: 'ClearCartForOrder'; orderId: string }
  | {
      type: 'MergeItems';
      userId: string;
      items: Array<{ product: ProductAvailability; quantity: number }>;
    };

/** The cart id of a user: deterministic, so "one cart per user" holds even under a race. */
export const cartIdForUser = (userId: string) => `u_${userId}`;

export const onlyAvailableMessage = (n: number) => `Only ${n} available`;

export interface MergeSkip {
  productId: string;
  reason: 'not_found' | 'sold_out';
}

/** Which merge lines are skipped (pure; the route reports it). */
export function mergeSkips(
  state: CartState,
  items: Array<{ product: ProductAvailability; quantity: number }>,
): MergeSkip[] {
  const skipped: MergeSkip[] = [];
  const lines = { ...state.lines };
  for (const { product, quantity } of items) {
    if (!product.listed) skipped.push({ productId: product.productId, reason: 'not_found' });
    else {
      const add = Math.min(quantity, product.available - (lines[product.productId] ?? 0));
      if (add <= 0 && !lines[product.productId])
        skipped.push({ productId: product.productId, reason: 'sold_out' });
      if (add > 0) lines[product.productId] = (lines[product.productId] ?? 0) + add;
    }
  }
  return skipped;
}

export function evolveCart(state: CartState, event: DomainEvent): CartState {
  switch (event.type) {
    case 'CartCreated':
      return { ...state, exists: true, cartId: event.data.cartId, userId: event.data.userId };
    case 'CartItemAdded':
      return {
        ...state,
        lines: {
          ...state.lines,
          [event.data.productId]: (state.lines[event.data.productId] ?? 0) + event.data.quantity,
        },
      };
    case 'CartItemQuantitySet':
      return { ...state, lines: { ...state.lines, [event.data.productId]: event.data.quantity } };
    case 'CartItemRemoved': {
      const left = (state.lines[event.data.productId] ?? 0) - event.data.quantity;
      const { [event.data.productId]: _gone, ...rest } = state.lines;
      return { ...state, lines: left > 0 ? { ...rest, [event.data.productId]: left } : rest };
    }
    case 'CartCleared':
      return {
        ...state,
        lines: {},
        clearedForOrders: event.data.orderId
          ? [...state.clearedForOrders, event.data.orderId]
          : state.clearedForOrders,
      };
    default:
      return state;
  }
}

function checkOwner(state: CartState, userId: string) {
  if (!state.exists) reject('not_found', 'Cart not found');
  if (state.userId !== userId) reject('forbidden', 'You can only change your own cart');
}

function checkListed(product: ProductAvailability) {
  if (!product.listed) reject('not_found', 'Product not found');
}

function decideCart(command: CartCommand, state: CartState): DomainEvent[] {
  switch (command.type) {
    case 'CreateCart':
      if (state.exists) return [];
      return [{ type: 'CartCreated', data: { cartId: command.cartId, userId: command.userId } }];
    case 'AddItem': {
      checkOwner(state, command.userId);
      checkListed(command.product);
      const inCart = state.lines[command.product.productId] ?? 0;
      if (inCart + command.quantity > command.product.available) {
        return reject('conflict', onlyAvailableMessage(command.product.available), {
          productId: command.product.productId,
          available: command.product.available,
          inCart,
        });
      }
      return [
        {
          type: 'CartItemAdded',
          data: {
            cartId: state.cartId,
            productId: command.product.productId,
            quantity: command.quantity,
          },
        },
      ];
    }
    case 'RemoveItem': {
      checkOwner(state, command.userId);
      const inCart = state.lines[command.productId];
      if (!inCart) return reject('not_found', 'Product is not in the cart');
      const quantity = Math.min(command.quantity ?? inCart, inCart);
      return [
        {
          type: 'CartItemRemoved',
          data: { cartId: state.cartId, productId: command.productId, quantity },
        },
      ];
    }
    case 'SetItemQuantity': {
      checkOwner(state, command.userId);
      const productId = command.product.productId;
      const inCart = state.lines[productId] ?? 0;
      if (command.quantity <= 0) {
        if (!inCart) return reject('not_found', 'Product is not in the cart');
        return [
          { type: 'CartItemRemoved', data: { cartId: state.cartId, productId, quantity: inCart } },
        ];
      }
      checkListed(command.product);
      if (command.quantity === inCart) return [];
      // Lowering a quantity is always allowed; raising it needs the units.
      if (command.quantity > inCart && command.quantity > command.product.available) {
        return reject('conflict', onlyAvailableMessage(command.product.available), {
          productId,
          available: command.product.available,
          inCart,
        });
      }
      return [
        {
          type: 'CartItemQuantitySet',
          data: { cartId: state.cartId, productId, quantity: command.quantity },
        },
      ];
    }
    case 'ClearCart':
      checkOwner(state, command.userId);
      if (Object.keys(state.lines).length === 0) return [];
      return [{ type: 'CartCleared', data: { cartId: state.cartId, reason: 'user' } }];
    case 'ClearCartForOrder':
      if (!state.exists || state.clearedForOrders.includes(command.orderId)) return [];
      return [
        {
          type: 'CartCleared',
          data: { cartId: state.cartId, reason: 'order_paid', orderId: command.orderId },
        },
      ];
    case 'MergeItems': {
      checkOwner(state, command.userId);
      const events: DomainEvent[] = [];
      const lines = { ...state.lines };
      for (const { product, quantity } of command.items) {
        if (!product.listed) continue;
        // Quantities add up, capped by what can be bought now.
        const add = Math.min(quantity, product.available - (lines[product.productId] ?? 0));
        if (add <= 0) continue;
        lines[product.productId] = (lines[product.productId] ?? 0) + add;
        events.push({
          type: 'CartItemAdded',
          data: { cartId: state.cartId, productId: product.productId, quantity: add },
        });
      }
      return events;
    }
  }
}

export const cartDecider: Decider<CartState, CartCommand> = {
  initialState: () => ({ exists: false, cartId: '', userId: '', lines: {}, clearedForOrders: [] }),
  evolve: evolveCart,
  decide: decideCart,
};
