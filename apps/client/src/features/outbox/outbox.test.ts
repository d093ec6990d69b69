/**
 * The outbox wired to the sagas as the app runs them: the real http client (its fetch stubbed by
 * a small server that, like command-api, answers a key it has seen with the first answer), the
 * outbox in IndexedDB (fake-indexeddb), the cart, wishlist and outbox sagas.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { IDBFactory } from 'fake-indexeddb';
import { CONSISTENCY_HEADER, IDEMPOTENCY_HEADER, POSITION_HEADER } from '@rewear/contracts';
import { api, resetHttpState, setIdTokenProvider } from '../../api/http.ts';
import { OUTBOX_LIMIT } from '../../api/command.ts';
import { indexedDbOutbox, nextSeq, type OutboxEntry } from '../../api/outbox.ts';
import { RETRY_ATTEMPTS, RETRY_BASE_DELAY_MS } from '../../api/retry.ts';
import auth, { authStateChanged, sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import cart, { addToCart, removeFromCart, type CartItem } from '../cart/cartSlice.ts';
import { cartSaga } from '../cart/cartSaga.ts';
import wishlist, { addToWishlist } from '../wishlist/wishlistSlice.ts';
import { wishlistSaga } from '../wishlist/wishlistSaga.ts';
import social, { followToggled } from '../social/socialSlice.ts';
import { socialSaga } from '../social/socialSaga.ts';
import messages, { messageSent } from '../messages/messagesSlice.ts';
import { messagesSaga } from '../messages/messagesSaga.ts';
import outboxReducer, { keptHint, outboxCounted } from './outboxSlice.ts';
import { outboxSaga } from './outboxSaga.ts';

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
const catalogue = new Map([tee, boots].map((p) => [p.product_id, p]));

/** An unsigned JWT naming the user, as the Auth emulator's ID tokens do. */
const tokenOf = (uid: string) =>
  `e30.${btoa(JSON.stringify({ user_id: uid, sub: uid })).replace(/=+$/, '')}.sig`;

interface Sent {
  method: string;
  path: string;
  key?: string;
  body?: unknown;
  token?: string;
  consistency?: string;
  keepalive?: boolean;
}

