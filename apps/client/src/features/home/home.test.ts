import { describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import type { Api } from '../../api/http.ts';
import { ApiError } from '../../api/http.ts';
import home, { HOME_FRESH_MS, homeRequested } from './homeSlice.ts';
import { homeSaga } from './homeSaga.ts';

/** A fake API whose answers are released by the test, to see what is asked before anything answers. */
function pendingApi(featured: () => unknown) {
  const asked: string[] = [];
  const releases: Array<() => void> = [];
  const get = (path: string) => {
    asked.push(path);
    return new Promise((resolve, reject) => {
      releases.push(() => {
        if (path === '/api/products/featured') {
          try {
            resolve(featured());
          } catch (error) {
            reject(error);
          }
        } else if (path.startsWith('/api/products/filter'))
          resolve({ products: [{ product_id: path }], total: 1 });
        else resolve([]);
      });
    });
  };
  return {
    api: { get } as unknown as Api,
    asked,
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

function start(api: Api) {
  const sagaMiddleware = createSagaMiddleware({ context: { api } });
  const store = configureStore({
    reducer: { home },
    middleware: (g) => g({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(homeSaga);
  return store;
}

describe('home page data', () => {
  it('asks for every section at once, featured product included', () => {
    const fake = pendingApi(() => ({ product_id: 'f1' }));
    const store = start(fake.api);
    store.dispatch(homeRequested());
    expect(fake.asked).toContain('/api/products/featured');
    expect(fake.asked).toHaveLength(6);
  });

  it('lets a second request join the load under way instead of starting it again', async () => {
    const fake = pendingApi(() => ({ product_id: 'f1' }));
    const store = start(fake.api);
    store.dispatch(homeRequested());
    store.dispatch(homeRequested());
    expect(fake.asked).toHaveLength(6);
    fake.releaseAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().home.status).toBe('ready');
    expect(store.getState().home.featured?.product_id).toBe('f1');
    expect(store.getState().home.popular[0]?.product_id).toContain('sort=popular');
  });

  it('answers a request just after a load with the data already there, and reloads stale data', async () => {
    const fake = pendingApi(() => ({ product_id: 'f1' }));
    const store = start(fake.api);
    store.dispatch(homeRequested());
    fake.releaseAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.dispatch(homeRequested());
    expect(fake.asked).toHaveLength(6);

    const loadedAt = store.getState().home.loadedAt;
    vi.spyOn(Date, 'now').mockReturnValue(loadedAt + HOME_FRESH_MS);
    store.dispatch(homeRequested());
    expect(fake.asked).toHaveLength(12);
    vi.restoreAllMocks();
  });

  it('treats a missing featured product as none, not as an error', async () => {
    const fake = pendingApi(() => {
      throw new ApiError(404, 'Not found');
    });
    const store = start(fake.api);
    store.dispatch(homeRequested());
    fake.releaseAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().home).toMatchObject({
      status: 'ready',
      featured: null,
      featuredError: null,
    });
  });
});
