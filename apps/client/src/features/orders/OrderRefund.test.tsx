/** My Orders and the order page say what came back of a payment an order could not use. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { OrderRefundView } from '@rewear/contracts';
import auth from '../auth/authSlice.ts';
import shipments from '../shipments/shipmentsSlice.ts';
import orders, { orderLoaded, ordersLoaded } from './ordersSlice.ts';
import { groupOrderRows, type OrderSummary } from './orderGrouping.ts';
import { orderRow } from './fixtures.ts';
import OrdersPage from './OrdersPage.tsx';
import OrderConfirmationPage from './OrderConfirmationPage.tsx';

afterEach(cleanup);

const partRefund: OrderRefundView = {
  amount: 9,
  reason: 'items_unavailable',
  productIds: ['p-Scarf'],
  refundedAt: '2025-03-04T10:20:00.000Z',
  issued: true,
};

/** A paid order of a shirt and a scarf, the scarf sold to someone else meanwhile. */
const partlyRefunded = (): OrderSummary =>
  groupOrderRows([
    orderRow('o1', 'Shirt', { total_price: 21, unit_price: 12, refund: partRefund }),
    orderRow('o1', 'Scarf', {
      total_price: 21,
      unit_price: 9,
      refund: partRefund,
      itemRefunded: true,
    }),
  ])[0]!;

/** An order that expired before its payment arrived: the payment came back whole. */
const expiredRefunded = (issued: boolean): OrderSummary =>
  groupOrderRows([
    orderRow('o2', 'Boots', {
      status: 'expired',
      total_price: 80,
      unit_price: 80,
      itemRefunded: true,
      refund: {
        ...partRefund,
        amount: 80,
        reason: 'order_expired',
        productIds: ['p-Boots'],
        issued,
      },
    }),
  ])[0]!;

function renderAt(path: string) {
  const store = configureStore({
    reducer: { auth, orders, shipments },
    preloadedState: {
      auth: {
        status: 'signedIn' as const,
        user: { uid: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null },
        pending: false,
        error: null,
        passwordReset: { request: 'idle' as const, confirm: 'idle' as const, error: null },
      },
    },
    middleware: (g) => g({ thunk: false }),
  });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/order-confirmation/:orderId" element={<OrderConfirmationPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('refunds on My Orders and the order page', () => {
  it('My Orders says how much came back and which items are no longer available', () => {
    const store = renderAt('/orders');
    act(() => {
      store.dispatch(ordersLoaded([partlyRefunded(), expiredRefunded(true)]));
    });
    const placed = screen.getByRole('region', { name: /Placed orders/ });
    expect(
      within(placed).getByText('Partly refunded: $9.00 for items no longer available'),
    ).toBeTruthy();
    const items = within(placed)
      .getAllByRole('listitem')
      .filter((li) => li.closest('.rw-order__items'));
    expect(items.map((li) => li.textContent?.includes('Refunded, no longer available'))).toEqual([
      false,
      true,
    ]);
    const notCompleted = screen.getByRole('region', { name: /Not completed/ });
    expect(within(notCompleted).getByText('Refunded $80.00')).toBeTruthy();
  });

  it('the order page shows the refund beside the total, and one still on its way', () => {
    const store = renderAt('/order-confirmation/o2');
    act(() => {
      store.dispatch(orderLoaded(expiredRefunded(false)));
    });
    expect(screen.getByRole('heading', { name: 'Order expired' })).toBeTruthy();
    const refund = screen.getByText('Refund').closest('div')!;
    expect(refund.textContent).toBe('RefundRefund of $80.00 on its way');
  });

  it('an order without a refund says nothing of one', () => {
    const store = renderAt('/order-confirmation/o3');
    act(() => {
      store.dispatch(orderLoaded(groupOrderRows([orderRow('o3', 'Shirt')])[0]!));
    });
    expect(screen.getByRole('heading', { name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.queryByText('Refund')).toBeNull();
    expect(screen.queryByText(/refunded/i)).toBeNull();
  });
});
