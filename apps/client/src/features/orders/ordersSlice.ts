/** My Orders and the order confirmation (docs/product.md §2, §8 Orders and payment). */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderSummary } from './orderGrouping.ts';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface OrdersState {
  list: { status: LoadStatus; uid: string | null; orders: OrderSummary[]; error: string | null };
  detail: {
    status: LoadStatus;
    orderId: string | null;
    order: OrderSummary | null;
    error: string | null;
  };
}

export const initialOrdersState: OrdersState = {
  list: { status: 'idle', uid: null, orders: [], error: null },
  detail: { status: 'idle', orderId: null, order: null, error: null },
};

const ordersSlice = createSlice({
  name: 'orders',
  initialState: initialOrdersState,
  reducers: {
    fetchOrders(state, action: PayloadAction<{ uid: string }>) {
      const sameUser = state.list.uid === action.payload.uid;
      state.list = {
        status: 'loading',
        uid: action.payload.uid,
        orders: sameUser ? state.list.orders : [],
        error: null,
      };
    },
    ordersLoaded(state, action: PayloadAction<OrderSummary[]>) {
      state.list.status = 'loaded';
      state.list.orders = action.payload;
    },
    ordersFailed(state, action: PayloadAction<string>) {
      state.list.status = 'failed';
      state.list.error = action.payload;
    },
    fetchOrder(state, action: PayloadAction<{ orderId: string }>) {
      const same = state.detail.orderId === action.payload.orderId;
      state.detail = {
        status: 'loading',
        orderId: action.payload.orderId,
        order: same ? state.detail.order : null,
        error: null,
      };
    },
    orderLoaded(state, action: PayloadAction<OrderSummary>) {
      state.detail.status = 'loaded';
      state.detail.order = action.payload;
    },
    orderFailed(state, action: PayloadAction<string>) {
      state.detail.status = 'failed';
      state.detail.order = null;
      state.detail.error = action.payload;
    },
    ordersReset() {
      return initialOrdersState;
    },
  },
});

export const {
  fetchOrders,
  ordersLoaded,
  ordersFailed,
  fetchOrder,
  orderLoaded,
  orderFailed,
  ordersReset,
} = ordersSlice.actions;

export default ordersSlice.reducer;

interface WithOrders {
  orders: OrdersState;
}
export const selectOrderList = (state: WithOrders) => state.orders.list;
export const selectOrderDetail = (state: WithOrders) => state.orders.detail;
