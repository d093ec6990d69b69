/**
 * Shipments after payment (docs/product.md §11): the seller's sales and balance (My Sales), each
 * paid order's shipments as its buyer sees them, and the action under way on a shipment.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  SellerBalance,
  ShipmentAction,
  ShipmentRole,
  ShipmentStatus,
  ShipmentView,
} from '@rewear/contracts';
import type { ReportProblemBody, ShipBody } from './api.ts';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ShipmentList {
  status: LoadStatus;
  shipments: ShipmentView[];
  error: string | null;
}

export interface ShipmentsState {
  sales: ShipmentList;
  balance: { status: LoadStatus; balance: SellerBalance | null; error: string | null };
  /** By order id: the buyer's shipments of that order. */
  orders: Record<string, ShipmentList>;
  /** By shipment id: the action sent and not answered yet. */
  acting: Record<string, ShipmentAction>;
  /** By shipment id: why the last action was refused (the server's message). */
  actionErrors: Record<string, string>;
}

export const initialShipmentsState: ShipmentsState = {
  sales: { status: 'idle', shipments: [], error: null },
  balance: { status: 'idle', balance: null, error: null },
  orders: {},
  acting: {},
  actionErrors: {},
};

/** An action with the body its route takes. */
export type ShipmentCommand =
  | { action: 'ship'; body: ShipBody }
  | { action: 'reportProblem'; body: ReportProblemBody }
  | { action: Exclude<ShipmentAction, 'ship' | 'reportProblem'> };

export type ShipmentActionRequest = ShipmentCommand & {
  shipmentId: string;
  orderId: string;
  /** Whose screen asked: the seller's list or the buyer's order is read again afterwards. */
  role: ShipmentRole;
};

const emptyList: ShipmentList = { status: 'idle', shipments: [], error: null };

function eachCopy(state: ShipmentsState, shipmentId: string, change: (s: ShipmentView) => void) {
  for (const list of [state.sales, ...Object.values(state.orders)])
    for (const shipment of list.shipments) if (shipment.shipmentId === shipmentId) change(shipment);
}

const shipmentsSlice = createSlice({
  name: 'shipments',
  initialState: initialShipmentsState,
  reducers: {
    /** Sales and balance together: My Sales shows both. A reload keeps what is on screen. */
    salesRequested(state) {
      state.sales.status = 'loading';
      state.sales.error = null;
      state.balance.status = 'loading';
      state.balance.error = null;
    },
    salesLoaded(state, action: PayloadAction<ShipmentView[]>) {
      state.sales = { status: 'loaded', shipments: action.payload, error: null };
    },
    salesFailed(state, action: PayloadAction<string>) {
      state.sales.status = 'failed';
      state.sales.error = action.payload;
    },
    balanceLoaded(state, action: PayloadAction<SellerBalance>) {
      state.balance = { status: 'loaded', balance: action.payload, error: null };
    },
    balanceFailed(state, action: PayloadAction<string>) {
      state.balance.status = 'failed';
      state.balance.error = action.payload;
    },
    orderShipmentsRequested(state, action: PayloadAction<{ orderId: string }>) {
      const list = state.orders[action.payload.orderId] ?? { ...emptyList };
      state.orders[action.payload.orderId] = { ...list, status: 'loading', error: null };
    },
    orderShipmentsLoaded(
      state,
      action: PayloadAction<{ orderId: string; shipments: ShipmentView[] }>,
    ) {
      state.orders[action.payload.orderId] = {
        status: 'loaded',
        shipments: action.payload.shipments,
        error: null,
      };
    },
    orderShipmentsFailed(state, action: PayloadAction<{ orderId: string; error: string }>) {
      const list = state.orders[action.payload.orderId] ?? { ...emptyList };
      state.orders[action.payload.orderId] = {
        ...list,
        status: 'failed',
        error: action.payload.error,
      };
    },
    shipmentActionRequested(state, action: PayloadAction<ShipmentActionRequest>) {
      state.acting[action.payload.shipmentId] = action.payload.action;
      delete state.actionErrors[action.payload.shipmentId];
    },
    /** The command's answer shows at once; the list read afterwards brings the rest. */
    shipmentActionDone(
      state,
      action: PayloadAction<{ shipmentId: string; status: ShipmentStatus; refunded: boolean }>,
    ) {
      const { shipmentId, status, refunded } = action.payload;
      delete state.acting[shipmentId];
      eachCopy(state, shipmentId, (shipment) => {
        shipment.status = status;
        shipment.refunded = refunded;
        // Until the list is read again, offer nothing the server may now refuse.
        shipment.actions = [];
      });
    },
    shipmentActionFailed(state, action: PayloadAction<{ shipmentId: string; message: string }>) {
      delete state.acting[action.payload.shipmentId];
      state.actionErrors[action.payload.shipmentId] = action.payload.message;
    },
    shipmentErrorDismissed(state, action: PayloadAction<{ shipmentId: string }>) {
      delete state.actionErrors[action.payload.shipmentId];
    },
    shipmentsReset() {
      return initialShipmentsState;
    },
  },
});

export const {
  salesRequested,
  salesLoaded,
  salesFailed,
  balanceLoaded,
  balanceFailed,
  orderShipmentsRequested,
  orderShipmentsLoaded,
  orderShipmentsFailed,
  shipmentActionRequested,
  shipmentActionDone,
  shipmentActionFailed,
  shipmentErrorDismissed,
  shipmentsReset,
} = shipmentsSlice.actions;

export default shipmentsSlice.reducer;

interface WithShipments {
  shipments: ShipmentsState;
}
export const selectSales = (state: WithShipments) => state.shipments.sales;
export const selectBalance = (state: WithShipments) => state.shipments.balance;
export const selectOrderShipments = (orderId: string) => (state: WithShipments) =>
  state.shipments.orders[orderId] ?? emptyList;
export const selectActing = (shipmentId: string) => (state: WithShipments) =>
  state.shipments.acting[shipmentId] ?? null;
export const selectActionError = (shipmentId: string) => (state: WithShipments) =>
  state.shipments.actionErrors[shipmentId] ?? null;
