import { afterEach, describe, expect, it, vi } from 'vitest';
import { runSaga, type Saga } from 'redux-saga';
import { IDEMPOTENCY_HEADER } from '@rewear/contracts';
import { commandOptions, describeCommand, newIdempotencyKey, sendCommand } from './command.ts';
import { cartApi } from '../features/cart/api.ts';
import { wishlistApi } from '../features/wishlist/api.ts';
import { ApiError, type RequestOptions } from './http.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Idempotency-Key', () => {
  it('is a new random UUID each time', () => {
    const keys = Array.from({ length: 100 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(100);
    expect(commandOptions()).toEqual({
      headers: { [IDEMPOTENCY_HEADER]: expect.stringMatching(UUID) },
    });
  });

  it('is made from getRandomValues where randomUUID is missing (pages not served securely)', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    const keys = Array.from({ length: 100 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(100);
  });
});

describe('sendCommand', () => {
  it('sends every attempt of one command with the same key, and the next command with another', async () => {
    vi.useFakeTimers();
    const sent: Array<string | undefined> = [];
    let failures = 2;
    const send = async (options: RequestOptions) => {
      sent.push(options.headers?.[IDEMPOTENCY_HEADER]);
      if (failures-- > 0) throw new ApiError(503, 'HTTP error: 503');
      return { position: 1 };
    };
    const run = async () => {
      const task = runSaga({}, sendCommand as Saga, send);
      await vi.runAllTimersAsync();
      return task.toPromise();
    };

    expect(await run()).toEqual({ position: 1 });
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(UUID);
    expect(sent).toEqual([sent[0], sent[0], sent[0]]);

    await run();
    expect(sent).toHaveLength(4);
    expect(sent[3]).toMatch(UUID);
    expect(sent[3]).not.toBe(sent[0]);
  });
});

describe('describeCommand', () => {
  it('reads the method, path and body off a feature’s api function, sending nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(
      describeCommand((http) =>
        cartApi(http).addItem({ cartId: 'c1', productId: 'p1', quantity: 2 }, {}),
      ),
    ).toEqual({
      method: 'POST',
      path: '/api/cart/add-item',
      body: { cartId: 'c1', productId: 'p1', quantity: 2 },
    });
    expect(describeCommand((http) => wishlistApi(http).remove('u 1', 'p1', {}))).toEqual({
      method: 'DELETE',
      path: '/api/wishlist/user/u%201/product/p1',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
