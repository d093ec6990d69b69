import { describe, expect, it } from 'vitest';
import { orderRow } from './fixtures.ts';
import {
  formatOrderDate,
  groupOrderRows,
  itemCount,
  newestFirst,
  orderStanding,
  orderStatusText,
  refundText,
  statusLabel,
  statusTone,
} from './orderGrouping.ts';

describe('groupOrderRows', () => {
  it('groups one row per item into one order per order_id, in first-seen order', () => {
    const orders = groupOrderRows([
      orderRow('o1', 'Shirt', { quantity: 2 }),
      orderRow('o2', 'Boots', { total_price: 80, unit_price: 80, status: 'pending' }),
      orderRow('o1', 'Scarf', { unit_price: 10 }),
    ]);
    expect(orders.map((o) => o.id)).toEqual(['o1', 'o2']);
    expect(orders[0]!.items).toEqual([
      {
        productId: 'p-Shirt',
        product_title: 'Shirt',
        productImage: '/images/x.jpg',
        quantity: 2,
        unitPrice: 10,
        refunded: false,
      },
      {
        productId: 'p-Scarf',
        product_title: 'Scarf',
        productImage: '/images/x.jpg',
        quantity: 1,
        unitPrice: 10,
        refunded: false,
      },
    ]);
    expect(orders[0]!.totalPrice).toBe(30);
    expect(orders[1]!.status).toBe('pending');
    expect(orders[0]!.shipping.city).toBe('Springfield');
    expect(itemCount(orders[0]!)).toBe(3);
  });

  it('reads prices given as numeric strings', () => {
    const [order] = groupOrderRows([
      orderRow('o1', 'Shirt', {
        total_price: '12.50' as unknown as number,
        unit_price: '12.50' as unknown as number,
      }),
    ]);
    expect(order!.totalPrice).toBe(12.5);
    expect(order!.items[0]!.unitPrice).toBe(12.5);
  });

  it('answers no orders for no rows', () => {
    expect(groupOrderRows([])).toEqual([]);
  });

  it('sorts newest first', () => {
    const orders = groupOrderRows([
      orderRow('old', 'A', { created_at: '2024-01-01T00:00:00Z' }),
      orderRow('new', 'B', { created_at: '2025-01-01T00:00:00Z' }),
    ]);
    expect(newestFirst(orders).map((o) => o.id)).toEqual(['new', 'old']);
  });
});

describe('status badges', () => {
  it('colours delivered green, shipped blue, paid purple and anything else grey', () => {
    expect(statusTone('delivered')).toBe('green');
    expect(statusTone('shipped')).toBe('blue');
    expect(statusTone('paid')).toBe('purple');
    expect(statusTone('pending')).toBe('grey');
    expect(statusTone('expired')).toBe('grey');
  });

  it('capitalises the status as read', () => {
    expect(statusLabel('paid')).toBe('Paid');
    expect(statusLabel('payment_failed')).toBe('Payment failed');
  });

  it('formats dates in en-US', () => {
    expect(formatOrderDate('2025-03-04T12:00:00.000Z')).toBe('March 4, 2025');
    expect(formatOrderDate('not a date')).toBe('');
  });
});

describe('where an order stands (docs/product.md §2.18)', () => {
  const now = Date.parse('2025-03-04T10:05:00.000Z');
  const within = '2025-03-04T10:15:00.000Z';
  const past = '2025-03-04T10:00:00.000Z';

  it('keeps an unpaid order within its hold apart as awaiting payment', () => {
    expect(orderStanding({ status: 'pending', expiresAt: within }, now)).toBe('awaitingPayment');
    expect(orderStatusText({ status: 'pending', expiresAt: within }, now)).toBe('Awaiting payment');
  });

  it('counts an unpaid order past its hold as expired before the server marks it', () => {
    expect(orderStanding({ status: 'pending', expiresAt: past }, now)).toBe('notCompleted');
    expect(orderStatusText({ status: 'pending', expiresAt: past }, now)).toBe('Expired');
  });

  it('sets expired and failed orders apart from placed ones', () => {
    expect(orderStanding({ status: 'expired', expiresAt: within }, now)).toBe('notCompleted');
    expect(orderStanding({ status: 'payment_failed', expiresAt: within }, now)).toBe(
      'notCompleted',
    );
    expect(orderStatusText({ status: 'payment_failed', expiresAt: within }, now)).toBe(
      'Payment failed',
    );
    expect(orderStanding({ status: 'paid', expiresAt: past }, now)).toBe('placed');
    expect(orderStanding({ status: 'shipped', expiresAt: past }, now)).toBe('placed');
  });

  it('keeps the hold end with the order', () => {
    const [order] = groupOrderRows([orderRow('o1', 'Shirt', { expires_at: within })]);
    expect(order!.expiresAt).toBe(within);
  });
});

describe('refundText', () => {
  const refund = {
    amount: 25,
    reason: 'order_expired' as const,
    productIds: ['p1'],
    refundedAt: '2025-03-04T10:20:00.000Z',
    issued: true,
  };

  it('says nothing of an order without a refund', () => {
    expect(refundText({ refund: null })).toBeNull();
  });

  it('says a whole payment came back, or is on its way until the processor took it', () => {
    expect(refundText({ refund })).toBe('Refunded $25.00');
    expect(refundText({ refund: { ...refund, reason: 'payment_failed' } })).toBe('Refunded $25.00');
    expect(refundText({ refund: { ...refund, issued: false } })).toBe(
      'Refund of $25.00 on its way',
    );
  });

  it('says a part refund was for items no longer available', () => {
    const part = { ...refund, amount: 9.5, reason: 'items_unavailable' as const };
    expect(refundText({ refund: part })).toBe(
      'Partly refunded: $9.50 for items no longer available',
    );
    expect(refundText({ refund: { ...part, issued: false } })).toBe(
      'Partly refunded: $9.50 for items no longer available (on its way)',
    );
  });

  it('carries the refund and the refunded items from the rows', () => {
    const [order] = groupOrderRows([
      orderRow('o1', 'Shirt', { refund: { ...refund, reason: 'items_unavailable' } }),
      orderRow('o1', 'Scarf', {
        refund: { ...refund, reason: 'items_unavailable' },
        itemRefunded: true,
      }),
    ]);
    expect(order!.refund?.reason).toBe('items_unavailable');
    expect(order!.items.map((item) => item.refunded)).toEqual([false, true]);
  });
});
