import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runSaga, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { IDEMPOTENCY_HEADER } from '@rewear/contracts';
import { ApiError, type Api } from '../../api/http.ts';
import { cartEmptiedAfterOrder } from '../cart/cartSlice.ts';
import { CardPaymentError, registerCardConfirmer } from './cardPayment.ts';
import checkoutReducer, {
  continueToPayment,
  initialCheckoutState,
  orderCreated,
  paymentDeclined,
  payResumedOrder,
  placeOrder,
  resumeOpened,
  shippingChanged,
  type CheckoutState,
  type PendingOrder,
} from './checkoutSlice.ts';
import {
  payResumedOrderSaga,
  placeOrderSaga,
  resumeOpenedSaga,
  reusableOrder,
} from './checkoutSaga.ts';
import type { ShippingInfo } from './shipping.ts';
import { fakeApi } from '../../api/fakeApi.ts';

const shipping: ShippingInfo = {
  name: 'Ada Lovelace',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'ada@example.com',
};
const items = [{ productId: 'p1', quantity: 2, unitPrice: 12.5 }];
/** What every command passes: its action's Idempotency-Key. */
const withKey = { headers: { [IDEMPOTENCY_HEADER]: expect.any(String) } };
const created = {
  order: {
    id: 'o1',
    status: 'pending',
    total_price: 25,
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
  },
  clientSecret: 'pi_1_secret_x',
  paymentIntentId: 'pi_1',
  position: 7,
};

function stateWithShipping(): CheckoutState {
  let state = initialCheckoutState;
  for (const [field, value] of Object.entries(shipping)) {
    state = checkoutReducer(state, shippingChanged({ field: field as keyof ShippingInfo, value }));
  }
  return checkoutReducer(state, continueToPayment());
}

async function run(api: Api, start: CheckoutState, action = placeOrder({ userId: 'u1', items })) {
  let state = checkoutReducer(start, action);
  const dispatched: UnknownAction[] = [];
  const task = runSaga(
    {
      context: { api },
      getState: () => ({ checkout: state }),
      dispatch: (dispatchedAction: UnknownAction) => {
        dispatched.push(dispatchedAction);
        state = checkoutReducer(state, dispatchedAction);
      },
    },
    placeOrderSaga as Saga,
    action,
  );
  await vi.runAllTimersAsync();
  await task.toPromise();
  return { dispatched, state: () => state };
}

let unregister = () => {};
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  unregister();
  vi.useRealTimers();
});

