import { afterEach, describe, expect, it, vi } from 'vitest';
import { runSaga, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { IDEMPOTENCY_HEADER, type SellerBalance } from '@rewear/contracts';
import { ApiError } from '../../api/http.ts';
import { fakeApi } from '../../api/fakeApi.ts';
import reducer, {
  initialShipmentsState,
  orderShipmentsLoaded,
  orderShipmentsRequested,
  salesLoaded,
  salesRequested,
  shipmentActionDone,
  shipmentActionRequested,
  type ShipmentsState,
} from './shipmentsSlice.ts';
import {
  NETWORK_ERROR,
  orderShipmentsSaga,
  salesSaga,
  shipmentActionSaga,
} from './shipmentsSaga.ts';
import { shipmentView } from './fixtures.ts';
import {
  cancelReasonText,
  orderProgress,
  shipmentStatusLabel,
  shipmentStatusTone,
} from './shipmentStatus.ts';

afterEach(() => {
  vi.useRealTimers();
});

const balance: SellerBalance = {
  pending: 40,
  available: 0,
  movements: [
    {
      shipmentId: 'o1.s1',
      orderId: 'o1',
      kind: 'held',
      amount: 40,
      at: '2025-03-04T10:00:00.000Z',
    },
  ],
};

async function run(
  api: ReturnType<typeof fakeApi>,
  saga: Saga,
  action: UnknownAction,
  start: ShipmentsState = initialShipmentsState,
) {
  let state = reducer(start, action);
  const dispatched: UnknownAction[] = [];
  const task = runSaga(
    {
      context: { api },
      dispatch: (a: UnknownAction) => {
        dispatched.push(a);
        state = reducer(state, a);
      },
    },
    saga,
    action,
  );
  // Failing commands are retried after 1 s and 2 s: with fake timers those waits pass at once.
  if (vi.isFakeTimers()) await vi.runAllTimersAsync();
  await task.toPromise();
  return { state, dispatched };
}

describe('My Sales: sales and balance', () => {
  it('reads the seller’s shipments and balance', async () => {
    const api = fakeApi({
      'GET /api/sales': () => [shipmentView()],
      'GET /api/sales/balance': () => balance,
    });
    const { state } = await run(api, salesSaga, salesRequested());
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /api/sales',
      'GET /api/sales/balance',
    ]);
    expect(state.sales).toMatchObject({ status: 'loaded', error: null });
    expect(state.sales.shipments.map((s) => s.shipmentId)).toEqual(['o1.s1']);
    expect(state.balance).toEqual({ status: 'loaded', balance, error: null });
  });

  it('shows the balance even when the sales fail, with a fixed text for a server error', async () => {
    const api = fakeApi({
      'GET /api/sales': () => {
        throw new ApiError(503, 'upstream timeout at 10.0.0.3');
      },
      'GET /api/sales/balance': () => balance,
    });
    const { state } = await run(api, salesSaga, salesRequested());
    expect(state.sales).toMatchObject({ status: 'failed', error: 'Failed to fetch your sales' });
    expect(state.balance.status).toBe('loaded');
  });

  it('keeps the shipments on screen while they are read again', () => {
    const loaded = reducer(initialShipmentsState, salesLoaded([shipmentView()]));
    const reloading = reducer(loaded, salesRequested());
    expect(reloading.sales.status).toBe('loading');
    expect(reloading.sales.shipments).toHaveLength(1);
  });
});

