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
import { toCartItem, type CartItem, type MergeNotice } from './cartSlice.ts';

export type AddCartItemBody = z.input<typeof cartItemBody>;
export type RemoveCartItemBody = z.input<typeof removeCartItemBody>;
export type UpdateCartItemBody = z.input<typeof updateCartItemBody>;
export type ClearCartBody = z.input<typeof clearCartBody>;
export type MergeCartBody = z.input<typeof mergeCartBody>;

export interface CartCreated extends CommandAnswer {
  id: string;
}

/** POST /api/cart/merge: the cart's lines after the merge and the visitor lines left out, with why. */
export interface CartMerged extends CommandAnswer {
  id: string;
  items: Array<{ productId: string; quantity: number }>;
  skipped: Array<{ productId: string; reason: 'not_found' | 'sold_out' }>;
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
      http.post<CartMerged>('/api/cart/merge', body, options),
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

/**
 * What the shopper is told after the merge at sign-in: each visitor line the server skipped (no
 * longer listed, sold out), and each one it carried over only in part (the quantities add up,
 * capped by the stock): `before` is the user's cart before the merge.
 */
export function mergeNoticesFrom(
  visitorLines: readonly CartItem[],
  before: readonly CartItem[],
  merged: Pick<CartMerged, 'items' | 'skipped'>,
): MergeNotice[] {
  const titles = new Map(visitorLines.map((line) => [line.product_id, line.title]));
  const notices: MergeNotice[] = (merged.skipped ?? []).map(({ productId, reason }) => ({
    productId,
    title: titles.get(productId) ?? 'An item',
    reason,
  }));
  const skipped = new Set(notices.map((n) => n.productId));
  const after = new Map((merged.items ?? []).map((item) => [item.productId, item.quantity]));
  for (const line of visitorLines) {
    if (skipped.has(line.product_id)) continue;
    const had = before.find((b) => b.product_id === line.product_id)?.quantity ?? 0;
    const holds = after.get(line.product_id) ?? 0;
    if (holds < had + line.quantity)
      notices.push({
        productId: line.product_id,
        title: line.title,
        reason: 'capped',
        quantity: holds,
      });
  }
  return notices;
}

/** One sentence per notice (docs/product.md §4.2). */
export function mergeNoticeText(notice: MergeNotice): string {
  switch (notice.reason) {
    case 'not_found':
      return `"${notice.title}" is no longer listed.`;
    case 'sold_out':
      return `"${notice.title}" has sold out.`;
    case 'capped':
      return `"${notice.title}": only ${notice.quantity} available, so your cart holds ${notice.quantity}.`;
  }
}