describe('placeOrderSaga', () => {
  it('creates the order, confirms the card, records the payment, empties the cart and redirects after 1.5 s', async () => {
    const confirm = vi.fn(async () => ({ paymentIntentId: 'pi_1' }));
    unregister = registerCardConfirmer(confirm);
    const api = fakeApi({
      'POST /api/orders': () => created,
      'PUT /api/orders/o1/update-payment': () => ({
        order: { id: 'o1', status: 'paid' },
        position: 9,
      }),
    });

    const { dispatched, state } = await run(api, stateWithShipping());

    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/api/orders',
      body: { userId: 'u1', orderItems: items, shippingInfo: shipping },
      options: withKey,
    });
    expect(confirm).toHaveBeenCalledWith('pi_1_secret_x');
    expect(api.calls[1]).toEqual({
      method: 'PUT',
      path: '/api/orders/o1/update-payment',
      body: { stripePaymentId: 'pi_1' },
      options: withKey,
    });
    expect(dispatched.map((a) => a.type)).toContain(cartEmptiedAfterOrder.type);
    expect(state()).toMatchObject({
      status: 'succeeded',
      step: 'complete',
      placedOrderId: 'o1',
      pendingOrder: null,
      redirectTo: '/order-confirmation/o1',
    });
  });

  it("shows the processor's message on a declined card, and the retry pays a fresh order with one charge", async () => {
    // A decline fails the order on the server (its items are released): it cannot take a payment.
    const declines = vi.fn(async () => {
      throw new CardPaymentError('Your card was declined.', { declined: true });
    });
    unregister = registerCardConfirmer(declines);
    const fresh = {
      ...created,
      order: { ...created.order, id: 'o2' },
      clientSecret: 'pi_2_secret_y',
      paymentIntentId: 'pi_2',
    };
    let placed = 0;
    const api = fakeApi({
      'POST /api/orders': () => (placed++ === 0 ? created : fresh),
      'PUT /api/orders/o1/update-payment': () => {
        throw new ApiError(409, 'The payment for this order failed. Please place it again.');
      },
      'PUT /api/orders/o2/update-payment': () => ({
        order: { id: 'o2', status: 'paid' },
        position: 9,
      }),
    });

    const first = await run(api, stateWithShipping());
    expect(first.state()).toMatchObject({
      status: 'failed',
      error: 'Your card was declined.',
      placedOrderId: null,
    });
    expect(api.calls.filter((c) => c.path.includes('update-payment'))).toHaveLength(0);

    unregister();
    const charges = vi.fn(async (_clientSecret: string) => ({ paymentIntentId: 'pi_2' }));
    unregister = registerCardConfirmer(charges);
    const second = await run(api, first.state());
    expect(api.calls.filter((c) => c.path === '/api/orders')).toHaveLength(2);
    expect(charges).toHaveBeenCalledTimes(1);
    expect(charges).toHaveBeenCalledWith('pi_2_secret_y');
    expect(api.calls.filter((c) => c.path.includes('update-payment')).map((c) => c.path)).toEqual([
      '/api/orders/o2/update-payment',
    ]);
    expect(second.state()).toMatchObject({
      status: 'succeeded',
      error: null,
      placedOrderId: 'o2',
      redirectTo: '/order-confirmation/o2',
    });
  });

  it('pays the same order again after card details the processor never saw', async () => {
    // An incomplete card is refused on the form: the order is untouched and still holds its items.
    unregister = registerCardConfirmer(async () => {
      throw new CardPaymentError('Your card number is incomplete.');
    });
    const api = fakeApi({
      'POST /api/orders': () => created,
      'PUT /api/orders/o1/update-payment': () => ({
        order: { id: 'o1', status: 'paid' },
        position: 9,
      }),
    });

    const first = await run(api, stateWithShipping());
    expect(first.state()).toMatchObject({
      status: 'failed',
      error: 'Your card number is incomplete.',
    });
    expect(first.state().pendingOrder?.id).toBe('o1');

    unregister();
    unregister = registerCardConfirmer(async () => ({ paymentIntentId: 'pi_1' }));
    const second = await run(api, first.state());
    expect(api.calls.filter((c) => c.path === '/api/orders')).toHaveLength(1);
    expect(second.state()).toMatchObject({ status: 'succeeded', placedOrderId: 'o1' });
  });

  it('keeps the card confirmation when recording the payment fails, and does not charge again on retry', async () => {
    const confirm = vi.fn(async () => ({ paymentIntentId: 'pi_1' }));
    unregister = registerCardConfirmer(confirm);
    let updateFails = true;
    const api = fakeApi({
      'POST /api/orders': () => created,
      'PUT /api/orders/o1/update-payment': () => {
        if (updateFails) throw new ApiError(409, 'Payment not settled');
        return { order: { id: 'o1', status: 'paid' }, position: 9 };
      },
    });

    const first = await run(api, stateWithShipping());
    expect(first.state()).toMatchObject({
      status: 'failed',
      error: 'Payment confirmed but failed to update order',
      confirmedPaymentId: 'pi_1',
    });
    expect(first.dispatched.map((a) => a.type)).not.toContain(cartEmptiedAfterOrder.type);

    updateFails = false;
    const second = await run(api, first.state());
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(second.state()).toMatchObject({ status: 'succeeded', placedOrderId: 'o1' });
  });

  it('retries a lost answer with the same Idempotency-Key, and a new Place order has new keys', async () => {
    unregister = registerCardConfirmer(async () => ({ paymentIntentId: 'pi_1' }));
    let lost = { order: 1, payment: 2 };
    const api = fakeApi({
      'POST /api/orders': () => {
        if (lost.order-- > 0) throw new TypeError('Failed to fetch');
        return created;
      },
      'PUT /api/orders/o1/update-payment': () => {
        if (lost.payment-- > 0) throw new ApiError(502, 'HTTP error: 502');
        return { order: { id: 'o1', status: 'paid' }, position: 9 };
      },
    });
    const keys = (path: string) =>
      api.calls.filter((c) => c.path === path).map((c) => c.options?.headers?.[IDEMPOTENCY_HEADER]);

    const { state } = await run(api, stateWithShipping());
    expect(state()).toMatchObject({ status: 'succeeded', placedOrderId: 'o1' });
    const [order, ...orderRetries] = keys('/api/orders');
    expect(order).toEqual(expect.any(String));
    expect(orderRetries).toEqual([order]);
    const [payment, ...paymentRetries] = keys('/api/orders/o1/update-payment');
    expect(paymentRetries).toEqual([payment, payment]);
    expect(payment).not.toBe(order);

    lost = { order: 0, payment: 0 };
    await run(api, stateWithShipping());
    const again = keys('/api/orders');
    expect(again).toHaveLength(3);
    expect(again[2]).not.toBe(order);
    expect(keys('/api/orders/o1/update-payment')[3]).not.toBe(payment);
  });

  it("shows the server's message when the order cannot be created, else 'Failed to create order'", async () => {
    unregister = registerCardConfirmer(async () => ({ paymentIntentId: 'pi_1' }));
    const priceChanged = fakeApi({
      'POST /api/orders': () => {
        throw new ApiError(409, 'Price changed');
      },
    });
    expect((await run(priceChanged, stateWithShipping())).state().error).toBe('Price changed');

    const offline = fakeApi({
      'POST /api/orders': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect((await run(offline, stateWithShipping())).state().error).toBe('Failed to create order');
  });

  it('asks for a missing shipping field and sends nothing', async () => {
    const api = fakeApi({});
    let state = stateWithShipping();
    state = checkoutReducer(state, shippingChanged({ field: 'zip', value: ' ' }));
    const { state: after } = await run(api, state);
    expect(after().error).toBe('Please fill in your zip');
    expect(api.calls).toHaveLength(0);
  });

  it("refuses an empty order with 'Invalid order data'", async () => {
    const api = fakeApi({});
    const { state } = await run(api, stateWithShipping(), placeOrder({ userId: 'u1', items: [] }));
    expect(state().error).toBe('Invalid order data');
    expect(api.calls).toHaveLength(0);
  });

  it("falls back to 'Payment processing error' when no card form is ready", async () => {
    const api = fakeApi({ 'POST /api/orders': () => created });
    const { state } = await run(api, stateWithShipping());
    expect(state().error).toBe('Payment processing error');
  });
});

