/**
 * The lifecycle after payment (docs/product.md §11, docs/api.md Shipments): the seller's sales and
 * balance, an order's shipments as its buyer reads them, and one command per shipment action.
 * Commands take their Idempotency-Key options.
 */
import type { z } from 'zod';
import {
  SHIPMENT_ACTIONS,
  type CommandAnswer,
  type reportProblemBody,
  type SellerBalance,
  type shipBody,
  type ShipmentAction,
  type ShipmentStatus,
  type ShipmentView,
} from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

export type ShipBody = z.input<typeof shipBody>;
export type ReportProblemBody = z.input<typeof reportProblemBody>;

/** What every shipment command answers: where the shipment is now. */
export interface ShipmentChanged extends CommandAnswer {
  shipment: { shipmentId: string; status: ShipmentStatus; refunded: boolean };
}

/** The route of an action; the buyer's receipt and the seller's delivery share `delivered`. */
export const shipmentActionPath = (shipmentId: string, action: ShipmentAction) =>
  `/api/shipments/${encodeURIComponent(shipmentId)}/${SHIPMENT_ACTIONS[action].path}`;

export function shipmentsApi(http: Api) {
  const bare = (action: ShipmentAction) => (shipmentId: string, options: RequestOptions) =>
    http.post<ShipmentChanged>(shipmentActionPath(shipmentId, action), undefined, options);
  return {
    /** The signed-in seller's shipments, newest first (empty when none). */
    sales: () => http.get<ShipmentView[]>('/api/sales'),
    balance: () => http.get<SellerBalance>('/api/sales/balance'),
    /** The order's buyer only; empty until the order is paid. */
    orderShipments: (orderId: string) =>
      http.get<ShipmentView[]>(`/api/orders/${encodeURIComponent(orderId)}/shipments`),
    ship: (shipmentId: string, body: ShipBody, options: RequestOptions) =>
      http.post<ShipmentChanged>(shipmentActionPath(shipmentId, 'ship'), body, options),
    markDelivered: bare('markDelivered'),
    confirmReceipt: bare('confirmReceipt'),
    confirmOk: bare('confirmOk'),
    reportProblem: (shipmentId: string, body: ReportProblemBody, options: RequestOptions) =>
      http.post<ShipmentChanged>(shipmentActionPath(shipmentId, 'reportProblem'), body, options),
    acceptReturn: bare('acceptReturn'),
    dispute: bare('dispute'),
    cancel: bare('cancel'),
  };
}

export type ShipmentsApi = ReturnType<typeof shipmentsApi>;
