import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectUid } from '../auth/authSlice.ts';
import { fetchOrders, selectOrderList } from './ordersSlice.ts';
import { formatOrderDate, itemCount } from './orderGrouping.ts';
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

export default function OrdersPage() {
  const dispatch = useAppDispatch();
  const uid = useAppSelector(selectUid);
  const list = useAppSelector(selectOrderList);

  useEffect(() => {
    if (uid) dispatch(fetchOrders({ uid }));
  }, [dispatch, uid]);

  if (!uid) {
    return (
      <div className="rw-page container rw-empty">
        <h1>Sign in to view your orders</h1>
        <p className="rw-muted">Track your orders and view your purchase history.</p>
        <Link to="/login" className="rw-btn rw-btn--primary">
          Sign In
        </Link>
      </div>
    );
  }

  const loading = list.status === 'loading' || list.status === 'idle';

  return (
    <div className="rw-page container">
      <h1>My Orders</h1>
      <p className="rw-muted">Your purchase history</p>
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
            className="rw-btn rw-btn--primary"
            onClick={() => window.location.reload()}
          >
            Try again
          </button>
        </div>
      ) : list.orders.length === 0 ? (
        <div className="rw-empty">
          <h2>No orders yet</h2>
          <p className="rw-muted">When you make a purchase, your orders will appear here.</p>
          <Link to="/products" className="rw-btn rw-btn--primary">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="rw-orders">
          {list.orders.map((order) => (
            <li key={order.id} className="rw-card rw-order">
              <div className="rw-order__head">
                <div>
                  <h2 className="rw-order__title">Order #{order.id}</h2>
                  <p className="rw-muted">Placed on {formatOrderDate(order.date)}</p>
                </div>
                <StatusBadge status={order.status} />
              </div>
              <ul className="rw-order__items">
                {order.items.map((item, index) => (
                  <li key={`${item.productId}-${index}`}>
                    <span>{item.product_title}</span>
                    <span className="rw-muted">
                      {item.quantity} × {formatPrice(item.unitPrice)}
                    </span>
                  </li>
                ))}
              </ul>
              <OrderShipments orderId={order.id} orderStatus={order.status} headingLevel={3} />
              <div className="rw-order__foot">
                <span>
                  {itemCount(order)} {itemCount(order) === 1 ? 'item' : 'items'} · Total{' '}
                  <strong>{formatPrice(order.totalPrice)}</strong>
                </span>
                <Link to={`/order-confirmation/${encodeURIComponent(order.id)}`}>
                  View order details
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
