import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectUid } from '../auth/authSlice.ts';
import { fetchOrders, selectOrderList } from './ordersSlice.ts';
import {
  formatHoldTime,
  formatOrderDate,
  itemCount,
  orderStanding,
  orderStatusText,
  refundText,
  type OrderSummary,
} from './orderGrouping.ts';
import StatusBadge from './StatusBadge.tsx';
import OrderShipments from '../shipments/OrderShipments.tsx';
import '../auth/account.css';
import './orders.css';
import './feature.ts';

function OrderSkeleton() {
  return (
    <li className="rw-card rw-order" aria-hidden="true">
      <div className="rw-skeleton" style={{ height: 20, width: '40%' }} />
      <div className="rw-skeleton" style={{ height: 16, width: '70%', marginTop: 12 }} />
      <div className="rw-skeleton" style={{ height: 16, width: '55%', marginTop: 8 }} />
    </li>
  );
}

/** An unpaid order turns "expired" on screen when its hold lapses, without a reload. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function OrderCard({ order, now }: { order: OrderSummary; now: number }) {
  const standing = orderStanding(order, now);
  const count = itemCount(order);
  const refund = refundText(order);
  const partRefund = order.refund?.reason === 'items_unavailable';
  return (
    <li className={`rw-card rw-order rw-order--${standing}`}>
      <div className="rw-order__head">
        <div>
          <h3 className="rw-order__title" title={`Order #${order.id}`}>
            Order #{order.id}
          </h3>
          <p className="rw-muted">Placed on {formatOrderDate(order.date)}</p>
        </div>
        <StatusBadge status={order.status} label={orderStatusText(order, now)} />
      </div>
      <ul className="rw-order__items">
        {order.items.map((item, index) => (
          <li key={`${item.productId}-${index}`}>
            <span className="rw-order__item-title">
              {item.product_title}
              {partRefund && item.refunded && (
                <span className="rw-order__refunded-item"> · Refunded, no longer available</span>
              )}
            </span>
            <span className="rw-muted">
              {item.quantity} × {formatPrice(item.unitPrice)}
            </span>
            <span className="rw-order__line-total">
              {formatPrice(item.unitPrice * item.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <OrderShipments orderId={order.id} orderStatus={order.status} headingLevel={4} />
      {standing === 'awaitingPayment' && (
        <p className="rw-order__note">
          Your items are held until {formatHoldTime(order.expiresAt)}. Pay before then to keep them.
        </p>
      )}
      {standing === 'notCompleted' && (
        <p className="rw-order__note rw-muted">
          {order.status === 'payment_failed'
            ? 'The payment for this order failed, so it was not placed.'
            : 'This order was not paid in time, so it was not placed.'}{' '}
          Its items went back on sale.
        </p>
      )}
      {refund && <p className="rw-order__note rw-order__refund">{refund}</p>}
      <div className="rw-order__foot">
        <span>
          {plural(count, 'item', 'items')} · Total <strong>{formatPrice(order.totalPrice)}</strong>
        </span>
        <span className="rw-order__actions">
          {standing === 'awaitingPayment' && (
            <Link
              to={`/orders/${encodeURIComponent(order.id)}/pay`}
              className="button button--primary button--small"
              aria-label={`Pay now for order #${order.id}`}
            >
              Pay now
            </Link>
          )}
          <Link to={`/order-confirmation/${encodeURIComponent(order.id)}`}>View order details</Link>
        </span>
      </div>
    </li>
  );
}

function OrderSection({
  id,
  title,
  orders,
  now,
}: {
  id: string;
  title: string;
  orders: OrderSummary[];
  now: number;
}) {
  if (orders.length === 0) return null;
  return (
    <section className="rw-orders-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="rw-muted">({orders.length})</span>
      </h2>
      <ul className="rw-orders">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} now={now} />
        ))}
      </ul>
    </section>
  );
}

export default function OrdersPage() {
  const dispatch = useAppDispatch();
  const uid = useAppSelector(selectUid);
  const list = useAppSelector(selectOrderList);
  const now = useNow(30_000);

  useEffect(() => {
    if (uid) dispatch(fetchOrders({ uid }));
  }, [dispatch, uid]);

  if (!uid) {
    return (
      <div className="rw-page container rw-empty">
        <h1>Sign in to view your orders</h1>
        <p className="rw-muted">Track your orders and view your purchase history.</p>
        <Link to="/login" className="button button--primary">
          Sign In
        </Link>
      </div>
    );
  }

  const loading = list.status === 'loading' || list.status === 'idle';
  const awaiting = list.orders.filter((o) => orderStanding(o, now) === 'awaitingPayment');
  const placed = list.orders.filter((o) => orderStanding(o, now) === 'placed');
  const notCompleted = list.orders.filter((o) => orderStanding(o, now) === 'notCompleted');

  return (
    <div className="rw-page container">
      <h1>My Orders</h1>
      <p className="rw-muted">
        Your purchase history
        {list.orders.length > 0 && ` · ${plural(list.orders.length, 'order', 'orders')}`}
      </p>
      {loading && list.orders.length === 0 ? (
        <ul className="rw-orders" aria-busy="true" aria-label="Loading orders">
          <OrderSkeleton />
          <OrderSkeleton />
          <OrderSkeleton />
        </ul>
      ) : list.status === 'failed' ? (
        <div className="rw-empty" role="alert">
          <h2>Something went wrong</h2>
          <p className="rw-muted">{list.error}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => window.location.reload()}
          >
            Try again
          </button>
        </div>
      ) : list.orders.length === 0 ? (
        <div className="rw-empty">
          <h2>No orders yet</h2>
          <p className="rw-muted">When you make a purchase, your orders will appear here.</p>
          <Link to="/products" className="button button--primary">
            Start shopping
          </Link>
        </div>
      ) : (
        <>
          <OrderSection id="orders-awaiting" title="Awaiting payment" orders={awaiting} now={now} />
          <OrderSection id="orders-placed" title="Placed orders" orders={placed} now={now} />
          <OrderSection
            id="orders-not-completed"
            title="Not completed"
            orders={notCompleted}
            now={now}
          />
        </>
      )}
    </div>
  );
}
