import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '@rewear/contracts';

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SUGGESTIONS = 6;

export interface SearchState {
  text: string;
  suggestions: Product[];
  suggestionStatus: 'idle' | 'loading' | 'ready';
  query: string;
  results: Product[];
  resultStatus: 'idle' | 'loading' | 'ready' | 'error';
}

export const initialSearchState: SearchState = {
  text: '',
  suggestions: [],
  suggestionStatus: 'idle',
  query: '',
  results: [],
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
    searchRequested(state, action: PayloadAction<string>) {
      state.query = action.payload;
      state.resultStatus = 'loading';
    },
    searchResultsLoaded(state, action: PayloadAction<Product[]>) {
      state.results = action.payload;
      state.resultStatus = 'ready';
    },
    searchResultsFailed(state) {
      state.results = [];
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
