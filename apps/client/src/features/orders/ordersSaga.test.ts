import { describe, expect, it } from 'vitest';
import { runSaga, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { OrderRow } from '@rewear/contracts';
import { ApiError, type Api } from '../../api/http.ts';
import ordersReducer, {
  fetchOrder,
  fetchOrders,
  initialOrdersState,
  type OrdersState,
} from './ordersSlice.ts';
import { orderRow } from './fixtures.ts';
import { fetchOrderSaga, fetchOrdersSaga, NETWORK_ERROR } from './ordersSaga.ts';

const row = (orderId: string, title: string, createdAt: string): OrderRow =>
  orderRow(orderId, title, {
    created_at: createdAt,
    expires_at: createdAt,
    total_price: 20,
    product_image: '',
  });

const getOnly = (answer: (path: string) => unknown): Api => ({
  get: async <T>(path: string) => answer(path) as T,
  post: async () => {
    throw new Error('unexpected');
  },
  put: async () => {
    throw new Error('unexpected');
  },
  del: async () => {
    throw new Error('unexpected');
  },
});

async function run(api: Api, saga: Saga, action: UnknownAction): Promise<OrdersState> {
  let state = ordersReducer(initialOrdersState, action);
  await runSaga(
    {
      context: { api },
      dispatch: (a: UnknownAction) => {
        state = ordersReducer(state, a);
      },
    },
    saga,
    action,
  ).toPromise();
  return state;
}

describe('fetchOrdersSaga', () => {
  it('groups the rows by order_id, newest first', async () => {
    const paths: string[] = [];
    const api = getOnly((path) => {
      paths.push(path);
      return [
        row('o1', 'Shirt', '2025-01-01T00:00:00Z'),
        row('o2', 'Boots', '2025-02-01T00:00:00Z'),
        row('o1', 'Scarf', '2025-01-01T00:00:00Z'),
      ];
    });
    const state = await run(api, fetchOrdersSaga as Saga, fetchOrders({ uid: 'u1' }));
    expect(paths).toEqual(['/api/orders/user/u1']);
    expect(state.list.status).toBe('loaded');
    expect(state.list.orders.map((o) => [o.id, o.items.length])).toEqual([
      ['o2', 1],
      ['o1', 2],
    ]);
  });

  it('treats 404 as no orders', async () => {
    const api = getOnly(() => {
      throw new ApiError(404, 'No orders');
    });
    const state = await run(api, fetchOrdersSaga as Saga, fetchOrders({ uid: 'u1' }));
    expect(state.list).toMatchObject({ status: 'loaded', orders: [], error: null });
  });

  it('reports server and network failures with the spec texts', async () => {
    const serverDown = getOnly(() => {
      throw new ApiError(500, 'boom');
    });
    expect(
      (await run(serverDown, fetchOrdersSaga as Saga, fetchOrders({ uid: 'u1' }))).list.error,
    ).toBe('Failed to fetch orders');
    const offline = getOnly(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(
      (await run(offline, fetchOrdersSaga as Saga, fetchOrders({ uid: 'u1' }))).list.error,
    ).toBe(NETWORK_ERROR);
  });
});

describe('fetchOrderSaga', () => {
  it('loads one order from its rows', async () => {
    const api = getOnly(() => [
      row('o1', 'Shirt', '2025-01-01T00:00:00Z'),
      row('o1', 'Scarf', '2025-01-01T00:00:00Z'),
    ]);
    const state = await run(api, fetchOrderSaga as Saga, fetchOrder({ orderId: 'o1' }));
    expect(state.detail.status).toBe('loaded');
    expect(state.detail.order?.items.map((i) => i.product_title)).toEqual(['Shirt', 'Scarf']);
  });

  it("fails with 'Failed to fetch order details' on an error", async () => {
    const api = getOnly(() => {
      throw new ApiError(500, 'boom');
    });
    const state = await run(api, fetchOrderSaga as Saga, fetchOrder({ orderId: 'o1' }));
    expect(state.detail).toMatchObject({
      status: 'failed',
      error: 'Failed to fetch order details',
      order: null,
    });
  });
});
