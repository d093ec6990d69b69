import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product, ProductDetail } from '@rewear/contracts';

export interface ProductState {
  productId: string | null;
  /** The detail answer: the product and its seller's rating. */
  product: ProductDetail | null;
  status: 'idle' | 'loading' | 'ready' | 'notFound' | 'error';
  error: string | null;
  recommendations: Product[];
}

const initialState: ProductState = {
  productId: null,
  product: null,
  status: 'idle',
  error: null,
  recommendations: [],
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
  },
});

export const {
  productRequested,
  productLoaded,
  productNotFound,
  productFailed,
  recommendationsLoaded,
} = productSlice.actions;
export default productSlice.reducer;
export const selectProductDetail = (state: { product: ProductState }) => state.product;

/** The gallery, or the main image four times when there is none (docs/product.md §2). */
export function galleryOf(product: Pick<Product, 'gallery' | 'image'>): string[] {
  return product.gallery && product.gallery.length > 0
    ? product.gallery
    : Array(4).fill(product.image);
}