/** Cart and wishlist routes as command-api and query-api answer them, per user. */
function fakeServer() {
  let position = 100;
  const lines = new Map<string, Map<string, number>>();
  const likes = new Map<string, Set<string>>();
  const available = new Map([...catalogue].map(([id, p]) => [id, p.stock]));
  const answered = new Map<string, { status: number; body: unknown; position: number }>();
  const closed = new Set<string>();
  const sent: Sent[] = [];
  let reachable = true;
  let commandsReachable = true;
  let held: Promise<void> | null = null;
  /** Commands still to fail for want of a connection, whatever `commandsReachable` says. */
  let commandsToFail = 0;
  const linesOf = (uid: string) => lines.get(uid) ?? lines.set(uid, new Map()).get(uid)!;
  const likesOf = (uid: string) => likes.get(uid) ?? likes.set(uid, new Set()).get(uid)!;
  const uidOf = (token?: string) =>
    token ? (JSON.parse(atob(token.split('.')[1]!)) as { user_id: string }).user_id : null;

  const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

  function apply(uid: string, method: string, path: string, body: Record<string, unknown>) {
    const mine = linesOf(uid);
    if (path === '/api/cart/add-item') {
      const id = body.productId as string;
      const left = available.get(id) ?? 0;
      const inCart = mine.get(id) ?? 0;
      if (inCart + (body.quantity as number) > left)
        return {
          status: 409,
          body: { message: `Only ${left} available`, details: { available: left } },
        };
      mine.set(id, inCart + (body.quantity as number));
      return { status: 200, body: {} };
    }
    if (path === '/api/cart/remove-item') {
      mine.delete(body.productId as string);
      return { status: 204, body: null };
    }
    if (path.startsWith('/api/sellers/') && path.endsWith('/follow'))
      return { status: 200, body: { sellerId: path.split('/')[3], following: method === 'POST' } };
    if (path.startsWith('/api/conversations/') && path.endsWith('/messages'))
      return closed.has(path)
        ? { status: 409, body: { message: 'This conversation is closed' } }
        : { status: 201, body: { conversationId: path.split('/')[3] } };
    if (path === '/api/wishlist' && method === 'POST') {
      likesOf(uid).add(body.productId as string);
      return { status: 201, body: {} };
    }
    return { status: 404, body: { message: 'Not found' } };
  }

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const token = headers.Authorization?.replace(/^Bearer /, '');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({
      method,
      path,
      key: headers[IDEMPOTENCY_HEADER],
      body,
      token,
      consistency: headers[CONSISTENCY_HEADER],
      keepalive: init.keepalive,
    });
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (method !== 'GET') await held;
    if (method !== 'GET' && commandsToFail > 0) {
      commandsToFail -= 1;
      throw new TypeError('Failed to fetch');
    }
    if (!reachable || (method !== 'GET' && !commandsReachable))
      throw new TypeError('Failed to fetch');
    const uid = uidOf(token);
    if (!uid) return reply(401, { message: 'Sign in' });
    if (method === 'GET') {
      if (path === `/api/cart/user/${uid}`)
        return reply(200, {
          id: `cart-${uid}`,
          products: [...linesOf(uid)].map(([id, quantity]) => ({ ...catalogue.get(id), quantity })),
        });
      if (path === `/api/wishlist/user/${uid}`)
        return reply(
          200,
          [...likesOf(uid)].map((id) => ({ ...catalogue.get(id), added_at: '2025-01-01' })),
        );
      return reply(404, { message: 'Not found' });
    }
    const key = headers[IDEMPOTENCY_HEADER];
    const scoped = `${uid} ${method} ${path} ${key}`;
    const seen = key ? answered.get(scoped) : undefined;
    if (seen)
      return reply(seen.status, seen.body, {
        [POSITION_HEADER]: String(seen.position),
        'idempotent-replayed': 'true',
      });
    const answer = apply(uid, method, path, body as Record<string, unknown>);
    if (answer.status < 300) position += 1;
    const stored = { ...answer, position };
    if (key) answered.set(scoped, stored);
    return reply(answer.status, answer.body, { [POSITION_HEADER]: String(position) });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    sent,
    commands: () => sent.filter((s) => s.method !== 'GET'),
    linesOf: (uid: string) => Object.fromEntries(linesOf(uid)),
    likesOf: (uid: string) => [...likesOf(uid)],
    /** As if an earlier page's command had reached the server (its answer lost). */
    applied(entry: OutboxEntry) {
      const answer = apply(
        entry.uid,
        entry.method,
        entry.path,
        entry.body as Record<string, unknown>,
      );
      position += 1;
      answered.set(`${entry.uid} ${entry.method} ${entry.path} ${entry.key}`, {
        ...answer,
        position,
      });
    },
    sellOut: (productId: string) => available.set(productId, 0),
    closeConversation: (id: string) => closed.add(`/api/conversations/${id}/messages`),
    /** Commands wait for their answers until `release` is called. */
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    set reachable(value: boolean) {
      reachable = value;
    },
    /** The next `count` commands find no connection. */
    failCommands(count: number) {
      commandsToFail = count;
    },
    set commandsReachable(value: boolean) {
      commandsReachable = value;
    },
    get position() {
      return position;
    },
  };
}

let online = true;
let signedInAs: string | null = null;
let testDb = 0;

