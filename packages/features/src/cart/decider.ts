/**
 * The cart's command face: stream `cart-{cartId}`, one cart per user. The lines' steps are the
 * domain's (`./domain.ts`), folded by the read side too; what a command may do to them is here.
 */
import { addableQuantity, changeQuantities, type LineQuantities } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import { evolveCart, initialCart, type CartEvent, type CartState } from './domain.ts';

export { cartIdForUser, type CartEvent, type CartState } from './domain.ts';

/** What the cart needs to know about a listing to take it in. */
export interface ProductAvailability {
  productId: string;
  /** False for unknown or deleted listings. */
  listed: boolean;
  available: number;
  /** Who sells it (absent for an unknown listing): no one buys their own listing. */
  sellerId?: string;
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

export const onlyAvailableMessage = (n: number) => `Only ${n} available`;

/** The 400 of buying one's own listing (into the cart or as an order), as offers refuse it. */
export const ownListingMessage = 'You cannot buy your own listing';

export interface MergeSkip {
  productId: string;
  reason: 'not_found' | 'sold_out';
}

export interface MergePlan {
  /** What is added, per product: the quantities add up, capped by what can be bought now. */
  added: Array<{ productId: string; quantity: number }>;
  skipped: MergeSkip[];
}

/** How a visitor cart's lines merge into this cart (pure: the decider emits it, the route reports it). */
export function planMerge(
  state: CartState,
  items: Array<{ product: ProductAvailability; quantity: number }>,
): MergePlan {
  const plan: MergePlan = { added: [], skipped: [] };
  let lines: LineQuantities = state.lines;
  for (const { product, quantity } of items) {
    const { productId } = product;
    if (!product.listed) {
      plan.skipped.push({ productId, reason: 'not_found' });
      continue;
    }
    const add = addableQuantity(lines[productId] ?? 0, quantity, product.available);
    if (add > 0) {
      plan.added.push({ productId, quantity: add });
      lines = changeQuantities(lines, productId, { type: 'add', quantity: add });
    } else if (!lines[productId]) plan.skipped.push({ productId, reason: 'sold_out' });
  }
  return plan;
}

function checkOwner(state: CartState, userId: string) {
  if (!state.exists) reject('not_found', 'Cart not found');
  if (state.userId !== userId) reject('forbidden', 'You can only change your own cart');
}

function checkListed(product: ProductAvailability) {
  if (!product.listed) reject('not_found', 'Product not found');
}

function decideCart(command: CartCommand, state: CartState): CartEvent[] {
  switch (command.type) {
    case 'CreateCart':
      if (state.exists) return [];
      return [{ type: 'CartCreated', data: { cartId: command.cartId, userId: command.userId } }];
    case 'AddItem': {
      checkOwner(state, command.userId);
      checkListed(command.product);
      if (command.product.sellerId === command.userId)
        return reject('invalid', ownListingMessage, { productId: command.product.productId });
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
    case 'MergeItems':
      checkOwner(state, command.userId);
      return planMerge(state, command.items).added.map(({ productId, quantity }) => ({
        type: 'CartItemAdded',
        data: { cartId: state.cartId, productId, quantity },
      }));
  }
}

export const cartDecider: Decider<CartState, CartCommand, CartEvent> = {
  initialState: initialCart,
  evolve: evolveCart,
  decide: decideCart,
};
