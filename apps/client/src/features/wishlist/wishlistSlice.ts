/** The wishlist (docs/product.md §4 Wishlist): loads at sign-in, empties at sign-out. */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product, WishlistItem } from '@rewear/contracts';

export interface WishlistState {
  items: WishlistItem[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Product ids with an add or remove in flight, so hearts do not flicker or double-send. */
  busy: string[];
  /** Changes the server answered so far: a read that began before one is read again. */
  answered: number;
}

export const initialWishlistState: WishlistState = {
  items: [],
  status: 'idle',
  error: null,
  busy: [],
  answered: 0,
};

export type WishlistProduct = Pick<
  Product,
  'product_id' | 'title' | 'image' | 'brand_name' | 'price'
> &
  Partial<Pick<Product, 'original_price' | 'conditions' | 'sizes'>>;

export function toWishlistItem(product: WishlistProduct): WishlistItem {
  return {
    product_id: product.product_id,
    added_at: new Date().toISOString(),
    title: product.title,
    image: product.image,
    brand_name: product.brand_name,
    price: Number(product.price),
    original_price: product.original_price ?? null,
    conditions: product.conditions ?? [],
    sizes: product.sizes ?? [],
  };
}

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: initialWishlistState,
  reducers: {
    loadWishlist(state) {
      state.status = 'loading';
      state.error = null;
    },
    wishlistLoaded(state, action: PayloadAction<WishlistItem[]>) {
      state.items = action.payload;
      state.status = 'ready';
    },
    wishlistFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.error = action.payload;
      state.busy = [];
    },
    addToWishlist(state, action: PayloadAction<WishlistProduct>) {
      state.error = null;
      if (!state.busy.includes(action.payload.product_id))
        state.busy.push(action.payload.product_id);
    },
    removeFromWishlist(state, action: PayloadAction<{ productId: string }>) {
      state.error = null;
      if (!state.busy.includes(action.payload.productId)) state.busy.push(action.payload.productId);
    },
    /** Heart buttons dispatch this; the saga picks add or remove. */
    toggleWishlist(_state, _action: PayloadAction<WishlistProduct>) {},
    clearWishlist(state) {
      state.error = null;
    },
    wishlistItemAdded(state, action: PayloadAction<WishlistItem>) {
      state.answered += 1;
      state.busy = state.busy.filter((id) => id !== action.payload.product_id);
      if (!state.items.some((item) => item.product_id === action.payload.product_id))
        state.items.push(action.payload);
    },
    wishlistItemRemoved(state, action: PayloadAction<{ productId: string }>) {
      state.answered += 1;
      state.busy = state.busy.filter((id) => id !== action.payload.productId);
      state.items = state.items.filter((item) => item.product_id !== action.payload.productId);
    },
    wishlistCleared(state) {
      state.answered += 1;
      state.items = [];
    },
    wishlistActionFailed(state, action: PayloadAction<{ productId?: string; error: string }>) {
      state.busy = state.busy.filter((id) => id !== action.payload.productId);
      state.error = action.payload.error;
    },
    wishlistReset() {
      return initialWishlistState;
    },
  },
});

/** Broadcast after an add or remove: pages showing like counts refresh (docs/product.md §4). */
export const productLikesUpdated = createAction<{ productId: string | null; delta: number }>(
  'wishlist/productLikesUpdated',
);
export const PRODUCT_LIKES_UPDATED_EVENT = 'product-likes-updated';

export const {
  loadWishlist,
  wishlistLoaded,
  wishlistFailed,
  addToWishlist,
  removeFromWishlist,
  toggleWishlist,
  clearWishlist,
  wishlistItemAdded,
  wishlistItemRemoved,
  wishlistCleared,
  wishlistActionFailed,
  wishlistReset,
} = wishlistSlice.actions;

export default wishlistSlice.reducer;

interface WithWishlist {
  wishlist: WishlistState;
}
export const selectWishlist = (state: WithWishlist) => state.wishlist;
export const selectWishlistItems = (state: WithWishlist) => state.wishlist.items;
export const selectAnswered = (state: WithWishlist) => state.wishlist.answered;
export const selectWishlistCount = (state: WithWishlist) => state.wishlist.items.length;
export const selectIsInWishlist = (productId: string) => (state: WithWishlist) =>
  state.wishlist.items.some((item) => item.product_id === productId);