function startApp() {
  testDb += 1;
  const outbox = indexedDbOutbox(`outbox-test-${testDb}`)!;
  const sagaMiddleware = createSagaMiddleware({
    context: { api, outbox: async () => outbox },
  });
  const store = configureStore({
    reducer: { auth, cart, wishlist, social, messages, outbox: outboxReducer },
    middleware: (getDefault) =>
      getDefault({ thunk: false, serializableCheck: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(function* () {
    yield all([
      fork(cartSaga),
      fork(wishlistSaga),
      fork(socialSaga),
      fork(messagesSaga),
      fork(outboxSaga),
    ]);
  });
  return { store, task, outbox };
}

type App = ReturnType<typeof startApp>;

function signIn({ store }: App, uid: string) {
  signedInAs = uid;
  store.dispatch(
    authStateChanged({ uid, email: `${uid}@example.com`, displayName: uid, photoURL: null }),
  );
  store.dispatch(sessionStarted({ uid }));
}

function signOut({ store }: App) {
  signedInAs = null;
  store.dispatch(authStateChanged(null));
  store.dispatch(sessionEnded());
}

async function cartReady({ store }: App) {
  await vi.waitFor(() => {
    expect(store.getState().cart).toMatchObject({ status: 'ready', cartId: expect.any(String) });
    expect(store.getState().outbox.replaying).toBe(false);
  });
}

function goOffline() {
  online = false;
  window.dispatchEvent(new Event('offline'));
}
function goOnline() {
  online = true;
  window.dispatchEvent(new Event('online'));
}

const quantities = (lines: CartItem[]) => lines.map((l) => [l.product_id, l.quantity]);

/** What an earlier page kept (and the hint it left that something waits). */
async function keptEarlier(app: App, entry: OutboxEntry) {
  await app.outbox.keep(entry);
  keptHint.set(entry.uid, true);
}

function kept(uid: string, over: Partial<OutboxEntry> & Pick<OutboxEntry, 'key'>): OutboxEntry {
  const product = over.body ? catalogue.get((over.body as { productId: string }).productId)! : tee;
  return {
    uid,
    method: 'POST',
    path: '/api/cart/add-item',
    body: { cartId: `cart-${uid}`, productId: product.product_id, quantity: 1 },
    at: Date.now() - 60_000,
    seq: nextSeq(),
    intent: addToCart({ product }),
    ...over,
  };
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  resetHttpState();
  setIdTokenProvider(async () => (signedInAs ? tokenOf(signedInAs) : null));
  window.localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a command of the shopper’s action', () => {
  it('is kept in IndexedDB before it is answered, sent with keepalive, and removed once answered', async () => {
    const server = fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);

    const release = server.hold();
    app.store.dispatch(addToCart({ product: tee }));
    await vi.waitFor(async () => expect(await app.outbox.pending('u1')).toHaveLength(1));
    const [entry] = await app.outbox.pending('u1');
    expect(entry).toMatchObject({
      uid: 'u1',
      method: 'POST',
      path: '/api/cart/add-item',
      body: { cartId: 'cart-u1', productId: 'p1', quantity: 1 },
      intent: { type: 'cart/addToCart', payload: { product: tee } },
    });
    expect(Date.now() - entry!.at).toBeLessThan(5000);
    expect(app.store.getState().outbox.waiting).toBe(1);
    release();

    await vi.waitFor(() => expect(app.store.getState().cart.pending).toBe(0));
    const [add] = server.commands();
    expect(add).toMatchObject({ path: '/api/cart/add-item', key: entry!.key, keepalive: true });
    expect(await app.outbox.pending('u1')).toEqual([]);
    expect(quantities(app.store.getState().cart.lines)).toEqual([['p1', 1]]);
    await vi.waitFor(() => expect(app.store.getState().outbox.waiting).toBe(0));
    app.task.cancel();
  });

  it('is written in this browser before the tap’s handler returns: a tab closed the next moment keeps it', async () => {
    const server = fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);
    const keep = vi.spyOn(app.outbox, 'keep');

    const release = server.hold();
    app.store.dispatch(addToCart({ product: tee }));
    // No await between the tap and this line: the write has started, and its copy is stored.
    expect(keep).toHaveBeenCalledTimes(1);
    expect(keep.mock.calls[0]![0]).toMatchObject({ uid: 'u1', path: '/api/cart/add-item' });
    const unlanded = indexedDbOutbox(`outbox-test-${testDb}`)!;
    expect((await unlanded.pending('u1')).map((entry) => entry.key)).toEqual([
      keep.mock.calls[0]![0].key,
    ]);
    release();
    await vi.waitFor(() => expect(app.store.getState().cart.pending).toBe(0));
    app.task.cancel();
  });

  it('waits offline with the others, counted, and all go in order, once each, when the connection is back', async () => {
    const server = fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);

    goOffline();
    for (let i = 0; i < 3; i += 1) app.store.dispatch(addToCart({ product: tee }));
    expect(quantities(app.store.getState().cart.lines)).toEqual([['p1', 3]]);
    await vi.waitFor(() =>
      expect(app.store.getState().outbox).toMatchObject({ waiting: 3, online: false }),
    );
    const keys = (await app.outbox.pending('u1')).map((e) => e.key);
    expect(keys).toHaveLength(3);
    expect(server.commands()).toEqual([]);

    goOnline();
    await vi.waitFor(() => expect(app.store.getState().cart.pending).toBe(0));
    expect(server.commands().map((c) => c.key)).toEqual(keys);
    expect(server.linesOf('u1')).toEqual({ p1: 3 });
    expect(quantities(app.store.getState().cart.lines)).toEqual([['p1', 3]]);
    await vi.waitFor(() =>
      expect(app.store.getState().outbox).toMatchObject({ waiting: 0, online: true }),
    );
    expect(await app.outbox.pending('u1')).toEqual([]);
    app.task.cancel();
  });

  it('failing while the connection comes back, is sent again at once rather than after a pause', async () => {
    const server = fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);

    // Every attempt of the first send finds no connection, and the browser's `online` event
    // passes while the first is in flight (as when a phone's network returns mid-request).
    server.failCommands(RETRY_ATTEMPTS);
    const release = server.hold();
    app.store.dispatch(addToCart({ product: tee }));
    await vi.waitFor(() => expect(server.commands()).toHaveLength(1));
    goOnline();
    release();

    // The attempts take 1 s + 2 s; waiting for another `online` event would add 5 s more.
    await vi.waitFor(() => expect(server.linesOf('u1')).toEqual({ p1: 1 }), {
      timeout: RETRY_BASE_DELAY_MS * 3 + 1500,
    });
    const keys = new Set(server.commands().map((c) => c.key));
    expect(server.commands()).toHaveLength(RETRY_ATTEMPTS + 1);
    expect(keys.size).toBe(1);
    await vi.waitFor(() =>
      expect(app.store.getState().outbox).toMatchObject({ waiting: 0, online: true }),
    );
    app.task.cancel();
  }, 15_000);

  it('refused when it is finally sent (sold out meanwhile): the line goes, and the shopper is told why', async () => {
    const server = fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);

    goOffline();
    app.store.dispatch(addToCart({ product: boots }));
    await vi.waitFor(() => expect(app.store.getState().outbox.waiting).toBe(1));
    server.sellOut('p2'); // another shopper bought the last one
    goOnline();
    await vi.waitFor(() => expect(app.store.getState().cart.pending).toBe(0));
    expect(app.store.getState().cart.lines).toEqual([]);
    expect(app.store.getState().cart.error).toBe(
      '"Boots" sold out while your change was waiting to be sent, so it is not in your cart.',
    );
    expect(await app.outbox.pending('u1')).toEqual([]);
    app.task.cancel();
  });

  it('waiting for more than a day, is dropped with a notice instead of sent (its key’s answer is gone)', async () => {
    const server = fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);
    goOffline();
    app.store.dispatch(addToCart({ product: tee }));
    await vi.waitFor(() => expect(app.store.getState().outbox.waiting).toBe(1));
    const later = Date.now() + 25 * 60 * 60 * 1000;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    goOnline();
    await vi.waitFor(() => expect(app.store.getState().cart.pending).toBe(0));
    expect(server.commands()).toEqual([]);
    expect(app.store.getState().cart.lines).toEqual([]);
    expect(app.store.getState().cart.error).toBe(
      'A change made more than a day ago could not be sent and was dropped.',
    );
    expect(await app.outbox.pending('u1')).toEqual([]);
    app.task.cancel();
  });

  it(`is refused beyond ${OUTBOX_LIMIT} waiting, with a message`, async () => {
    fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);
    app.store.dispatch(outboxCounted(OUTBOX_LIMIT));
    app.store.dispatch(addToCart({ product: tee }));
    await vi.waitFor(() => expect(app.store.getState().cart.pending).toBe(0));
    expect(app.store.getState().cart.lines).toEqual([]);
    expect(app.store.getState().cart.error).toMatch(/300 changes are already waiting/);
    expect(await app.outbox.pending('u1')).toEqual([]);
    app.task.cancel();
  });

  it('is kept for its user at sign-out, and sent when that user signs in again', async () => {
    const server = fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);
    goOffline();
    app.store.dispatch(removeFromCart({ productId: 'p1' }));
    app.store.dispatch(addToCart({ product: tee }));
    await vi.waitFor(() => expect(app.store.getState().outbox.waiting).toBe(2));
    signOut(app);
    await vi.waitFor(() => expect(app.store.getState().cart.pending).toBe(0));
    expect(app.store.getState().cart.error).toBeNull();
    expect(await app.outbox.pending('u1')).toHaveLength(2);

    // Another user signs in: nothing of u1's is sent, with any token.
    goOnline();
    signIn(app, 'u2');
    await cartReady(app);
    expect(server.commands()).toEqual([]);

    signOut(app);
    signIn(app, 'u1');
    await cartReady(app);
    expect(server.commands().map((c) => [c.path, c.token])).toEqual([
      ['/api/cart/remove-item', tokenOf('u1')],
      ['/api/cart/add-item', tokenOf('u1')],
    ]);
    expect(quantities(app.store.getState().cart.lines)).toEqual([['p1', 1]]);
    app.task.cancel();
  });
});

