import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product, ProductDetail } from '@rewear/contracts';

export interface ProductState {
  productId: string | null;
  /** The detail answer: the product and its seller's rating. */
  product: ProductDetail | null;
  status: 'idle' | 'loading' | 'ready' | 'notFound' | 'error';
  error: string | null;
  recommendations: Product[];
  /** The seller's delete from this page: under way, failed (with the message) or done. */
  deleting: boolean;
  deleteError: string | null;
  deleted: boolean;
}

const initialState: ProductState = {
  productId: null,
  product: null,
  status: 'idle',
  error: null,
  recommendations: [],
  deleting: false,
  deleteError: null,
  deleted: false,
};

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    productRequested(state, action: PayloadAction<string>) {
      if (state.productId !== action.payload) {
        state.product = null;
        state.recommendations = [];
      }
      state.productId = action.payload;
      state.status = 'loading';
      state.error = null;
      state.deleting = false;
      state.deleteError = null;
      state.deleted = false;
    },
    productLoaded(state, action: PayloadAction<ProductDetail>) {
      if (action.payload.product_id !== state.productId) return;
      state.product = action.payload;
      state.status = 'ready';
    },
    productNotFound(state) {
      state.product = null;
      state.status = 'notFound';
    },
    productFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.error = action.payload;
    },
    recommendationsLoaded(state, action: PayloadAction<Product[]>) {
      state.recommendations = action.payload;
    },
    productDeleteRequested(state, _action: PayloadAction<string>) {
      state.deleting = true;
      state.deleteError = null;
    },
    productDeleted(state) {
      state.deleting = false;
      state.deleted = true;
    },
    productDeleteFailed(state, action: PayloadAction<string>) {
      state.deleting = false;
      state.deleteError = action.payload;
    },
  },
});

export const {
  productRequested,
  productLoaded,
  productNotFound,
  productFailed,
  recommendationsLoaded,
  productDeleteRequested,
  productDeleted,
  productDeleteFailed,
} = productSlice.actions;
export default productSlice.reducer;
export const selectProductDetail = (state: { product: ProductState }) => state.product;

/** The gallery, or the main image four times when there is none (docs/product.md §2). */
export function galleryOf(product: Pick<Product, 'gallery' | 'image'>): string[] {
  return product.gallery && product.gallery.length > 0
    ? product.gallery
    : Array(4).fill(product.image);
}

/** Edit and Delete are the seller's alone (docs/product.md §2.7); the server checks it again. */
export function isSellerOf(product: Pick<Product, 'seller_id'>, uid: string | null): boolean {
  return uid !== null && !!product.seller_id && product.seller_id === uid;
}
