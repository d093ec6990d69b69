import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { IDEMPOTENCY_HEADER, type CartLine, type CartView } from '@rewear/contracts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import auth, { sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import cart, {
  addLine,
  addToCart,
  clearCart,
  removeFromCart,
  removeLine,
  setLineQuantity,
  mergeNoticesDismissed,
  updateQuantity,
  type CartItem,
} from './cartSlice.ts';
import { mergeNoticesFrom, mergeNoticeText } from './api.ts';
import { cartSaga, CART_MESSAGES } from './cartSaga.ts';
import { CART_BACKUP_KEY } from './cartBackup.ts';

const tee = {
  product_id: 'p1',
  title: 'Striped tee',
  image: '/images/p1.jpg',
  brand_name: 'Gap',
  price: 12.5,
  stock: 5,
};
const boots = {
  product_id: 'p2',
  title: 'Boots',
  image: '/images/p2.jpg',
  brand_name: 'Zara',
  price: 80,
  stock: 1,
};

const keyOf = (options: unknown) =>
  (options as { headers?: Record<string, string> } | undefined)?.headers?.[IDEMPOTENCY_HEADER];

/**
 * An in-memory backend cart speaking the documented API (docs/product.md §7 Cart). Like the server, it
 * answers a command whose Idempotency-Key it has seen (same method and path) with the first answer.
 */