describe('reusableOrder: which pending order a Place order pays', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  const pending = (over: Partial<PendingOrder> = {}): PendingOrder => ({
    id: 'o1',
    clientSecret: 'pi_1_secret_x',
    totalPrice: 25,
    expiresAt: new Date(now + 10 * 60_000).toISOString(),
    fingerprint: 'f',
    ...over,
  });

  it('reuses an unpaid order placed from the same cart and shipping while it holds its items', () => {
    expect(reusableOrder(pending(), 'f', now)).toBe(true);
  });

  it('places a new order when there is none, the cart or shipping changed, or the hold is ending', () => {
    expect(reusableOrder(null, 'f', now)).toBe(false);
    expect(reusableOrder(pending(), 'other', now)).toBe(false);
    expect(
      reusableOrder(pending({ expiresAt: new Date(now + 30_000).toISOString() }), 'f', now),
    ).toBe(false);
  });

  it('places a new order after a declined card: the failed order cannot take a payment', () => {
    expect(reusableOrder(pending({ paymentFailed: true }), 'f', now)).toBe(false);
  });
});

describe('a declined card', () => {
  it('marks the pending order failed, and only that order', () => {
    let state = checkoutReducer(
      stateWithShipping(),
      orderCreated({
        id: 'o1',
        clientSecret: 's',
        totalPrice: 25,
        expiresAt: created.order.expires_at,
        fingerprint: 'f',
      }),
    );
    state = checkoutReducer(state, paymentDeclined({ orderId: 'other', message: 'Declined' }));
    expect(state.pendingOrder?.paymentFailed).toBeFalsy();
    state = checkoutReducer(state, paymentDeclined({ orderId: 'o1', message: 'Declined' }));
    expect(state).toMatchObject({
      status: 'failed',
      error: 'Declined',
      pendingOrder: { id: 'o1', paymentFailed: true },
      confirmedPaymentId: null,
    });
  });
});

describe('checkout reducer', () => {
  it('moves to Payment only when every shipping field is filled', () => {
    const blank = checkoutReducer(initialCheckoutState, continueToPayment());
    expect(blank).toMatchObject({ step: 'shipping', error: 'Please fill in your name' });
    expect(stateWithShipping()).toMatchObject({ step: 'payment', error: null });
  });
});

