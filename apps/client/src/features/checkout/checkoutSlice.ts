/**
 * The checkout (docs/product.md §4 Checkout): Shipping → Payment → Complete. The saga creates the order,
 * confirms the card and records the payment; this slice only keeps where the shopper is.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { emptyShipping, validateShipping, type ShippingInfo } from './shipping.ts';

export type CheckoutStep = 'shipping' | 'payment' | 'complete';
export type CheckoutStatus = 'idle' | 'processing' | 'succeeded' | 'failed';
/** Stripe Elements when a publishable key is configured, else the simulated processor's form. */
export type PaymentMode = 'loading' | 'stripe' | 'simulated';

/**
 * An order created and not yet paid: a retry after card details the processor never saw pays
 * this one again; a retry after a declined card places a new one (`paymentFailed`).
 */
export interface PendingOrder {
  id: string;
  clientSecret: string;
  totalPrice: number;
  expiresAt: string;
  /** What the order was created from (buyer, lines, shipping): a change means a new order. */
  fingerprint: string;
  /**
   * The processor declined a card for it: the server marked its payment failed and released its
   * items, so it can take no payment (one would be refunded).
   */
  paymentFailed?: boolean;
}

export interface CheckoutState {
  step: CheckoutStep;
  shipping: ShippingInfo;
  status: CheckoutStatus;
  error: string | null;
  paymentMode: PaymentMode;
  stripePublishableKey: string | null;
  pendingOrder: PendingOrder | null;
  /** The card was confirmed for the pending order but recording the payment failed. */
  confirmedPaymentId: string | null;
  /** Set once an order is paid: an empty cart no longer sends the shopper back to /cart. */
  placedOrderId: string | null;
  /** Where to go next; the page navigates and acknowledges. */
  redirectTo: string | null;
  /** Paying an order placed earlier (from My Orders): its PaymentIntent, fetched again. */
  resume: {
    orderId: string | null;
    status: 'idle' | 'loading' | 'ready' | 'failed';
    error: string | null;
  };
}

export const initialCheckoutState: CheckoutState = {
  step: 'shipping',
  shipping: emptyShipping(),
  status: 'idle',
  error: null,
  paymentMode: 'loading',
  stripePublishableKey: null,
  pendingOrder: null,
  confirmedPaymentId: null,
  placedOrderId: null,
  redirectTo: null,
  resume: { orderId: null, status: 'idle', error: null },
};

export interface OrderLineInput {
  productId: string;
  quantity: number;
  unitPrice: number;
}

export interface PlaceOrderPayload {
  userId: string | null;
  items: OrderLineInput[];
}

const checkoutSlice = createSlice({
  name: 'checkout',
  initialState: initialCheckoutState,
  reducers: {
    /** The checkout page opened: a fresh start, keeping an unpaid order and the shipping typed so far. */
    checkoutOpened(state, action: PayloadAction<{ email: string | null }>) {
      if (state.status === 'processing') return;
      state.step = 'shipping';
      state.status = 'idle';
      state.error = null;
      state.placedOrderId = null;
      state.redirectTo = null;
      if (!state.shipping.email && action.payload.email)
        state.shipping.email = action.payload.email;
    },
    paymentModeResolved(state, action: PayloadAction<{ stripePublishableKey: string | null }>) {
      state.stripePublishableKey = action.payload.stripePublishableKey;
      state.paymentMode = action.payload.stripePublishableKey ? 'stripe' : 'simulated';
    },
    shippingChanged(state, action: PayloadAction<{ field: keyof ShippingInfo; value: string }>) {
      state.shipping[action.payload.field] = action.payload.value;
      if (state.status === 'failed') {
        state.status = 'idle';
        state.error = null;
      }
    },
    continueToPayment(state) {
      const problem = validateShipping(state.shipping);
      if (problem) {
        state.status = 'failed';
        state.error = problem;
        return;
      }
      state.step = 'payment';
      state.status = 'idle';
      state.error = null;
    },
    backToShipping(state) {
      if (state.status === 'processing') return;
      state.step = 'shipping';
      state.status = 'idle';
      state.error = null;
    },
    placeOrder(state, _action: PayloadAction<PlaceOrderPayload>) {
      state.status = 'processing';
      state.error = null;
    },
    orderCreated(state, action: PayloadAction<PendingOrder>) {
      state.pendingOrder = action.payload;
      state.confirmedPaymentId = null;
    },
    /** The processor declined the card: the order it was for has failed and is not paid again. */
    paymentDeclined(state, action: PayloadAction<{ orderId: string; message: string }>) {
      state.status = 'failed';
      state.error = action.payload.message;
      if (state.pendingOrder?.id !== action.payload.orderId) return;
      state.pendingOrder.paymentFailed = true;
      state.confirmedPaymentId = null;
    },
    cardConfirmed(state, action: PayloadAction<{ paymentIntentId: string }>) {
      state.confirmedPaymentId = action.payload.paymentIntentId;
    },
    checkoutFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    orderConfirmed(state, action: PayloadAction<{ orderId: string }>) {
      state.status = 'succeeded';
      state.step = 'complete';
      state.error = null;
      state.placedOrderId = action.payload.orderId;
      state.pendingOrder = null;
      state.confirmedPaymentId = null;
      state.shipping = emptyShipping();
    },
    redirectRequested(state, action: PayloadAction<string>) {
      state.redirectTo = action.payload;
    },
    redirectHandled(state) {
      state.redirectTo = null;
    },
    /** The pay page of an unpaid order opened: its payment is looked up again. */
    resumeOpened(state, action: PayloadAction<{ orderId: string }>) {
      if (state.status === 'processing') return;
      state.resume = { orderId: action.payload.orderId, status: 'loading', error: null };
      state.status = 'idle';
      state.error = null;
      state.placedOrderId = null;
      state.redirectTo = null;
    },
    resumeReady(state, action: PayloadAction<PendingOrder>) {
      if (state.resume.orderId !== action.payload.id) return;
      // A card confirmed earlier for this very order is kept, so it is not charged twice.
      if (state.pendingOrder?.id !== action.payload.id) state.confirmedPaymentId = null;
      state.pendingOrder = action.payload;
      state.resume.status = 'ready';
    },
    resumeFailed(state, action: PayloadAction<string>) {
      state.resume.status = 'failed';
      state.resume.error = action.payload;
    },
    payResumedOrder(state) {
      state.status = 'processing';
      state.error = null;
    },
    dismissCheckoutError(state) {
      if (state.status === 'failed') state.status = 'idle';
      state.error = null;
    },
  },
});

export const {
  checkoutOpened,
  paymentModeResolved,
  shippingChanged,
  continueToPayment,
  backToShipping,
  placeOrder,
  orderCreated,
  cardConfirmed,
  paymentDeclined,
  checkoutFailed,
  orderConfirmed,
  redirectRequested,
  redirectHandled,
  dismissCheckoutError,
  resumeOpened,
  resumeReady,
  resumeFailed,
  payResumedOrder,
} = checkoutSlice.actions;

export default checkoutSlice.reducer;

interface WithCheckout {
  checkout: CheckoutState;
}
export const selectCheckout = (state: WithCheckout) => state.checkout;