function fakeBackend(options: { existingCartId?: string | null; lines?: CartItem[] } = {}) {
  const catalogue = new Map([tee, boots].map((p) => [p.product_id, p]));
  let cartId: string | null = options.existingCartId ?? null;
  let lines: CartItem[] = options.lines ?? [];
  let position = 10;
  const failures: Array<{ method: string; path: string; error: Error }> = [];
  /** Commands applied whose answer then never reaches the client. */
  const dropped: Array<{ method: string; path: string }> = [];
  const answered = new Map<string, unknown>();
  let replays = 0;
  const calls: Array<{ method: string; path: string; body?: unknown; options?: unknown }> = [];

  const view = (): CartView => ({
    id: cartId,
    products: lines.map(
      (line) => ({ ...(catalogue.get(line.product_id) as object), ...line }) as unknown as CartLine,
    ),
  });
  const answer = () => ({ position: ++position });

  /** The bodies the cart commands send (add, remove, update: one product; merge: several). */
  type CommandBody = {
    productId: string;
    quantity: number;
    items: Array<{ productId: string; quantity: number }>;
  };

  async function handle<T>(
    method: string,
    path: string,
    sent?: unknown,
    opts?: unknown,
  ): Promise<T> {
    const body = sent as CommandBody;
    return (await answerFor(method, path, body, opts)) as T;
  }

  async function answerFor(
    method: string,
    path: string,
    body: CommandBody,
    opts?: unknown,
  ): Promise<unknown> {
    calls.push({ method, path, body, options: opts });
    const failure = failures.findIndex((f) => f.method === method && path.startsWith(f.path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      throw f!.error;
    }
    const key = keyOf(opts);
    const scoped = `${method} ${path} ${key}`;
    if (key && answered.has(scoped)) {
      replays += 1;
      return answered.get(scoped);
    }
    const result = await apply(method, path, body);
    if (key) answered.set(scoped, result);
    const drop = dropped.findIndex((d) => d.method === method && d.path === path);
    if (drop >= 0) {
      dropped.splice(drop, 1);
      throw new TypeError('Failed to fetch');
    }
    return result;
  }

  async function apply(method: string, path: string, body: CommandBody): Promise<unknown> {
    if (method === 'GET' && path.startsWith('/api/cart/user/')) return view();
    if (path === '/api/cart/create') {
      cartId = cartId ?? 'cart-1';
      return { id: cartId, ...answer() };
    }
    if (path === '/api/cart/add-item') {
      lines = addLine(lines, catalogue.get(body.productId)!, body.quantity);
      return answer();
    }
    if (path === '/api/cart/remove-item') {
      lines = removeLine(lines, body.productId, body.quantity);
      return undefined;
    }
    if (path === '/api/cart/update-item') {
      lines = setLineQuantity(lines, body.productId, body.quantity);
      return answer();
    }
    if (path === '/api/cart/clear') {
      lines = [];
      return answer();
    }
    if (path === '/api/cart/merge') {
      // As the server: quantities add up, capped by the stock; unknown and sold-out items are skipped.
      const skipped: Array<{ productId: string; reason: string }> = [];
      for (const item of body.items) {
        const product = catalogue.get(item.productId);
        if (!product) {
          skipped.push({ productId: item.productId, reason: 'not_found' });
          continue;
        }
        const had = lines.find((l) => l.product_id === item.productId)?.quantity ?? 0;
        const add = Math.min(item.quantity, product.stock - had);
        if (add > 0) lines = addLine(lines, product, add);
        else if (had === 0) skipped.push({ productId: item.productId, reason: 'sold_out' });
      }
      const items = lines.map((l) => ({ productId: l.product_id, quantity: l.quantity }));
      return { ...answer(), id: cartId, items, skipped };
    }
    throw new ApiError(404, 'Not found');
  }

  const api: Api = {
    get: (path, o) => handle('GET', path, undefined, o),
    post: (path, body, o) => handle('POST', path, body, o),
    put: (path, body, o) => handle('PUT', path, body, o),
    del: (path, body, o) => handle('DELETE', path, body, o),
  };
  return {
    api,
    calls,
    failNext: (method: string, path: string, error: Error, times = 1) => {
      for (let i = 0; i < times; i += 1) failures.push({ method, path, error });
    },
    /** The next such command is applied, but its answer is lost on the way back. */
    dropNextAnswer: (method: string, path: string) => dropped.push({ method, path }),
    keysSentTo: (path: string) => calls.filter((c) => c.path === path).map((c) => keyOf(c.options)),
    get replays() {
      return replays;
    },
    get serverLines() {
      return lines;
    },
  };
}

function startStore(api: Api) {
  const sagaMiddleware = createSagaMiddleware({ context: { api } });
  const store = configureStore({
    reducer: { auth, cart },
    middleware: (getDefault) =>
      getDefault({ thunk: false, serializableCheck: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(cartSaga);
  return { store, task };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const flush = async () => {
  for (let i = 0; i < 10; i += 1) await settle();
};
const quantities = (lines: CartItem[]) => lines.map((l) => [l.product_id, l.quantity]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('cart line arithmetic', () => {
  it('adds to an existing line, removes some or all units, and treats quantity 0 as removal', () => {
    let lines = addLine([], tee);
    lines = addLine(lines, tee, 2);
    expect(quantities(lines)).toEqual([['p1', 3]]);
    expect(quantities(removeLine(lines, 'p1', 1))).toEqual([['p1', 2]]);
    expect(removeLine(lines, 'p1')).toEqual([]);
    expect(setLineQuantity(lines, 'p1', 0)).toEqual([]);
    expect(quantities(setLineQuantity(lines, 'p1', 4))).toEqual([['p1', 4]]);
  });
});

describe('visitor cart', () => {
  it('keeps the lines in the backup, removes the backup when empty, and follows other tabs', async () => {
    const backend = fakeBackend();
    const { store, task } = startStore(backend.api);
    store.dispatch(addToCart({ product: tee }));
    await flush();
    expect(JSON.parse(window.localStorage.getItem(CART_BACKUP_KEY)!)).toMatchObject({
      owner: null,
      lines: [{ product_id: 'p1', quantity: 1 }],
    });
    expect(backend.calls).toEqual([]); // nothing is sent for a visitor

    store.dispatch(removeFromCart({ productId: 'p1' }));
    await flush();
    expect(window.localStorage.getItem(CART_BACKUP_KEY)).toBeNull();

    const otherTab = JSON.stringify({ owner: null, lines: [{ ...boots, quantity: 1 }] });
    window.dispatchEvent(new StorageEvent('storage', { key: CART_BACKUP_KEY, newValue: otherTab }));
    await flush();
    expect(quantities(store.getState().cart.lines)).toEqual([['p2', 1]]);
    task.cancel();
  });

  it('restores the visitor cart from the backup at start', async () => {
    window.localStorage.setItem(
      CART_BACKUP_KEY,
      JSON.stringify({ owner: null, lines: [{ ...tee, quantity: 2 }] }),
    );
    const { store, task } = startStore(fakeBackend().api);
    await flush();
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 2]]);
    task.cancel();
  });
});

describe('sign-in and sign-out', () => {
  it('merges the visitor cart into the user cart, then shows the server cart', async () => {
    const backend = fakeBackend({ existingCartId: 'cart-9', lines: [{ ...boots, quantity: 1 }] });
    const { store, task } = startStore(backend.api);
    store.dispatch(addToCart({ product: tee, quantity: 2 }));
    store.dispatch(sessionStarted({ uid: 'u1' }));
    await flush();
    const merge = backend.calls.find((c) => c.path === '/api/cart/merge');
    expect(merge?.body).toEqual({ cartId: 'cart-9', items: [{ productId: 'p1', quantity: 2 }] });
    // The read after the merge waits for the merge's position.
    const readAfterMerge = backend.calls[backend.calls.indexOf(merge!) + 1];
    expect(readAfterMerge?.options).toEqual({ consistencyToken: 11 });
    expect(store.getState().cart.cartId).toBe('cart-9');
    expect(quantities(store.getState().cart.lines)).toEqual([
      ['p2', 1],
      ['p1', 2],
    ]);
    // The backup now belongs to the user: a reload does not merge it a second time.
    expect(JSON.parse(window.localStorage.getItem(CART_BACKUP_KEY)!).owner).toBe('u1');
    task.cancel();
  });

  it('tells the shopper which visitor items were not carried over, and why, until dismissed', async () => {
    const gone = { ...tee, product_id: 'p-gone', title: 'Old scarf' };
    const backend = fakeBackend({ existingCartId: 'cart-9', lines: [{ ...boots, quantity: 1 }] });
    const { store, task } = startStore(backend.api);
    store.dispatch(addToCart({ product: gone }));
    store.dispatch(addToCart({ product: tee, quantity: 7 }));
    store.dispatch(addToCart({ product: { ...boots, stock: 3 } }));
    store.dispatch(sessionStarted({ uid: 'u1' }));
    await flush();
    // Boots: the user's cart already holds the only one, so nothing is skipped but nothing added.
    expect(store.getState().cart.mergeNotices).toEqual([
      { productId: 'p-gone', title: 'Old scarf', reason: 'not_found' },
      { productId: 'p1', title: 'Striped tee', reason: 'capped', quantity: 5 },
      { productId: 'p2', title: 'Boots', reason: 'capped', quantity: 1 },
    ]);
    expect(store.getState().cart.mergeNotices.map(mergeNoticeText)).toEqual([
      '"Old scarf" is no longer listed.',
      '"Striped tee": only 5 available, so your cart holds 5.',
      '"Boots": only 1 available, so your cart holds 1.',
    ]);
    store.dispatch(mergeNoticesDismissed());
    expect(store.getState().cart.mergeNotices).toEqual([]);
    task.cancel();
  });

  it('names a sold-out item by its title', () => {
    const notices = mergeNoticesFrom([{ ...boots, quantity: 1 }], [], {
      items: [],
      skipped: [{ productId: 'p2', reason: 'sold_out' }],
    });
    expect(notices.map(mergeNoticeText)).toEqual(['"Boots" has sold out.']);
  });

  it('says nothing when everything was carried over', async () => {
    const backend = fakeBackend();
    const { store, task } = startStore(backend.api);
    store.dispatch(addToCart({ product: tee, quantity: 2 }));
    store.dispatch(sessionStarted({ uid: 'u1' }));
    await flush();
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 2]]);
    expect(store.getState().cart.mergeNotices).toEqual([]);
    task.cancel();
  });

  it('retries a merge whose answer was lost with the same Idempotency-Key: merged once', async () => {
    const backend = fakeBackend();
    const { store, task } = startStore(backend.api);
    store.dispatch(addToCart({ product: tee, quantity: 2 }));
    vi.useFakeTimers();
    backend.dropNextAnswer('POST', '/api/cart/merge');
    store.dispatch(sessionStarted({ uid: 'u1' }));
    await vi.advanceTimersByTimeAsync(1010);
    const [create] = backend.keysSentTo('/api/cart/create');
    const merges = backend.keysSentTo('/api/cart/merge');
    expect(merges).toHaveLength(2);
    expect(merges[0]).toMatch(UUID);
    expect(merges[1]).toBe(merges[0]);
    expect(create).toMatch(UUID);
    expect(create).not.toBe(merges[0]);
    expect(backend.replays).toBe(1);
    expect(quantities(backend.serverLines)).toEqual([['p1', 2]]);
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 2]]);
    task.cancel();
  });

  it('holds an add made while the cart is still being created, then sends it to that cart', async () => {
    const backend = fakeBackend();
    // The cart's creation answers only when released: the shopper clicks before it does.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const api: Api = {
      ...backend.api,
      post: async <T>(path: string, body?: unknown, options?: RequestOptions) => {
        if (path === '/api/cart/create') await released;
        return backend.api.post<T>(path, body, options);
      },
    };
    const { store, task } = startStore(api);
    store.dispatch(sessionStarted({ uid: 'u1' }));
    await flush();
    expect(store.getState().cart).toMatchObject({ status: 'loading', cartId: null });
    store.dispatch(addToCart({ product: tee }));
    await flush();
    expect(backend.calls.some((c) => c.path === '/api/cart/add-item')).toBe(false);
    expect(store.getState().cart.error).toBeNull();

    release();
    await flush();
    const add = backend.calls.find((c) => c.path === '/api/cart/add-item');
    expect(add?.body).toEqual({ cartId: 'cart-1', productId: 'p1', quantity: 1 });
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 1]]);
    expect(store.getState().cart).toMatchObject({ pending: 0, error: null });
    task.cancel();
  });

  it('creates a cart when the user has none, and clears lines, id and backup at sign-out', async () => {
    const backend = fakeBackend();
    const { store, task } = startStore(backend.api);
    store.dispatch(sessionStarted({ uid: 'u1' }));
    await flush();
    expect(backend.calls.map((c) => c.path)).toEqual(['/api/cart/user/u1', '/api/cart/create']);
    expect(store.getState().cart.cartId).toBe('cart-1');

    store.dispatch(addToCart({ product: tee }));
    await flush();
    expect(window.localStorage.getItem(CART_BACKUP_KEY)).not.toBeNull();
    store.dispatch(sessionEnded());
    await flush();
    expect(store.getState().cart).toMatchObject({ cartId: null, lines: [], owner: null });
    expect(window.localStorage.getItem(CART_BACKUP_KEY)).toBeNull();
    task.cancel();
  });
});

