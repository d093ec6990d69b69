/** The cart's endpoints (docs/product.md §7 Cart). Commands take the options carrying their Idempotency-Key. */
import type { z } from 'zod';
import type {
  CartView,
  cartItemBody,
  clearCartBody,
  CommandAnswer,
  createCartBody,
  mergeCartBody,
  removeCartItemBody,
  updateCartItemBody,
} from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';
import { toCartItem, type CartItem } from './cartSlice.ts';

export type AddCartItemBody = z.input<typeof cartItemBody>;
export type RemoveCartItemBody = z.input<typeof removeCartItemBody>;
export type UpdateCartItemBody = z.input<typeof updateCartItemBody>;
export type ClearCartBody = z.input<typeof clearCartBody>;
export type MergeCartBody = z.input<typeof mergeCartBody>;

export interface CartCreated extends CommandAnswer {
  id: string;
}

export function cartApi(http: Api) {
  return {
    /** The user's cart; `options.consistencyToken` waits for the projections to reach a command. */
    userCart: (uid: string, options?: RequestOptions) =>
      http.get<CartView>(`/api/cart/user/${encodeURIComponent(uid)}`, options),
    create: (body: z.input<typeof createCartBody>, options: RequestOptions) =>
      http.post<CartCreated>('/api/cart/create', body, options),
    addItem: (body: AddCartItemBody, options: RequestOptions) =>
      http.post<CommandAnswer>('/api/cart/add-item', body, options),
    /** Answers 204: no body, so no position. */
    removeItem: (body: RemoveCartItemBody, options: RequestOptions) =>
      http.del<CommandAnswer | undefined>('/api/cart/remove-item', body, options),
    updateItem: (body: UpdateCartItemBody, options: RequestOptions) =>
      http.put<CommandAnswer>('/api/cart/update-item', body, options),
    clear: (body: ClearCartBody, options: RequestOptions) =>
      http.post<CommandAnswer>('/api/cart/clear', body, options),
    /** Adds a visitor's lines to the user's cart at sign-in. */
    merge: (body: MergeCartBody, options: RequestOptions) =>
      http.post<CommandAnswer>('/api/cart/merge', body, options),
  };
}

export type CartApi = ReturnType<typeof cartApi>;

/** The server's cart as the slice keeps its lines. */
export function cartLinesFrom(view: CartView): CartItem[] {
  return view.products.map(toCartItem);
}

/** The visitor's lines as the merge command takes them. */
export function mergeItemsFrom(lines: readonly CartItem[]): MergeCartBody['items'] {
  return lines.map((line) => ({ productId: line.product_id, quantity: line.quantity }));
}
