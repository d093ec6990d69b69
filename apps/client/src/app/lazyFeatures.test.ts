import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../api/http.ts';
import { createAppStore, sagaContext } from './store.ts';
import ordersReducer, { initialOrdersState, fetchOrders } from '../features/orders/ordersSlice.ts';
import { ordersSaga } from '../features/orders/ordersSaga.ts';
import { loadFeature } from './lazyFeatures.ts';

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0));
};

describe('route features loaded on demand', () => {
  it('adds the state and starts the saga of a feature when its code loads, once', async () => {
    const get = vi.fn(async (path: string) => (path.startsWith('/api/orders/user/') ? [] : {}));
    const store = createAppStore({
      ...sagaContext,
      api: { get } as unknown as Api,
      loadAuthService: () => new Promise(() => {}),
      sessionHint: { present: () => false, remember: () => {}, forget: () => {} },
      whenIdle: () => new Promise(() => {}),
    });
    expect(store.getState()).not.toHaveProperty('orders');
    store.dispatch(fetchOrders({ uid: 'u1' }));
    await flush();
    expect(get).not.toHaveBeenCalled();

    await import('../features/orders/feature.ts');
    expect(store.getState().orders).toEqual(initialOrdersState);
    store.dispatch(fetchOrders({ uid: 'u1' }));
    await flush();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/api/orders/user/u1');
    expect(store.getState().orders?.list).toMatchObject({
      status: 'loaded',
      uid: 'u1',
      orders: [],
    });

    // A second page of the same feature does not start a second saga.
    loadFeature({ name: 'orders', reducer: ordersReducer, saga: ordersSaga });
    store.dispatch(fetchOrders({ uid: 'u1' }));
    await flush();
    expect(get).toHaveBeenCalledTimes(2);
  });
});