describe("the buyer's shipments of an order", () => {
  it('reads them by order id and keeps each order apart', async () => {
    const api = fakeApi({
      'GET /api/orders/o%2F2/shipments': () => [shipmentView({ orderId: 'o/2', shipmentId: 'x' })],
    });
    const start = reducer(
      initialShipmentsState,
      orderShipmentsLoaded({ orderId: 'o1', shipments: [shipmentView()] }),
    );
    const { state } = await run(
      api,
      orderShipmentsSaga as Saga,
      orderShipmentsRequested({ orderId: 'o/2' }),
      start,
    );
    expect(state.orders['o/2']).toMatchObject({ status: 'loaded', error: null });
    expect(state.orders['o/2']!.shipments.map((s) => s.shipmentId)).toEqual(['x']);
    expect(state.orders.o1!.shipments.map((s) => s.shipmentId)).toEqual(['o1.s1']);
  });

  it("shows the server's message when the order is not the reader's", async () => {
    const api = fakeApi({
      'GET /api/orders/o1/shipments': () => {
        throw new ApiError(403, 'This order is not yours');
      },
    });
    const { state } = await run(
      api,
      orderShipmentsSaga as Saga,
      orderShipmentsRequested({ orderId: 'o1' }),
    );
    expect(state.orders.o1).toMatchObject({ status: 'failed', error: 'This order is not yours' });
  });
});

