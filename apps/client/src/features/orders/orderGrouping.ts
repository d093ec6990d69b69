import {
  formatPrice,
  type OrderRefundView,
  type OrderRow,
  type ShippingInfo,
} from '@rewear/contracts';

export interface OrderItemSummary {
  productId: string;
  product_title: string;
  productImage: string;
  quantity: number;
  unitPrice: number;
  /** Refunded: no longer available (a part refund), or the whole order's payment refunded. */
  refunded: boolean;
}

/** One order as the screens show it: the read rows (one per item) grouped by order_id (docs/product.md §3). */
export interface OrderSummary {
  id: string;
  date: string;
  status: string;
  totalPrice: number;
  /** Bundle discounts taken off the lines (0 when none). */
  bundleDiscount: number;
  /** Until when an unpaid order holds its items (docs/product.md §9.2). */
  expiresAt: string;
  items: OrderItemSummary[];
  shipping: ShippingInfo;
  /** A payment the order could not use, refunded (docs/product.md §11.4), or null. */
  refund: OrderRefundView | null;
}

/** Groups order rows by order_id, keeping the order in which each order first appears. */
export function groupOrderRows(rows: readonly OrderRow[]): OrderSummary[] {
  const byId = new Map<string, OrderSummary>();
  for (const row of rows) {
    let order = byId.get(row.order_id);
    if (!order) {
      order = {
        id: row.order_id,
        date: row.created_at,
        status: row.status,
        totalPrice: Number(row.total_price),
        bundleDiscount: Number(row.bundleDiscount ?? 0),
        expiresAt: row.expires_at,
        items: [],
        shipping: {
          name: row.shipping_name,
          address: row.shipping_address,
          city: row.shipping_city,
          state: row.shipping_state,
          zip: row.shipping_zip,
          email: row.shipping_email,
        },
        refund: row.refund ?? null,
      };
      byId.set(row.order_id, order);
    }
    order.items.push({
      productId: row.product_id,
      product_title: row.product_title,
      productImage: row.product_image,
      quantity: row.quantity,
      unitPrice: Number(row.unit_price),
      refunded: row.itemRefunded ?? false,
    });
  }
  return [...byId.values()];
}

/** Newest order first, whatever order the server answered in. */
export function newestFirst(orders: readonly OrderSummary[]): OrderSummary[] {
  return [...orders].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

export type StatusTone = 'green' | 'blue' | 'purple' | 'grey';

/** Badge colours of docs/product.md §4 "Order status": statuses are shown as read. */
export function statusTone(status: string): StatusTone {
  switch (status.toLowerCase()) {
    case 'delivered':
      return 'green';
    case 'shipped':
      return 'blue';
    case 'paid':
      return 'purple';
    default:
      return 'grey';
  }
}

/** 'payment_failed' → 'Payment failed'; 'paid' → 'Paid'. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  if (!words) return 'Unknown';
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** Dates use the en-US locale (docs/product.md §9): 'January 5, 2025'. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export function itemCount(order: OrderSummary): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * Where an order stands for its buyer: placed (paid, or further along), awaiting payment (unpaid
 * and still holding its items) or not completed (expired, payment failed). An unpaid order past
 * its hold counts as expired even before the server has marked it so.
 */
export type OrderStanding = 'placed' | 'awaitingPayment' | 'notCompleted';

export function orderStanding(
  order: Pick<OrderSummary, 'status' | 'expiresAt'>,
  now: number,
): OrderStanding {
  const status = order.status.toLowerCase();
  if (status === 'pending') {
    const expires = Date.parse(order.expiresAt);
    return Number.isFinite(expires) && expires > now ? 'awaitingPayment' : 'notCompleted';
  }
  if (status === 'expired' || status === 'payment_failed') return 'notCompleted';
  return 'placed';
}

/** The badge's text: 'Awaiting payment' for an unpaid order within its hold, 'Expired' past it. */
export function orderStatusText(
  order: Pick<OrderSummary, 'status' | 'expiresAt'>,
  now: number,
): string {
  if (order.status.toLowerCase() === 'pending')
    return orderStanding(order, now) === 'awaitingPayment' ? 'Awaiting payment' : 'Expired';
  return statusLabel(order.status);
}

/** '3:45 PM': when an unpaid order's hold ends (en-US, the shopper's time zone). */
export function formatHoldTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

/**
 * What the order says of its refunded payment: 'Refunded $25.00' (the whole payment, the order
 * having expired or failed before it arrived) or 'Partly refunded: $9.00 for items no longer
 * available'; while the processor has not yet taken it, that it is on its way. Null without one.
 */
export function refundText(order: Pick<OrderSummary, 'refund'>): string | null {
  const refund = order.refund;
  if (!refund) return null;
  const amount = formatPrice(refund.amount);
  if (refund.reason === 'items_unavailable')
    return `Partly refunded: ${amount} for items no longer available${refund.issued ? '' : ' (on its way)'}`;
  return refund.issued ? `Refunded ${amount}` : `Refund of ${amount} on its way`;
}
