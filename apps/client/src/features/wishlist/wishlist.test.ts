import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { IDEMPOTENCY_HEADER } from '@rewear/contracts';
import type { Api } from '../../api/http.ts';
import { ApiError } from '../../api/http.ts';
import auth, { authStateChanged, sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import wishlist, { PRODUCT_LIKES_UPDATED_EVENT, toggleWishlist } from './wishlistSlice.ts';
import { wishlistSaga } from './wishlistSaga.ts';

const dress = {
  product_id: 'p7',
  title: 'Wrap dress',
  image: '/i.jpg',
  brand_name: 'Zara',
  price: 30,
};
const flush = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((r) => setTimeout(r, 0));
};
/** What every wishlist command passes: its action's Idempotency-Key. */
const withKey = { headers: { [IDEMPOTENCY_HEADER]: expect.any(String) } };
const keyOf = (call: unknown[]) =>
  (call.at(-1) as { headers?: Record<string, string> } | undefined)?.headers?.[IDEMPOTENCY_HEADER];

afterEach(() => vi.useRealTimers());

function start(api: Partial<Api>) {
  const sagaMiddleware = createSagaMiddleware({ context: { api } });
  const store = configureStore({
    reducer: { auth, wishlist },
    middleware: (g) => g({ thunk: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(wishlistSaga);
  return { store, task };
}

describe('wishlist saga', () => {
  it('loads at sign-in, toggles with a likes broadcast, and empties at sign-out', async () => {
    const api = {
      get: vi.fn(async () => [
        {
          ...dress,
          product_id: 'p1',
          added_at: '',
          original_price: null,
          conditions: [],
          sizes: [],
        },
      ]),
      post: vi.fn(async () => ({ position: 3 })),
      del: vi.fn(async () => undefined),
    };
    const { store, task } = start(api as unknown as Api);
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    window.addEventListener(PRODUCT_LIKES_UPDATED_EVENT, listener);

    store.dispatch(
      authStateChanged({ uid: 'u1', email: 'a@b.c', displayName: null, photoURL: null }),
    );
    store.dispatch(sessionStarted({ uid: 'u1' }));
    await flush();
    expect(api.get).toHaveBeenCalledWith('/api/wishlist/user/u1');
    expect(store.getState().wishlist.items.map((i) => i.product_id)).toEqual(['p1']);

    store.dispatch(toggleWishlist(dress));
    await flush();
    expect(api.post).toHaveBeenCalledWith(
      '/api/wishlist',
      { userId: 'u1', productId: 'p7' },
      withKey,
    );
    expect(store.getState().wishlist.items.map((i) => i.product_id)).toEqual(['p1', 'p7']);

    store.dispatch(toggleWishlist(dress));
    await flush();
    expect(api.del).toHaveBeenCalledWith('/api/wishlist/user/u1/product/p7', undefined, withKey);
    expect(heard).toEqual([
      { productId: 'p7', delta: 1 },
      { productId: 'p7', delta: -1 },
    ]);

    store.dispatch(sessionEnded());
    await flush();
    expect(store.getState().wishlist.items).toEqual([]);
    window.removeEventListener(PRODUCT_LIKES_UPDATED_EVENT, listener);
    task.cancel();
  });

  it('reads again when a like is answered while the read at sign-in is out: the like stays shown', async () => {
    const saved = { ...dress, added_at: '', original_price: null, conditions: [], sizes: [] };
    let answerFirstRead: (items: unknown[]) => void = () => {};
    const reads: string[] = [];
    const api = {
      get: vi.fn((path: string) => {
        reads.push(path);
        // The first read was sent before the like: it does not list it.
        if (reads.length === 1) return new Promise((resolve) => (answerFirstRead = resolve));
        return Promise.resolve([saved]);
      }),
      post: vi.fn(async () => ({ position: 3 })),
    };
    const { store, task } = start(api as unknown as Api);
    store.dispatch(
      authStateChanged({ uid: 'u1', email: 'a@b.c', displayName: null, photoURL: null }),
    );
    store.dispatch(sessionStarted({ uid: 'u1' }));
    await flush();
    expect(reads).toHaveLength(1);

    store.dispatch(toggleWishlist(dress));
    await flush();
    expect(store.getState().wishlist.items.map((i) => i.product_id)).toEqual(['p7']);
    answerFirstRead([]);
    await flush();
    expect(reads).toHaveLength(2);
    expect(store.getState().wishlist.items.map((i) => i.product_id)).toEqual(['p7']);
    task.cancel();
  });

  it('fails without a call when nobody is signed in, and reports add failures with status and body', async () => {
    const api = {
      post: vi.fn(async () => {
        throw new ApiError(404, 'Product not found');
      }),
    };
    const { store, task } = start(api as unknown as Api);
    store.dispatch(toggleWishlist(dress));
    await flush();
    expect(api.post).not.toHaveBeenCalled();
    expect(store.getState().wishlist.error).toBe('Please sign in to use your wishlist');

    store.dispatch(authStateChanged({ uid: 'u1', email: null, displayName: null, photoURL: null }));
    store.dispatch(toggleWishlist(dress));
    await flush();
    expect(store.getState().wishlist.error).toBe(
      'Failed to add to wishlist: 404 - Product not found',
    );
    expect(store.getState().wishlist.busy).toEqual([]);
    task.cancel();
  });

  it('retries a lost answer with the same Idempotency-Key; another add has its own', async () => {
    const post = vi
      .fn<(path: string, body: unknown, options?: unknown) => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new ApiError(503, 'HTTP error: 503'))
      .mockResolvedValue({ position: 4 });
    const { store, task } = start({ post } as unknown as Api);
    store.dispatch(authStateChanged({ uid: 'u1', email: null, displayName: null, photoURL: null }));
    vi.useFakeTimers();

    store.dispatch(toggleWishlist(dress));
    await vi.advanceTimersByTimeAsync(3000); // 1 s, then 2 s between the attempts
    expect(post).toHaveBeenCalledTimes(3);
    expect(store.getState().wishlist.items.map((i) => i.product_id)).toEqual(['p7']);
    const first = keyOf(post.mock.calls[0]!);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(post.mock.calls.map(keyOf)).toEqual([first, first, first]);

    store.dispatch(toggleWishlist({ ...dress, product_id: 'p8' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(post).toHaveBeenCalledTimes(4);
    expect(keyOf(post.mock.calls[3]!)).not.toBe(first);
    task.cancel();
  });
});