describe('optimistic commands', () => {
  async function signedIn(backend = fakeBackend({ existingCartId: 'cart-1' })) {
    const started = startStore(backend.api);
    started.store.dispatch(sessionStarted({ uid: 'u1' }));
    await flush();
    return { backend, ...started };
  }

  it('shows the change at once and reconciles with the server cart read at the command position', async () => {
    const { backend, store, task } = await signedIn();
    store.dispatch(addToCart({ product: tee }));
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 1]]); // before any answer
    await flush();
    const add = backend.calls.find((c) => c.path === '/api/cart/add-item');
    expect(add?.body).toEqual({ cartId: 'cart-1', productId: 'p1', quantity: 1 });
    expect(backend.calls.at(-1)).toMatchObject({
      method: 'GET',
      options: { consistencyToken: 11 },
    });
    expect(store.getState().cart).toMatchObject({ pending: 0, error: null });
    expect(store.getState().cart.confirmed).toEqual(store.getState().cart.lines);

    store.dispatch(updateQuantity({ productId: 'p1', quantity: 3 }));
    store.dispatch(removeFromCart({ productId: 'p1', quantity: 1 }));
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 2]]);
    await flush();
    expect(quantities(backend.serverLines)).toEqual([['p1', 2]]);
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 2]]);
    // Each command of its own action, each with its own key.
    const keys = backend.calls.filter((c) => c.method !== 'GET').map((c) => keyOf(c.options));
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(3);
    task.cancel();
  });

  it('retries an add whose answer was lost with the same Idempotency-Key: quantity 1', async () => {
    const { backend, store, task } = await signedIn();
    vi.useFakeTimers();
    backend.dropNextAnswer('POST', '/api/cart/add-item');
    store.dispatch(addToCart({ product: tee }));
    await vi.advanceTimersByTimeAsync(999);
    expect(backend.keysSentTo('/api/cart/add-item')).toHaveLength(1);
    expect(quantities(backend.serverLines)).toEqual([['p1', 1]]); // applied, answer lost
    await vi.advanceTimersByTimeAsync(11);
    const [first, retry] = backend.keysSentTo('/api/cart/add-item');
    expect(first).toMatch(UUID);
    expect(retry).toBe(first);
    expect(backend.replays).toBe(1);
    expect(quantities(backend.serverLines)).toEqual([['p1', 1]]);
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 1]]);
    expect(store.getState().cart).toMatchObject({ pending: 0, error: null });

    // Adding the same product again is another action: another key, another unit.
    store.dispatch(addToCart({ product: tee }));
    await vi.advanceTimersByTimeAsync(10);
    const keys = backend.keysSentTo('/api/cart/add-item');
    expect(keys).toHaveLength(3);
    expect(keys[2]).toMatch(UUID);
    expect(keys[2]).not.toBe(first);
    expect(quantities(backend.serverLines)).toEqual([['p1', 2]]);
    task.cancel();
  });

  it('retries a failing command 3 times with 1 s then 2 s backoff', async () => {
    const { backend, store, task } = await signedIn();
    vi.useFakeTimers();
    backend.failNext('POST', '/api/cart/add-item', new ApiError(503, 'HTTP error: 503'), 2);
    store.dispatch(addToCart({ product: tee }));
    await vi.advanceTimersByTimeAsync(0);
    const attempts = () => backend.calls.filter((c) => c.path === '/api/cart/add-item').length;
    expect(attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(attempts()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(3);
    await vi.advanceTimersByTimeAsync(10);
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 1]]);
    expect(store.getState().cart.error).toBeNull();
    const [key, ...retries] = backend.keysSentTo('/api/cart/add-item');
    expect(key).toMatch(UUID);
    expect(retries).toEqual([key, key]);
    task.cancel();
  });

  it('rolls back to the confirmed cart with the spec message after the third failure', async () => {
    const { backend, store, task } = await signedIn(
      fakeBackend({ existingCartId: 'cart-1', lines: [{ ...boots, quantity: 1 }] }),
    );
    vi.useFakeTimers();
    backend.failNext('DELETE', '/api/cart/remove-item', new TypeError('Failed to fetch'), 3);
    store.dispatch(removeFromCart({ productId: 'p2' }));
    expect(store.getState().cart.lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(3100);
    expect(backend.calls.filter((c) => c.path === '/api/cart/remove-item')).toHaveLength(3);
    expect(new Set(backend.keysSentTo('/api/cart/remove-item')).size).toBe(1);
    expect(quantities(store.getState().cart.lines)).toEqual([['p2', 1]]);
    expect(store.getState().cart.error).toBe(CART_MESSAGES.remove);
    task.cancel();
  });

  it('does not retry a stock conflict and shows its message', async () => {
    const { backend, store, task } = await signedIn();
    backend.failNext('POST', '/api/cart/add-item', new ApiError(409, 'Only 1 available'));
    store.dispatch(addToCart({ product: boots, quantity: 2 }));
    await flush();
    expect(backend.calls.filter((c) => c.path === '/api/cart/add-item')).toHaveLength(1);
    expect(store.getState().cart.lines).toEqual([]);
    expect(store.getState().cart.error).toBe('Only 1 available');
    task.cancel();
  });

  it('reloads the server cart when clearing fails', async () => {
    const { backend, store, task } = await signedIn(
      fakeBackend({ existingCartId: 'cart-1', lines: [{ ...tee, quantity: 2 }] }),
    );
    backend.failNext('POST', '/api/cart/clear', new ApiError(400, 'Bad request'));
    store.dispatch(clearCart());
    expect(store.getState().cart.lines).toEqual([]);
    await flush();
    expect(store.getState().cart.error).toBe(CART_MESSAGES.clear);
    expect(quantities(store.getState().cart.lines)).toEqual([['p1', 2]]);
    task.cancel();
  });
});

describe('cart pricing', () => {
  it('prices the lines as the server charges them: offered price, then the bundle discount', async () => {
    const { selectCartPricing, initialCartState: empty } = await import('./cartSlice.ts');
    const line = (product_id: string, price: number, extra: object = {}) => ({
      product_id,
      title: product_id,
      image: '',
      brand_name: '',
      price,
      quantity: 1,
      seller_id: 's1',
      ...extra,
    });
    const state = {
      cart: {
        ...empty,
        lines: [line('a', 32, { offerId: 'o1', listPrice: 40 }), line('b', 20), line('c', 30)],
        bundles: { s1: [{ minItems: 3, percent: 10 }] },
      },
    };
    // 10 % off the listed-price lines only (20 + 30); the offered line counts towards the tier.
    expect(selectCartPricing(state)).toEqual({
      subtotal: 82,
      discounts: [{ sellerId: 's1', percent: 10, amountCents: 500, amount: 5 }],
      total: 77,
    });
    expect(selectCartPricing({ cart: { ...state.cart, bundles: {} } }).total).toBe(82);
  });
});
