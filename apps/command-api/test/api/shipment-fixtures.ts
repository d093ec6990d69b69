/** Paid orders and shipments in a given status, for the shipment suites. */
import { expect } from 'vitest';
import type { TestUser } from '@rewear/testing';
import { listingBody, shipping, type Harness } from './harness.ts';

export interface PaidShipment {
  orderId: string;
  shipmentId: string;
  productIds: string[];
  paymentIntentId: string;
}

const card = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };

/** `buyer` buys one new listing of each seller (in one order) and pays; one shipment per seller. */
export async function paidOrder(
  h: Harness,
  buyer: TestUser,
  sellers: TestUser[],
  priceDollars = 25,
): Promise<PaidShipment & { shipmentIds: string[] }> {
  const productIds: string[] = [];
  for (const seller of sellers) {
    const brand = await h.call('POST', '/api/brands/find-or-create', {
      token: seller.idToken,
      body: { name: 'Shipment brand' },
    });
    const listing = await h.call('POST', '/api/products', {
      token: seller.idToken,
      body: listingBody({ brand_id: brand.body.id, price: priceDollars }),
    });
    expect(listing.status).toBe(201);
    productIds.push(listing.body.product_id);
  }
  const placed = await h.call('POST', '/api/orders', {
    token: buyer.idToken,
    body: {
      userId: buyer.uid,
      orderItems: productIds.map((productId) => ({
        productId,
        quantity: 1,
        unitPrice: priceDollars,
      })),
      shippingInfo: shipping,
    },
  });
  expect(placed.status).toBe(201);
  await h.payments.confirm(placed.body.clientSecret, card);
  const paid = await h.call('PUT', `/api/orders/${placed.body.order.id}/update-payment`, {
    token: buyer.idToken,
    body: { stripePaymentId: placed.body.paymentIntentId },
  });
  expect(paid.status).toBe(200);
  const orderId = placed.body.order.id as string;
  const shipmentIds = sellers.map((seller) => `${orderId}.${seller.uid}`);
  return {
    orderId,
    shipmentId: shipmentIds[0]!,
    shipmentIds,
    productIds,
    paymentIntentId: placed.body.paymentIntentId,
  };
}

export type Step = 'ship' | 'delivered' | 'problem' | 'complete' | 'dispute';

/** Moves a shipment along the given steps, each by the party who takes it. */
export async function advanceShipment(
  h: Harness,
  shipmentId: string,
  people: { seller: TestUser; buyer: TestUser },
  steps: Step[],
) {
  for (const step of steps) {
    const res = await h.call('POST', `/api/shipments/${shipmentId}/${step}`, {
      token:
        step === 'problem' || step === 'complete' ? people.buyer.idToken : people.seller.idToken,
      body:
        step === 'ship'
          ? { carrier: 'UPS', trackingNumber: '1Z999' }
          : step === 'problem'
            ? { reason: 'damaged', text: 'The sleeve is torn' }
            : undefined,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}