describe('paying an unpaid order from My Orders', () => {
  const resumed = {
    ...created,
    order: { ...created.order, id: 'o9' },
    clientSecret: 'pi_9_secret_y',
    paymentIntentId: 'pi_9',
  };

  async function runResume(api: Api, start: CheckoutState = initialCheckoutState) {
    let state = checkoutReducer(start, resumeOpened({ orderId: 'o9' }));
    const dispatched: UnknownAction[] = [];
    const options = {
      context: { api },
      getState: () => ({ checkout: state }),
      dispatch: (action: UnknownAction) => {
        dispatched.push(action);
        state = checkoutReducer(state, action);
      },
    };
    await runSaga(options, resumeOpenedSaga as Saga, resumeOpened({ orderId: 'o9' })).toPromise();
    state = checkoutReducer(state, payResumedOrder());
    const paying = runSaga(options, payResumedOrderSaga as Saga);
    await vi.runAllTimersAsync();
    await paying.toPromise();
    return { dispatched, state: () => state };
  }

  it("confirms the card against the order's own PaymentIntent and records it, whatever the cart holds", async () => {
    const confirm = vi.fn(async () => ({ paymentIntentId: 'pi_9' }));
    unregister = registerCardConfirmer(confirm);
    const api = fakeApi({
      'POST /api/orders/o9/resume-payment': () => resumed,
      'PUT /api/orders/o9/update-payment': () => ({
        order: { id: 'o9', status: 'paid' },
        position: 3,
      }),
    });

    const { state } = await runResume(api);

    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/orders/o9/resume-payment',
      options: withKey,
    });
    expect(confirm).toHaveBeenCalledWith('pi_9_secret_y');
    expect(api.calls[1]).toEqual({
      method: 'PUT',
      path: '/api/orders/o9/update-payment',
      body: { stripePaymentId: 'pi_9' },
      options: withKey,
    });
    // No new order was placed.
    expect(api.calls.some((c) => c.path === '/api/orders')).toBe(false);
    expect(state()).toMatchObject({
      status: 'succeeded',
      placedOrderId: 'o9',
      redirectTo: '/order-confirmation/o9',
    });
  });

  it("shows the server's reason when the order can no longer be paid, and charges nothing", async () => {
    const confirm = vi.fn(async () => ({ paymentIntentId: 'pi_9' }));
    unregister = registerCardConfirmer(confirm);
    const api = fakeApi({
      'POST /api/orders/o9/resume-payment': () => {
        throw new ApiError(409, 'This order has expired. Please place it again.');
      },
    });

    const { state } = await runResume(api);

    expect(state().resume).toEqual({
      orderId: 'o9',
      status: 'failed',
      error: 'This order has expired. Please place it again.',
    });
    expect(confirm).not.toHaveBeenCalled();
    expect(state().status).toBe('failed');
  });
  it('after a declined card, a second Pay charges nothing and says the order must be placed again', async () => {
    unregister = registerCardConfirmer(async () => {
      throw new CardPaymentError('Your card was declined.', { declined: true });
    });
    const api = fakeApi({
      'POST /api/orders/o9/resume-payment': () => resumed,
      'PUT /api/orders/o9/update-payment': () => {
        throw new ApiError(409, 'The payment for this order failed. Please place it again.');
      },
    });
    const first = await runResume(api);
    expect(first.state()).toMatchObject({ status: 'failed', error: 'Your card was declined.' });

    unregister();
    const charges = vi.fn(async () => ({ paymentIntentId: 'pi_9' }));
    unregister = registerCardConfirmer(charges);
    let state = checkoutReducer(first.state(), payResumedOrder());
    await runSaga(
      {
        context: { api },
        getState: () => ({ checkout: state }),
        dispatch: (action: UnknownAction) => {
          state = checkoutReducer(state, action);
        },
      },
      payResumedOrderSaga as Saga,
    ).toPromise();

    expect(charges).not.toHaveBeenCalled();
    expect(api.calls.some((c) => c.path.includes('update-payment'))).toBe(false);
    expect(state).toMatchObject({
      status: 'failed',
      error: 'The payment for this order failed. Please place it again.',
    });
  });
});