describe('shipment actions', () => {
  const withSale = reducer(initialShipmentsState, salesLoaded([shipmentView()]));

  it('ships with the carrier and tracking number once, shows the new status, then reads the sales again', async () => {
    const api = fakeApi({
      'POST /api/shipments/o1.s1/ship': () => ({
        shipment: { shipmentId: 'o1.s1', status: 'shipped', refunded: false },
        position: 12,
      }),
    });
    const request = shipmentActionRequested({
      shipmentId: 'o1.s1',
      orderId: 'o1',
      role: 'seller',
      action: 'ship',
      body: { carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(reducer(withSale, request).acting).toEqual({ 'o1.s1': 'ship' });

    const { state, dispatched } = await run(api, shipmentActionSaga as Saga, request, withSale);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/shipments/o1.s1/ship',
      body: { carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(api.calls[0]!.options?.headers?.[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.acting).toEqual({});
    expect(state.sales.shipments[0]).toMatchObject({ status: 'shipped', actions: [] });
    expect(dispatched.at(-1)).toEqual(salesRequested());
  });

  it("a refusal shows the server's message and reads the list again", async () => {
    const api = fakeApi({
      'POST /api/shipments/o1.s1/cancel': () => {
        throw new ApiError(409, 'This order has already shipped and is not delivered yet');
      },
    });
    const request = shipmentActionRequested({
      shipmentId: 'o1.s1',
      orderId: 'o1',
      role: 'buyer',
      action: 'cancel',
    });
    const { state, dispatched } = await run(api, shipmentActionSaga as Saga, request);
    expect(api.calls).toHaveLength(1); // a 409 is not retried
    expect(state.acting).toEqual({});
    expect(state.actionErrors).toEqual({
      'o1.s1': 'This order has already shipped and is not delivered yet',
    });
    expect(dispatched.at(-1)).toEqual(orderShipmentsRequested({ orderId: 'o1' }));
  });

  it('reports a problem with its reason and text; a lost connection is retried with the same key', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const api = fakeApi({
      'POST /api/shipments/o1.s1/problem': () => {
        attempts += 1;
        if (attempts < 3) throw new TypeError('Failed to fetch');
        return {
          shipment: { shipmentId: 'o1.s1', status: 'on_hold', refunded: false },
          position: 3,
        };
      },
    });
    const { state } = await run(
      api,
      shipmentActionSaga as Saga,
      shipmentActionRequested({
        shipmentId: 'o1.s1',
        orderId: 'o1',
        role: 'buyer',
        action: 'reportProblem',
        body: { reason: 'damaged', text: 'Torn seam' },
      }),
      reducer(
        initialShipmentsState,
        orderShipmentsLoaded({ orderId: 'o1', shipments: [shipmentView({ status: 'delivered' })] }),
      ),
    );
    expect(api.calls).toHaveLength(3);
    const keys = new Set(api.calls.map((c) => c.options?.headers?.[IDEMPOTENCY_HEADER]));
    expect(keys.size).toBe(1);
    expect(api.calls[0]!.body).toEqual({ reason: 'damaged', text: 'Torn seam' });
    expect(state.orders.o1!.shipments[0]!.status).toBe('on_hold');
    expect(state.actionErrors).toEqual({});
  });

  it('says the connection failed when every attempt failed', async () => {
    vi.useFakeTimers();
    const api = fakeApi({
      'POST /api/shipments/o1.s1/complete': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { state } = await run(
      api,
      shipmentActionSaga as Saga,
      shipmentActionRequested({
        shipmentId: 'o1.s1',
        orderId: 'o1',
        role: 'buyer',
        action: 'confirmOk',
      }),
    );
    expect(api.calls).toHaveLength(3);
    expect(state.actionErrors['o1.s1']).toBe(NETWORK_ERROR);
  });

  it('a refund in the answer shows on every list holding the shipment', () => {
    let state = reducer(initialShipmentsState, salesLoaded([shipmentView({ status: 'on_hold' })]));
    state = reducer(
      state,
      orderShipmentsLoaded({ orderId: 'o1', shipments: [shipmentView({ status: 'on_hold' })] }),
    );
    state = reducer(
      state,
      shipmentActionDone({ shipmentId: 'o1.s1', status: 'refunded', refunded: true }),
    );
    for (const shipment of [state.sales.shipments[0]!, state.orders.o1!.shipments[0]!])
      expect(shipment).toMatchObject({ status: 'refunded', refunded: true, actions: [] });
  });
});

describe('status badges (docs/product.md §4.8, §11)', () => {
  it('colours paid purple, shipped blue, delivered green and the rest grey', () => {
    expect(shipmentStatusTone('awaiting_shipment')).toBe('purple');
    expect(shipmentStatusTone('shipped')).toBe('blue');
    expect(shipmentStatusTone('delivered')).toBe('green');
    for (const status of ['on_hold', 'completed', 'refunded', 'disputed', 'cancelled'] as const)
      expect(shipmentStatusTone(status)).toBe('grey');
  });

  it('names each status and why a shipment was cancelled', () => {
    expect(shipmentStatusLabel('awaiting_shipment')).toBe('Awaiting shipment');
    expect(shipmentStatusLabel('on_hold')).toBe('On hold');
    expect(cancelReasonText({ cancelReason: 'not_shipped_in_time' })).toBe(
      'Cancelled: not shipped within 5 days of payment',
    );
    expect(cancelReasonText({ cancelReason: null })).toBeNull();
  });
});

describe("the order page's timeline", () => {
  const pkg = (status: string, shippedAt: string | null, deliveredAt: string | null) =>
    ({ status, shippedAt, deliveredAt }) as Parameters<typeof orderProgress>[0][number];
  it('is processed once every package shipped, delivered once every one arrived', () => {
    expect(orderProgress([])).toEqual({ shipped: false, delivered: false, deliveredAt: null });
    const shipped = pkg('shipped', '2026-03-02T10:00:00.000Z', null);
    const arrived = pkg('completed', '2026-03-01T10:00:00.000Z', '2026-03-04T10:00:00.000Z');
    expect(orderProgress([pkg('awaiting_shipment', null, null), shipped])).toMatchObject({
      shipped: false,
    });
    expect(orderProgress([shipped, arrived])).toEqual({
      shipped: true,
      delivered: false,
      deliveredAt: null,
    });
    const later = pkg('refunded', '2026-03-02T10:00:00.000Z', '2026-03-05T09:00:00.000Z');
    expect(orderProgress([arrived, later])).toEqual({
      shipped: true,
      delivered: true,
      deliveredAt: '2026-03-05T09:00:00.000Z',
    });
    // A cancelled package counts for neither.
    expect(orderProgress([arrived, pkg('cancelled', null, null)])).toMatchObject({
      delivered: true,
    });
  });
});
