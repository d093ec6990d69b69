import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import type { ShipmentView } from '@rewear/contracts';
import shipments, { shipmentActionFailed } from './shipmentsSlice.ts';
import ShipmentCard from './ShipmentCard.tsx';
import { shipmentView } from './fixtures.ts';

afterEach(cleanup);

function renderCard(shipment: ShipmentView, role: 'buyer' | 'seller') {
  const sent: UnknownAction[] = [];
  const store = configureStore({
    reducer: { shipments },
    middleware: (g) =>
      g({ thunk: false }).concat(() => (next) => (action) => {
        sent.push(action as UnknownAction);
        return next(action);
      }),
  });
  render(
    <Provider store={store}>
      <ShipmentCard shipment={shipment} role={role} title="Order #o1" />
    </Provider>,
  );
  const requested = () =>
    sent.filter((a) => a.type === 'shipments/shipmentActionRequested').map((a) => a.payload);
  return { store, requested, card: screen.getByRole('article', { name: 'Order #o1' }) };
}

describe('ShipmentCard', () => {
  it('offers exactly the actions the server listed', () => {
    const { card } = renderCard(
      shipmentView({ status: 'delivered', actions: ['confirmOk', 'reportProblem'] }),
      'buyer',
    );
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Everything is OK', 'Report a problem']);
    expect(within(card).queryByRole('form', { name: 'Ship this order' })).toBeNull();
  });

  it("checks the ship form with the route's own rules before sending it", () => {
    const { card, requested } = renderCard(shipmentView(), 'seller');
    const form = within(card).getByRole('form', { name: 'Ship this order' });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(form).getByText('Please name the carrier')).toBeTruthy();
    expect(within(form).getByText('Please give the tracking number')).toBeTruthy();
    expect(requested()).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Carrier'), { target: { value: ' UPS ' } });
    fireEvent.change(within(form).getByLabelText('Tracking number'), {
      target: { value: '1Z999' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Mark as shipped' }));
    expect(requested()).toEqual([
      {
        action: 'ship',
        body: { carrier: 'UPS', trackingNumber: '1Z999' },
        shipmentId: 'o1.s1',
        orderId: 'o1',
        role: 'seller',
      },
    ]);
  });

  it('reports a problem with a reason and at most 1000 characters', () => {
    const { card, requested } = renderCard(
      shipmentView({ status: 'delivered', actions: ['confirmOk', 'reportProblem'] }),
      'buyer',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Report a problem' }));
    const form = within(card).getByRole('form', { name: 'Report a problem' });
    const text = within(form).getByLabelText('Describe the problem') as HTMLTextAreaElement;
    expect(text.maxLength).toBe(1000);
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please choose what is wrong');
    expect(requested()).toEqual([]);

    fireEvent.change(within(form).getByLabelText('What is wrong?'), {
      target: { value: 'damaged' },
    });
    fireEvent.change(text, { target: { value: 'The seam is torn' } });
    expect(within(form).getByText('16/1000 characters')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(requested()).toEqual([
      expect.objectContaining({
        action: 'reportProblem',
        body: { reason: 'damaged', text: 'The seam is torn' },
      }),
    ]);
  });

  it('asks before a cancellation, which refunds the buyer', () => {
    const { card, requested } = renderCard(shipmentView({ actions: ['cancel'] }), 'buyer');
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog.textContent).toContain('$40.00 is refunded to your card');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(requested()).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel and refund' }),
    );
    expect(requested()).toEqual([expect.objectContaining({ action: 'cancel', role: 'buyer' })]);
  });

  it("shows the server's refusal, the tracking, the buyer's address to the seller and a refund", () => {
    const { card, store } = renderCard(
      shipmentView({
        status: 'refunded',
        refunded: true,
        carrier: 'UPS',
        trackingNumber: '1Z999',
        problem: {
          reason: 'not_as_described',
          text: 'Wrong size',
          reportedAt: '2025-03-06T10:00:00Z',
        },
        actions: [],
      }),
      'seller',
    );
    expect(card.textContent).toContain('UPS');
    expect(card.textContent).toContain('1Z999');
    expect(card.textContent).toContain('12 Market Street');
    expect(card.textContent).toContain('Problem reported: Not as described');
    expect(card.textContent).toContain('$40.00 was refunded to the buyer.');
    expect(within(card).getAllByText('Refunded').length).toBeGreaterThan(0);

    act(() => {
      store.dispatch(
        shipmentActionFailed({ shipmentId: 'o1.s1', message: 'This order has already shipped' }),
      );
    });
    expect(within(card).getByRole('alert').textContent).toContain('This order has already shipped');
  });
});
