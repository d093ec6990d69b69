/** The wishlist's endpoints (docs/product.md §7 Wishlist). Commands take their Idempotency-Key options. */
import type { z } from 'zod';
import type { addWishlistBody, CommandAnswer, WishlistItem } from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

export type AddWishlistBody = z.input<typeof addWishlistBody>;

const wishlistPath = (uid: string) => `/api/wishlist/user/${encodeURIComponent(uid)}`;

export function wishlistApi(http: Api) {
  return {
    wishlist: (uid: string) => http.get<WishlistItem[]>(wishlistPath(uid)),
    add: (body: AddWishlistBody, options: RequestOptions) =>
      http.post<CommandAnswer>('/api/wishlist', body, options),
    remove: (uid: string, productId: string, options: RequestOptions) =>
      http.del<CommandAnswer>(
        `${wishlistPath(uid)}/product/${encodeURIComponent(productId)}`,
        undefined,
        options,
      ),
    clear: (uid: string, options: RequestOptions) =>
      http.del<CommandAnswer>(wishlistPath(uid), undefined, options),
  };
}

export type WishlistApi = ReturnType<typeof wishlistApi>;