describe('what earlier pages kept, at sign-in', () => {
  it('is sent again oldest first with the same keys before the first read, which carries their position', async () => {
    const server = fakeServer();
    const app = startApp();
    const first = kept('u1', { key: 'k-first', at: Date.now() - 2000 });
    const second = kept('u1', {
      key: 'k-second',
      at: Date.now() - 1000,
      body: { cartId: 'cart-u1', productId: 'p2', quantity: 1 },
    });
    const someoneElse = kept('u2', { key: 'k-other' });
    for (const entry of [second, someoneElse, first]) await keptEarlier(app, entry);
    server.applied(first); // it reached the server; the page was left before the answer

    signIn(app, 'u1');
    await cartReady(app);
    const commands = server.commands();
    expect(commands.map((c) => [c.key, c.token])).toEqual([
      ['k-first', tokenOf('u1')],
      ['k-second', tokenOf('u1')],
    ]);
    // The cart was read after them, at the position the last one answered.
    const firstRead = server.sent.findIndex((s) => s.path === '/api/cart/user/u1');
    expect(firstRead).toBeGreaterThan(server.sent.indexOf(commands[1]!));
    expect(server.sent[firstRead]!.consistency).toBe(String(server.position));
    // Once each: the first one was answered from the key's record.
    expect(server.linesOf('u1')).toEqual({ p1: 1, p2: 1 });
    expect(quantities(app.store.getState().cart.lines)).toEqual([
      ['p1', 1],
      ['p2', 1],
    ]);
    expect(await app.outbox.pending('u1')).toEqual([]);
    expect((await app.outbox.pending('u2')).map((e) => e.key)).toEqual(['k-other']);
    app.task.cancel();
  });

  it('are shown on the first read while they cannot be sent, and sent when the connection is back', async () => {
    const server = fakeServer();
    const app = startApp();
    await keptEarlier(app, kept('u1', { key: 'k-add' }));
    await keptEarlier(
      app,
      kept('u1', {
        key: 'k-like',
        path: '/api/wishlist',
        body: { userId: 'u1', productId: 'p2' },
        intent: addToWishlist(boots),
      }),
    );
    server.commandsReachable = false; // reads answer, commands find no connection

    signIn(app, 'u1');
    await cartReady(app);
    await vi.waitFor(() => {
      expect(quantities(app.store.getState().cart.lines)).toEqual([['p1', 1]]);
      expect(app.store.getState().wishlist.items.map((i) => i.product_id)).toEqual(['p2']);
      expect(app.store.getState().outbox).toMatchObject({ waiting: 2, online: false });
    });
    expect(server.linesOf('u1')).toEqual({});

    server.commandsReachable = true;
    goOnline();
    await vi.waitFor(() => expect(app.store.getState().outbox.waiting).toBe(0));
    expect(server.linesOf('u1')).toEqual({ p1: 1 });
    expect(server.likesOf('u1')).toEqual(['p2']);
    // Read again after the replay, at its position.
    await vi.waitFor(() => {
      const reads = server.sent.filter((s) => s.path === '/api/cart/user/u1');
      expect(reads.at(-1)!.consistency).toBe(String(server.position));
      expect(quantities(app.store.getState().cart.lines)).toEqual([['p1', 1]]);
    });
    app.task.cancel();
  });

  it('a refusal is said and the read no longer shows it; one older than a day is dropped with a notice', async () => {
    const server = fakeServer();
    const app = startApp();
    server.sellOut('p2');
    await keptEarlier(
      app,
      kept('u1', { key: 'k-boots', body: { cartId: 'cart-u1', productId: 'p2', quantity: 1 } }),
    );
    await keptEarlier(app, kept('u1', { key: 'k-old', at: Date.now() - 25 * 60 * 60 * 1000 }));

    signIn(app, 'u1');
    await cartReady(app);
    expect(server.commands().map((c) => c.key)).toEqual(['k-boots']);
    expect(app.store.getState().cart.lines).toEqual([]);
    expect(app.store.getState().outbox.notice).toBe(
      '"Boots" sold out while your change was waiting to be sent, so it is not in your cart. ' +
        'A change made more than a day ago could not be sent and was dropped.',
    );
    expect(await app.outbox.pending('u1')).toEqual([]);
    app.task.cancel();
  });

  it('do not hold up the first read where this browser kept nothing for the user; found anyway, they are sent and read again', async () => {
    const server = fakeServer();
    const app = startApp();
    // Kept by a tab whose hint another tab cleared in between (a count that came too early).
    await app.outbox.keep(kept('u1', { key: 'k-unhinted' }));
    signIn(app, 'u1');
    await vi.waitFor(() =>
      expect(quantities(app.store.getState().cart.lines)).toEqual([['p1', 1]]),
    );
    const reads = server.sent.filter((s) => s.path === '/api/cart/user/u1');
    expect(server.sent.indexOf(reads[0]!)).toBeLessThan(
      server.sent.findIndex((s) => s.key === 'k-unhinted'),
    );
    expect(reads.at(-1)!.consistency).toBe(String(server.position));
    await vi.waitFor(() => expect(keptHint.has('u1')).toBe(false));

    // The hint is left the moment a command is kept, and goes once nothing waits.
    goOffline();
    app.store.dispatch(addToCart({ product: tee }));
    await vi.waitFor(() => expect(app.store.getState().outbox.waiting).toBe(1));
    expect(keptHint.has('u1')).toBe(true);
    goOnline();
    await vi.waitFor(() => expect(app.store.getState().outbox.waiting).toBe(0));
    await vi.waitFor(() => expect(keptHint.has('u1')).toBe(false));
    app.task.cancel();
  });

  it('is never sent with another user’s token', async () => {
    const server = fakeServer();
    const app = startApp();
    await keptEarlier(app, kept('u1', { key: 'k-mine' }));
    // The page's state says u1, but the identity provider now answers u2's token.
    setIdTokenProvider(async () => tokenOf('u2'));
    signIn(app, 'u1');
    await vi.waitFor(() => expect(app.store.getState().outbox.replaying).toBe(false));
    expect(server.commands().filter((c) => c.key === 'k-mine')).toEqual([]);
    expect(await app.outbox.pending('u1')).toHaveLength(1);
    app.task.cancel();
  });
});

