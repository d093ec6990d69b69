import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { IDEMPOTENCY_HEADER } from '@rewear/contracts';
import { ApiError, type Api } from '../../api/http.ts';
import { fakeApi } from '../../api/fakeApi.ts';
import newsletter, { subscribe, unsubscribe } from './newsletterSlice.ts';
import { NEWSLETTER_MESSAGE_MS, newsletterSaga } from './newsletterSaga.ts';

afterEach(() => vi.useRealTimers());

function start(api: Api) {
  const sagaMiddleware = createSagaMiddleware({ context: { api } });
  const store = configureStore({
    reducer: { newsletter },
    middleware: (g) => g({ thunk: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(newsletterSaga);
  return { store, task };
}

describe('newsletter (docs/product.md §2.20, §8.7)', () => {
  it("shows the server's message, such as already subscribed, then clears it after 5 s", async () => {
    vi.useFakeTimers();
    const api = fakeApi({
      'POST /api/newsletter/subscribe': () => ({
        message: 'You are already subscribed.',
        position: 3,
      }),
    });
    const { store, task } = start(api);
    store.dispatch(subscribe({ email: ' ada@example.com ' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(api.calls[0]).toMatchObject({
      path: '/api/newsletter/subscribe',
      body: { email: 'ada@example.com' },
      options: { headers: { [IDEMPOTENCY_HEADER]: expect.any(String) } },
    });
    expect(store.getState().newsletter).toMatchObject({
      status: 'success',
      message: 'You are already subscribed.',
    });
    await vi.advanceTimersByTimeAsync(NEWSLETTER_MESSAGE_MS);
    expect(store.getState().newsletter.message).toBeNull();
    task.cancel();
  });

  it("unsubscribes and shows the server's answer, a refusal included", async () => {
    let subscribed = true;
    const api = fakeApi({
      'POST /api/newsletter/unsubscribe': () => {
        if (!subscribed) throw new ApiError(404, 'This email is not subscribed');
        subscribed = false;
        return { message: 'You have been unsubscribed.', position: 4 };
      },
    });
    const { store, task } = start(api);
    store.dispatch(unsubscribe({ email: 'ada@example.com' }));
    await vi.waitFor(() =>
      expect(store.getState().newsletter.unsubscribe).toEqual({
        status: 'success',
        message: 'You have been unsubscribed.',
      }),
    );
    store.dispatch(unsubscribe({ email: 'ada@example.com' }));
    await vi.waitFor(() =>
      expect(store.getState().newsletter.unsubscribe).toEqual({
        status: 'error',
        message: 'This email is not subscribed',
      }),
    );
    task.cancel();
  });
});
