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
  /** When the data shown was loaded (ms since the epoch), 0 before. */
  loadedAt: number;
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
  loadedAt: 0,
};

export type HomeData = Omit<HomeState, 'status'>;

/** Data this recent is shown again rather than asked for again (the entry asks before the page). */
export const HOME_FRESH_MS = 30_000;

export const isHomeFresh = (state: HomeState, now: number) =>
  state.status === 'ready' && now - state.loadedAt < HOME_FRESH_MS;

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
