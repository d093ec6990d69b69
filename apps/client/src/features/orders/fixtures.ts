/** Test data: one order read row (one per item), paid, with a shipping address. */
import type { OrderRow } from '@rewear/contracts';

export const orderRow = (
  orderId: string,
  title: string,
  overrides: Partial<OrderRow> = {},
): OrderRow => ({
  order_id: orderId,
  created_at: '2025-03-04T10:00:00.000Z',
  status: 'paid',
  total_price: 30,
  shipping_name: 'Ada',
  shipping_address: '1 Main St',
  shipping_city: 'Springfield',
  shipping_state: 'IL',
  shipping_zip: '62701',
  shipping_email: 'ada@example.com',
  product_id: `p-${title}`,
  product_title: title,
  product_image: '/images/x.jpg',
  quantity: 1,
  unit_price: 10,
  expires_at: '2025-03-04T10:15:00.000Z',
  refund: null,
  itemRefunded: false,
  ...overrides,
});
