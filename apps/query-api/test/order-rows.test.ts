/** An order's read rows carry the refund of a payment it could not use, on each row. */
import { describe, expect, it } from 'vitest';
import type { OrderDoc } from '@rewear/features/order/projection';
import { orderRows } from '@rewear/features/order/queries';

const order: OrderDoc = {
  _id: 'o1',
  user_id: 'u1',
  status: 'paid',
  items: [
    { product_id: 'p1', title: 'Wool coat', image: 'c.jpg', quantity: 1, unit_price_cents: 6000 },
    { product_id: 'p2', title: 'Silk scarf', image: 's.jpg', quantity: 1, unit_price_cents: 1550 },
  ],
  total_cents: 7550,
  shipping: {
    name: 'Ann',
    address: '1 Main St',
    city: 'Town',
    state: 'CA',
    zip: '90000',
    email: 'ann@example.com',
  },
  payment_intent_id: 'pi_1',
  created_at: '2026-03-01T12:00:00.000Z',
  expires_at: '2026-03-01T12:15:00.000Z',
  updated_at: '2026-03-01T12:00:00.000Z',
};

describe('orderRows', () => {
  it('says no refund when there was none', () => {
    expect(orderRows(order).map((row) => [row.refund, row.itemRefunded])).toEqual([
      [null, false],
      [null, false],
    ]);
  });

  it('shows a part refund in dollars, marks the refunded item, and whether it was issued', () => {
    const refund = {
      amount_cents: 1550,
      reason: 'items_unavailable' as const,
      product_ids: ['p2'],
      refunded_at: '2026-03-01T12:20:00.000Z',
      refund_id: null,
    };
    const rows = orderRows({ ...order, refund });
    expect(rows[0]!.refund).toEqual({
      amount: 15.5,
      reason: 'items_unavailable',
      productIds: ['p2'],
      refundedAt: '2026-03-01T12:20:00.000Z',
      issued: false,
    });
    expect(rows[1]!.refund).toEqual(rows[0]!.refund);
    expect(rows.map((row) => row.itemRefunded)).toEqual([false, true]);
    expect(
      orderRows({ ...order, refund: { ...refund, refund_id: 're_1' } })[0]!.refund?.issued,
    ).toBe(true);
  });
});
