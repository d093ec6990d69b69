import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Api, RequestOptions } from '../../api/http.ts';
import search, { searchPageFrom, searchRequested, searchTextChanged } from './searchSlice.ts';
import { searchSaga } from './searchSaga.ts';

const product = (id: string) => ({ product_id: id, title: id }) as never;

afterEach(() => vi.useRealTimers());

function start(get: (path: string, options?: RequestOptions) => Promise<unknown>) {
  const sagaMiddleware = createSagaMiddleware({ context: { api: { get } as unknown as Api } });
  const store = configureStore({
    reducer: { search },
    middleware: (g) => g({ thunk: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(searchSaga);
  return { store, task };
}

describe('search suggestions', () => {
  it('waits 300 ms after the last keystroke and asks once, for the trimmed text', async () => {
    vi.useFakeTimers();
    const get = vi.fn(async (_path: string) => [1, 2, 3, 4, 5, 6, 7].map((n) => product(`p${n}`)));
    const { store, task } = start(get);
    store.dispatch(searchTextChanged('dr'));
    await vi.advanceTimersByTimeAsync(200);
    store.dispatch(searchTextChanged(' dre '));
    await vi.advanceTimersByTimeAsync(299);
    expect(get).not.toHaveBeenCalled();
    expect(store.getState().search.suggestionStatus).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![0]).toBe('/api/search/suggestions?q=dre');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().search.suggestions).toHaveLength(6);
    task.cancel();
  });

  it('aborts a request in flight when the text changes and ignores its answer', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const answers: Array<(value: unknown) => void> = [];
    const get = vi.fn((_path: string, options?: RequestOptions) => {
      signals.push(options!.signal!);
      return new Promise((resolve) => answers.push(resolve));
    });
    const { store, task } = start(get);
    store.dispatch(searchTextChanged('jea'));
    await vi.advanceTimersByTimeAsync(300);
    store.dispatch(searchTextChanged('jeans'));
    expect(signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    answers[1]!([product('jeans')]);
    answers[0]!([product('stale')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(
      store.getState().search.suggestions.map((p: { product_id: string }) => p.product_id),
    ).toEqual(['jeans']);
    task.cancel();
  });

  it('does not ask for fewer than 2 characters after trimming', async () => {
    vi.useFakeTimers();
    const get = vi.fn(async () => []);
    const { store, task } = start(get);
    store.dispatch(searchTextChanged(' a '));
    await vi.advanceTimersByTimeAsync(1000);
    expect(get).not.toHaveBeenCalled();
    expect(store.getState().search.suggestionStatus).toBe('idle');
    task.cancel();
  });
});

describe('search results, paged (docs/product.md §2.19)', () => {
  it('asks for the page in the address bar and keeps the number of all matches', async () => {
    const get = vi.fn(async (_path: string) => ({
      products: [product('p21'), product('p22')],
      total: 22,
      page: 2,
      pageSize: 20,
    }));
    const { store, task } = start(get);
    store.dispatch(searchRequested({ query: ' red dress ', page: 2 }));
    await vi.waitFor(() => expect(store.getState().search.resultStatus).toBe('ready'));
    expect(get.mock.calls[0]![0]).toBe('/api/search/results?query=red%20dress&page=2&pageSize=20');
    expect(store.getState().search).toMatchObject({ query: ' red dress ', page: 2, total: 22 });
    expect(store.getState().search.results).toHaveLength(2);
    task.cancel();
  });

  it('answers nothing without a query and an error state on failure', async () => {
    const get = vi.fn(async (_path: string) => {
      throw new Error('offline');
    });
    const { store, task } = start(get);
    store.dispatch(searchRequested({ query: '  ', page: 1 }));
    expect(store.getState().search).toMatchObject({ resultStatus: 'ready', total: 0 });
    store.dispatch(searchRequested({ query: 'tee', page: 1 }));
    await vi.waitFor(() => expect(store.getState().search.resultStatus).toBe('error'));
    expect(get).toHaveBeenCalledTimes(1);
    task.cancel();
  });

  it('reads the page from the address bar, 1 when missing or not a page', () => {
    expect(searchPageFrom('3')).toBe(3);
    expect(searchPageFrom(null)).toBe(1);
    expect(searchPageFrom('0')).toBe(1);
    expect(searchPageFrom('2.5')).toBe(1);
    expect(searchPageFrom('abc')).toBe(1);
  });
});
