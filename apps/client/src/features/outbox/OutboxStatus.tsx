import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { selectOutbox } from './outboxSlice.ts';

/** Checkout and paying an order: a payment is never kept in the outbox to send later. */
const PAYING = /^\/(checkout|orders\/[^/]+\/pay)\/?$/;

/**
 * While there is no connection: how many of the user's changes wait in the outbox, sent when it
 * comes back (a small fixed badge: nothing on the page moves), and, on the checkout pages, that
 * paying needs a connection.
 */
export default function OutboxStatus() {
  const { waiting, online } = useAppSelector(selectOutbox);
  const { pathname } = useLocation();
  if (online) return null;
  return (
    <div className="outbox-status" role="status">
      <p>
        {waiting > 0
          ? `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting for a connection`
          : 'You are offline'}
      </p>
      {PAYING.test(pathname) && (
        <p>Checkout needs a connection: a payment is never kept to send later.</p>
      )}
    </div>
  );
}
