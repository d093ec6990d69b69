import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  KEEPALIVE_BUDGET_BYTES,
  OtherUserError,
  resetHttpState,
  setIdTokenProvider,
  uidOfToken,
} from './http.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetHttpState();
});

function stubFetch(...responses: Response[]) {
  const fetchMock = vi.fn(async () => responses.shift()!);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const headersOf = (call: unknown[]) => (call[1] as RequestInit).headers as Record<string, string>;

describe('http client', () => {
  it('sends the ID token and, on reads after a command, the command position', async () => {
    const fetchMock = stubFetch(
      new Response(JSON.stringify({ position: 42 }), {
        status: 201,
        headers: { 'x-event-position': '42' },
      }),
      new Response(JSON.stringify({ id: 'c1', products: [] }), { status: 200 }),
    );
    setIdTokenProvider(async () => 'id-token');
    await api.post('/api/cart/add-item', { cartId: 'c1' });
    expect(headersOf(fetchMock.mock.calls[0]!)).toMatchObject({
      Authorization: 'Bearer id-token',
      'Content-Type': 'application/json',
    });
    expect(headersOf(fetchMock.mock.calls[0]!)['x-consistency-token']).toBeUndefined();
    await api.get('/api/cart/user/u1');
    expect(headersOf(fetchMock.mock.calls[1]!)['x-consistency-token']).toBe('42');
  });

  it('a command starts a trace, and the read that waits for its position continues it', async () => {
    const fetchMock = stubFetch(
      new Response(JSON.stringify({ position: 42 }), {
        status: 201,
        headers: { 'x-event-position': '42' },
      }),
      new Response(JSON.stringify({ id: 'c1', products: [] }), { status: 200 }),
      new Response('{}', { status: 200 }),
    );
    const traceparent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;
    await api.post('/api/cart/add-item', { cartId: 'c1' });
    const sent = traceparent.exec(headersOf(fetchMock.mock.calls[0]!).traceparent ?? '');
    expect(sent).not.toBeNull();
    await api.get('/api/cart/user/u1');
    const read = traceparent.exec(headersOf(fetchMock.mock.calls[1]!).traceparent ?? '');
    // The same trace, from a span of its own.
    expect(read?.[1]).toBe(sent![1]);
    expect(read?.[2]).not.toBe(sent![2]);
    // A read that waits for no command of this tab starts no trace: the server starts its own.
    await api.get('/api/products', { consistencyToken: null });
    expect(headersOf(fetchMock.mock.calls[2]!).traceparent).toBeUndefined();
  });

  it('keeps the position for the tab: a reload still reads after the write, for a minute', async () => {
    stubFetch(
      new Response(JSON.stringify({ position: 7 }), {
        status: 201,
        headers: { 'x-event-position': '7' },
      }),
    );
    await api.post('/api/cart/add-item', { cartId: 'c1' });

    // A reload evaluates the module anew; the position comes back from sessionStorage.
    vi.resetModules();
    const reloaded = await import('./http.ts');
    const fetchMock = stubFetch(new Response('{}', { status: 200 }), new Response('{}'));
    await reloaded.api.get('/api/cart/user/u1');
    expect(headersOf(fetchMock.mock.calls[0]!)['x-consistency-token']).toBe('7');

    // A minute later the token is dropped, as is one from a signed-out session.
    const stored = JSON.parse(sessionStorage.getItem('rewear_position')!);
    sessionStorage.setItem(
      'rewear_position',
      JSON.stringify({ ...stored, at: Date.now() - 61_000 }),
    );
    vi.resetModules();
    const later = await import('./http.ts');
    await later.api.get('/api/cart/user/u1');
    expect(headersOf(fetchMock.mock.calls[1]!)['x-consistency-token']).toBeUndefined();
  });

  it('reads again while the answer predates the last write, then takes what comes', async () => {
    vi.useFakeTimers();
    try {
      const stale = () =>
        new Response(JSON.stringify({ lines: [] }), {
          status: 200,
          headers: { 'x-consistency-timeout': 'true' },
        });
      const fetchMock = stubFetch(
        stale(),
        new Response(JSON.stringify({ lines: ['p1'] }), { status: 200 }),
      );
      const read = api.get<{ lines: string[] }>('/api/cart/user/u1');
      await vi.runAllTimersAsync();
      expect(await read).toEqual({ lines: ['p1'] });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      // Never more than three more reads, and never for a command.
      const always = stubFetch(stale(), stale(), stale(), stale(), stale());
      const last = api.get<{ lines: string[] }>('/api/cart/user/u1');
      await vi.runAllTimersAsync();
      expect(await last).toEqual({ lines: [] });
      expect(always).toHaveBeenCalledTimes(4);
      const command = stubFetch(stale());
      await api.post('/api/cart/add-item', { cartId: 'c1' });
      expect(command).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("throws the server's message, or 'HTTP error: {status}' without one", async () => {
    stubFetch(
      new Response(JSON.stringify({ message: 'Only 2 available' }), { status: 409 }),
      new Response('<html>bad gateway</html>', { status: 502 }),
      new Response(null, { status: 204 }),
    );
    await expect(api.post('/api/cart/add-item', {})).rejects.toEqual(
      new ApiError(409, 'Only 2 available'),
    );
    const failure = await api.get('/x').catch((error: ApiError) => error);
    expect(failure).toMatchObject({ status: 502, message: 'HTTP error: 502' });
    await expect(api.del('/api/cart/remove-item', {})).resolves.toBeUndefined();
  });

  it('sends commands with keepalive, so they outlive the page; not reads, photos, or past the budget', async () => {
    const init = (call: unknown[]) => call[1] as RequestInit;
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/api/cart/add-item', { cartId: 'c1', productId: 'p1', quantity: 1 });
    await api.del('/api/wishlist/user/u1/product/p1');
    await api.get('/api/cart/user/u1');
    await api.post('/api/photos', new Blob(['x'.repeat(100)], { type: 'image/jpeg' }));
    expect(fetchMock.mock.calls.map((call) => init(call).keepalive)).toEqual([
      true,
      true,
      undefined,
      undefined,
    ]);

    // The browser allows 64 KiB of keepalive bodies in flight: past the budget, sent without it.
    let answer = (_: Response) => {};
    const held = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', held);
    const big = 'x'.repeat(KEEPALIVE_BUDGET_BYTES - 100);
    const first = api.post('/api/listings', { description: big });
    await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(1));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/api/cart/add-item', { cartId: 'c1', productId: 'p2', quantity: 1, big });
    expect(init(fetchMock.mock.calls.at(-1)!).keepalive).toBeUndefined();
    answer(new Response('{}'));
    await first;
    await api.post('/api/cart/add-item', { cartId: 'c1', productId: 'p3', quantity: 1 });
    expect(init(fetchMock.mock.calls.at(-1)!).keepalive).toBe(true);
  });

  it('sends a request meant for one user only with that user’s ID token', async () => {
    const token = (uid: string) => `e30.${btoa(JSON.stringify({ user_id: uid }))}.sig`;
    expect(uidOfToken(token('u1'))).toBe('u1');
    expect(uidOfToken('not a token')).toBeNull();
    const fetchMock = stubFetch(new Response('{}'));
    setIdTokenProvider(async () => token('u2'));
    await expect(api.post('/api/wishlist', {}, { asUser: 'u1' })).rejects.toBeInstanceOf(
      OtherUserError,
    );
    setIdTokenProvider(async () => null);
    await expect(api.post('/api/wishlist', {}, { asUser: 'u1' })).rejects.toBeInstanceOf(
      OtherUserError,
    );
    expect(fetchMock).not.toHaveBeenCalled();
    setIdTokenProvider(async () => token('u1'));
    await api.post('/api/wishlist', {}, { asUser: 'u1' });
    expect(headersOf(fetchMock.mock.calls[0]!).Authorization).toBe(`Bearer ${token('u1')}`);
  });
});
