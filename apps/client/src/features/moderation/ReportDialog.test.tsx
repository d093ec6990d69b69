/** The report dialog: a labelled modal that asks a visitor for an email and says the answer. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import auth, { authStateChanged } from '../auth/authSlice.ts';
import moderation, { reportSent } from './moderationSlice.ts';
import ReportDialog from './ReportDialog.tsx';

afterEach(cleanup);

function renderDialog(signedIn: boolean) {
  const sent: UnknownAction[] = [];
  const store = configureStore({
    reducer: { auth, moderation },
    middleware: (g) =>
      g({ thunk: false }).concat(() => (next) => (action) => {
        sent.push(action as UnknownAction);
        return next(action);
      }),
  });
  if (signedIn)
    store.dispatch(
      authStateChanged({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada', photoURL: null }),
    );
  let closed = 0;
  render(
    <Provider store={store}>
      <ReportDialog
        target={{ kind: 'listing', id: 'l1' }}
        subject="this listing"
        onClose={() => void (closed += 1)}
      />
    </Provider>,
  );
  const reports = () =>
    sent.filter((a) => a.type === 'moderation/reportSubmitted').map((a) => a.payload);
  return { store, reports, closed: () => closed };
}

describe('the report dialog', () => {
  it('opens on the first reason, and Escape closes it', () => {
    const { closed } = renderDialog(false);
    const dialog = screen.getByRole('dialog', { name: 'Report this listing' });
    expect(document.activeElement).toBe(within(dialog).getByRole('radio', { name: 'Counterfeit' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(closed()).toBe(1);
  });

  it('asks a visitor for a reason and an email before sending, then sends them', () => {
    const { reports } = renderDialog(false);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose why you are reporting this')).toBeTruthy();
    expect(
      within(dialog).getByText('Enter your email address, so we can tell you what we decide'),
    ).toBeTruthy();
    expect(reports()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Counterfeit' }));
    fireEvent.change(within(dialog).getByLabelText('Anything else we should know? (optional)'), {
      target: { value: ' Fake logo ' },
    });
    expect(within(dialog).getByText('11 / 1,000 characters')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Your email'), {
      target: { value: 'v@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(reports()).toEqual([
      {
        target: { kind: 'listing', id: 'l1' },
        reason: 'counterfeit',
        text: 'Fake logo',
        email: 'v@example.com',
      },
    ]);
  });

  it("asks a member for no email, and shows the server's answer", async () => {
    const { store, reports } = renderDialog(true);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Your email')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(reports()).toEqual([
      { target: { kind: 'listing', id: 'l1' }, reason: 'harassment', text: '' },
    ]);
    store.dispatch(reportSent('Thanks, we received your report. We will tell you what we decide.'));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Thanks, we received your report. We will tell you what we decide.',
    );
  });
});
