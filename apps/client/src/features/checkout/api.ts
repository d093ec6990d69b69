/** Checkout's endpoints (docs/product.md §7 Orders, §8 Payment). Commands take their Idempotency-Key options. */
import type { z } from 'zod';
import type {
  CommandAnswer,
  createOrderBody,
  OrderCreated,
  OrderStatus,
  updatePaymentBody,
} from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';
import { clientConfig } from '../../api/clientConfig.ts';
import type { PendingOrder } from './checkoutSlice.ts';

export type CreateOrderBody = z.input<typeof createOrderBody>;
export type UpdatePaymentBody = z.input<typeof updatePaymentBody>;

export interface PaymentRecorded extends CommandAnswer {
  order: { id: string; status: OrderStatus };
}

/** The simulated processor's card, checked the way Stripe Elements checks it. */
export interface SimulatedCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface SimulatedConfirmation {
  paymentIntent: { id: string; status: string };
}

export function checkoutApi(http: Api) {
  return {
    config: () => clientConfig(http),
    /** Reserves the lines for a while and opens a PaymentIntent. */
    createOrder: (body: CreateOrderBody, options: RequestOptions) =>
      http.post<OrderCreated>('/api/orders', body, options),
    recordPayment: (orderId: string, body: UpdatePaymentBody, options: RequestOptions) =>
      http.put<PaymentRecorded>(
        `/api/orders/${encodeURIComponent(orderId)}/update-payment`,
        body,
        options,
      ),
    /** An unpaid order's own PaymentIntent again (My Orders' Pay now); 409 once paid, failed or expired. */
    resumePayment: (orderId: string, options: RequestOptions) =>
      http.post<OrderCreated>(
        `/api/orders/${encodeURIComponent(orderId)}/resume-payment`,
        undefined,
        options,
      ),
    /** The simulated processor (no publishable key) stands in for Stripe.js. */
    confirmSimulatedCard: (clientSecret: string, card: SimulatedCard) =>
      http.post<SimulatedConfirmation>('/api/payments/simulated/confirm', { clientSecret, card }),
  };
}

export type CheckoutApi = ReturnType<typeof checkoutApi>;

/** What a resumed order is keyed by: it is paid as it was placed, whatever the cart holds now. */
export const resumedFingerprint = (orderId: string) => `resumed:${orderId}`;

/** The created order as the slice keeps it until it is paid. */
export function pendingOrderFrom(created: OrderCreated, fingerprint: string): PendingOrder {
  return {
    id: created.order.id,
    clientSecret: created.clientSecret,
    totalPrice: created.order.total_price,
    expiresAt: created.order.expires_at,
    fingerprint,
  };
}
