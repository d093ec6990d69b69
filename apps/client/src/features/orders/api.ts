/** Order history's endpoints (docs/product.md §7 Orders): one row per item, grouped by orderGrouping.ts. */
import type { OrderRow } from '@rewear/contracts';
import type { Api } from '../../api/http.ts';

export function ordersApi(http: Api) {
  return {
    /** 404 when the user has no orders yet. */
    userOrders: (uid: string) =>
      http.get<OrderRow[]>(`/api/orders/user/${encodeURIComponent(uid)}`),
    order: (orderId: string) => http.get<OrderRow[]>(`/api/orders/${encodeURIComponent(orderId)}`),
  };
}

export type OrdersApi = ReturnType<typeof ordersApi>;
