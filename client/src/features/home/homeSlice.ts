import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BrandView, CategoryView, Product } from '@rewear/contracts';

export interface HomeState {
  status: 'idle' | 'loading' | 'ready';
  categories: CategoryView[];
  brands: BrandView[];
  popular: Product[];
  lowestPrices: Product[];
  newArrivals: Product[];
  featured: Product | null;
  featuredError: string | null;
}

export const initialHomeState: HomeState = {
  status: 'idle',
  categories: [],
  brands: [],
  popular: [],
  lowestPrices: [],
  newArrivals: [],
  featured: null,
  featuredError: null,
};

export type HomeData = Omit<HomeState, 'status'>;

const homeSlice = createSlice({
  name: 'home',
  initialState: initialHomeState,
  reducers: {
    homeRequested(state) {
      if (state.status === 'idle') state.status = 'loading';
    },
    homeLoaded(_state, action: PayloadAction<HomeData>) {
      return { ...action.payload, status: 'ready' };
    },
  },
});

export const { homeRequested, homeLoaded } = homeSlice.actions;
export default homeSlice.reducer;
export const selectHome = (state: { home: HomeState }) => state.home;
