import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FilteredProducts, Product } from '@rewear/contracts';

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SUGGESTIONS = 6;

export interface SearchState {
  text: string;
  suggestions: Product[];
  suggestionStatus: 'idle' | 'loading' | 'ready';
  query: string;
  /** The page of results asked for (1-based) and the number of all matches. */
  page: number;
  results: Product[];
  total: number;
  pageSize: number;
  resultStatus: 'idle' | 'loading' | 'ready' | 'error';
}

export const initialSearchState: SearchState = {
  text: '',
  suggestions: [],
  suggestionStatus: 'idle',
  query: '',
  page: 1,
  results: [],
  total: 0,
  pageSize: 20,
  resultStatus: 'idle',
};

const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    searchTextChanged(state, action: PayloadAction<string>) {
      state.text = action.payload;
      if (action.payload.trim().length >= MIN_SEARCH_LENGTH) {
        state.suggestionStatus = 'loading';
      } else {
        state.suggestionStatus = 'idle';
        state.suggestions = [];
      }
    },
    suggestionsLoaded(state, action: PayloadAction<{ text: string; products: Product[] }>) {
      if (action.payload.text !== state.text.trim()) return;
      state.suggestions = action.payload.products.slice(0, MAX_SUGGESTIONS);
      state.suggestionStatus = 'ready';
    },
    /** docs/product.md §8: a failed suggestion load empties the list. */
    suggestionsFailed(state) {
      state.suggestions = [];
      state.suggestionStatus = 'ready';
    },
    searchCleared(state) {
      state.text = '';
      state.suggestions = [];
      state.suggestionStatus = 'idle';
    },
    searchRequested(state, action: PayloadAction<{ query: string; page: number }>) {
      state.query = action.payload.query;
      state.page = action.payload.page;
      state.resultStatus = 'loading';
    },
    searchResultsLoaded(state, action: PayloadAction<FilteredProducts>) {
      state.results = action.payload.products;
      state.total = action.payload.total;
      state.pageSize = action.payload.pageSize;
      state.resultStatus = 'ready';
    },
    searchResultsFailed(state) {
      state.results = [];
      state.total = 0;
      state.resultStatus = 'error';
    },
  },
});

export const {
  searchTextChanged,
  suggestionsLoaded,
  suggestionsFailed,
  searchCleared,
  searchRequested,
  searchResultsLoaded,
  searchResultsFailed,
} = searchSlice.actions;
export default searchSlice.reducer;

export const selectSearch = (state: { search: SearchState }) => state.search;

/** The page number in `/search?q=&page=`: a whole number from 1, else 1. */
export function searchPageFrom(param: string | null): number {
  const page = Number(param);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
