/** Test data: one shipment as GET /api/sales or GET /api/orders/{id}/shipments answers it. */
import type { ShipmentView } from '@rewear/contracts';

export const shipmentView = (overrides: Partial<ShipmentView> = {}): ShipmentView => ({
  shipmentId: 'o1.s1',
  orderId: 'o1',
  status: 'awaiting_shipment',
  sellerId: 's1',
  buyerId: 'b1',
  items: [{ productId: 'p1', title: 'Denim jacket', image: '/p1.svg', quantity: 1, unitPrice: 40 }],
  amount: 40,
  shipping: {
    name: 'Ada Buyer',
    address: '12 Market Street',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    email: 'ada@example.com',
  },
  carrier: null,
  trackingNumber: null,
  openedAt: '2025-03-04T10:00:00.000Z',
  shipBy: '2025-03-09T10:00:00.000Z',
  shippedAt: null,
  deliveredAt: null,
  protectionEndsAt: null,
  problem: null,
  completedAt: null,
  refunded: false,
  cancelReason: null,
  actions: ['ship'],
  ...overrides,
});