describe('likes, follows and messages', () => {
  it('wait offline in the outbox with the cart’s, and go when the connection is back', async () => {
    const server = fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);
    goOffline();
    app.store.dispatch(addToWishlist(boots));
    app.store.dispatch(followToggled({ sellerId: 's1', follow: true }));
    app.store.dispatch(messageSent({ conversationId: 'c1', text: 'Still available?' }));
    await vi.waitFor(() =>
      expect(app.store.getState().outbox).toMatchObject({ waiting: 3, online: false }),
    );
    expect(app.store.getState().social.follows.s1).toMatchObject({ following: true });
    expect(server.commands()).toEqual([]);
    const kept = await app.outbox.pending('u1');
    expect(kept.map((e) => [e.method, e.path, e.intent?.type])).toEqual([
      ['POST', '/api/wishlist', 'wishlist/addToWishlist'],
      ['POST', '/api/sellers/s1/follow', 'social/followToggled'],
      ['POST', '/api/conversations/c1/messages', 'messages/messageSent'],
    ]);

    goOnline();
    await vi.waitFor(() => expect(app.store.getState().outbox.waiting).toBe(0));
    expect(server.commands().map((c) => c.key)).toEqual(kept.map((e) => e.key));
    expect(server.likesOf('u1')).toEqual(['p2']);
    await vi.waitFor(() => {
      expect(app.store.getState().wishlist.items.map((i) => i.product_id)).toEqual(['p2']);
      expect(app.store.getState().social.follows.s1).toMatchObject({
        following: true,
        pending: false,
      });
      expect(app.store.getState().messages.sending).toBe(false);
    });
    app.task.cancel();
  });

  it('a message refused once the connection is back says why', async () => {
    const server = fakeServer();
    const app = startApp();
    signIn(app, 'u1');
    await cartReady(app);
    goOffline();
    app.store.dispatch(messageSent({ conversationId: 'c9', text: 'Hello?' }));
    await vi.waitFor(() => expect(app.store.getState().outbox.waiting).toBe(1));
    server.closeConversation('c9');
    goOnline();
    await vi.waitFor(() =>
      expect(app.store.getState().messages.sendError).toBe(
        'Your message could not be sent: This conversation is closed.',
      ),
    );
    expect(await app.outbox.pending('u1')).toEqual([]);
    app.task.cancel();
  });
});
