import { call, cancelled, delay, getContext, put, takeLatest } from 'redux-saga/effects';
import { LIMITS, type FilteredProducts, type Product } from '@rewear/contracts';
import type { Api } from '../../api/http.ts';
import { searchApi, type SearchApi } from './api.ts';
import {
  MIN_SEARCH_LENGTH,
  searchRequested,
  searchResultsFailed,
  searchResultsLoaded,
  searchTextChanged,
  suggestionsFailed,
  suggestionsLoaded,
} from './searchSlice.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/** takeLatest cancels this when the text changes again: the wait stops and the request is aborted. */
export function* loadSuggestions(api: SearchApi, action: ReturnType<typeof searchTextChanged>) {
  const text = action.payload.trim();
  if (text.length < MIN_SEARCH_LENGTH) return;
  yield delay(SEARCH_DEBOUNCE_MS);
  const controller = new AbortController();
  try {
    const products: Product[] = yield call(api.suggestions, text, controller.signal);
    yield put(suggestionsLoaded({ text, products }));
  } catch {
    yield put(suggestionsFailed());
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}

function* loadResults(api: SearchApi, action: ReturnType<typeof searchRequested>) {
  const query = action.payload.query.trim();
  const { page } = action.payload;
  const pageSize = LIMITS.cataloguePageSize;
  if (!query) {
    yield put(searchResultsLoaded({ products: [], total: 0, page, pageSize }));
    return;
  }
  try {
    const results: FilteredProducts = yield call(api.results, query, page, pageSize);
    yield put(searchResultsLoaded(results));
  } catch {
    yield put(searchResultsFailed());
  }
}

export function* searchSaga() {
  const http: Api = yield getContext('api');
  const api = searchApi(http);
  yield takeLatest(searchTextChanged.type, loadSuggestions, api);
  yield takeLatest(searchRequested.type, loadResults, api);
}
