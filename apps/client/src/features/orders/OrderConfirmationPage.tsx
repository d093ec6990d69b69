import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import OrderNumber from '../../components/OrderNumber.tsx';
import Spinner from '../../components/Spinner.tsx';
import { fetchOrder, selectOrderDetail } from './ordersSlice.ts';
import {
  formatHoldTime,
  formatOrderDate,
  orderStanding,
  orderStatusText,
  refundText,
} from './orderGrouping.ts';
import StatusBadge from './StatusBadge.tsx';
import OrderShipments from '../shipments/OrderShipments.tsx';
import { selectOrderShipments } from '../shipments/shipmentsSlice.ts';
import { orderProgress } from '../shipments/shipmentStatus.ts';
import { selectUid } from '../auth/authSlice.ts';
import '../auth/account.css';
// The totals list's layout (rw-totals), also when the page is opened without the checkout before it.
import '../checkout/checkout.css';
import './orders.css';
import './feature.ts';

const DELIVERY_DAYS = 5;

export default function OrderConfirmationPage() {
  const { orderId = '' } = useParams();
  const dispatch = useAppDispatch();
  const detail = useAppSelector(selectOrderDetail);
  // The page is open to visitors; an order's shipments are its buyer's only.
  const uid = useAppSelector(selectUid);
  // The timeline follows the packages (read by OrderShipments below).
  const progress = orderProgress(useAppSelector(selectOrderShipments(orderId)).shipments);

  useEffect(() => {
    if (orderId) dispatch(fetchOrder({ orderId }));
  }, [dispatch, orderId]);

  const current = detail.orderId === orderId ? detail : null;
  if (!current || current.status === 'loading' || current.status === 'idle') {
    return <Spinner label="Loading your order..." />;
  }
  if (current.status === 'failed' || !current.order) {
    return (
      <div className="rw-page container rw-empty">
        <h1>Order Not Found</h1>
        <p className="rw-muted" role="alert">
          {current.error ?? 'Failed to fetch order details'}
        </p>
        <Link to="/orders" className="button button--primary">
          View your orders
        </Link>
      </div>
    );
  }

  const order = current.order;
  // docs/product.md §9: the confirmation page estimates delivery 5 days from now.
  const estimated = new Date(Date.now() + DELIVERY_DAYS * 24 * 60 * 60 * 1000).toISOString();
  // Only a paid order is thanked for and confirmed; the others say what they are.
  const standing = orderStanding(order, Date.now());
  const refund = refundText(order);
  const partRefund = order.refund?.reason === 'items_unavailable';

  return (
    <div className="rw-page container rw-confirmation">
      {standing === 'placed' ? (
        <div className="rw-confirmation__hero">
          <span className="rw-confirmation__tick" aria-hidden="true">
            ✓
          </span>
          <h1>Thank you for your order!</h1>
          <p className="rw-muted">
            Order number{' '}
            <strong>
              <OrderNumber id={order.id} />
            </strong>
          </p>
        </div>
      ) : standing === 'awaitingPayment' ? (
        <div className="rw-confirmation__hero">
          <h1>Awaiting payment</h1>
          <p className="rw-muted">
            Order number{' '}
            <strong>
              <OrderNumber id={order.id} />
            </strong>
            . Your items are held until {formatHoldTime(order.expiresAt)}; pay before then to keep
            them.
          </p>
          <Link
            to={`/orders/${encodeURIComponent(order.id)}/pay`}
            className="button button--primary"
          >
            Pay now
          </Link>
        </div>
      ) : (
        <div className="rw-confirmation__hero">
          <h1>{order.status === 'payment_failed' ? 'Payment failed' : 'Order expired'}</h1>
          <p className="rw-muted">
            Order number{' '}
            <strong>
              <OrderNumber id={order.id} />
            </strong>{' '}
            {order.status === 'payment_failed'
              ? 'was not placed: its payment failed.'
              : 'was not placed: it was not paid in time.'}{' '}
            Its items went back on sale.
          </p>
        </div>
      )}

      {standing === 'placed' && (
        <section className="rw-card" aria-labelledby="timeline-title">
          <h2 id="timeline-title">Order status</h2>
          <ol className="rw-timeline">
            <li className="is-done">
              <strong>Order Confirmed</strong>
              <span className="rw-muted">{formatOrderDate(order.date)}</span>
            </li>
            <li className={progress.shipped ? 'is-done' : undefined}>
              <strong>Processing</strong>
              <span className="rw-muted">
                {progress.shipped ? 'Shipped' : "We're preparing your order"}
              </span>
            </li>
            <li className={progress.delivered ? 'is-done' : undefined}>
              <strong>Estimated Delivery</strong>
              <span className="rw-muted">
                {progress.deliveredAt
                  ? `Delivered ${formatOrderDate(progress.deliveredAt)}`
                  : formatOrderDate(estimated)}
              </span>
            </li>
          </ol>
        </section>
      )}

      {uid && <OrderShipments orderId={order.id} orderStatus={order.status} card />}

      <div className="rw-confirmation__grid">
        <section className="rw-card" aria-labelledby="details-title">
          <h2 id="details-title">Order details</h2>
          <dl className="rw-totals">
            <div>
              <dt>Order date</dt>
              <dd>{formatOrderDate(order.date)}</dd>
            </div>
            <div>
              <dt>Payment status</dt>
              <dd>
                <StatusBadge status={order.status} label={orderStatusText(order, Date.now())} />
              </dd>
            </div>
          </dl>
          <ul className="rw-order__items">
            {order.items.map((item, index) => (
              <li key={`${item.productId}-${index}`}>
                <span className="rw-order__item-title">
                  {item.product_title} <span className="rw-muted">× {item.quantity}</span>
                  {partRefund && item.refunded && (
                    <span className="rw-order__refunded-item">
                      {' '}
                      · Refunded, no longer available
                    </span>
                  )}
                </span>
                <span>{formatPrice(item.unitPrice * item.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="rw-totals">
            {order.bundleDiscount > 0 && (
              <div data-testid="order-bundle-discount">
                <dt>Bundle discount</dt>
                <dd>−{formatPrice(order.bundleDiscount)}</dd>
              </div>
            )}
            <div className="rw-totals__total">
              <dt>Total</dt>
              <dd>{formatPrice(order.totalPrice)}</dd>
            </div>
            {refund && (
              <div className="rw-order__refund">
                <dt>Refund</dt>
                <dd>{refund}</dd>
              </div>
            )}
          </dl>
        </section>

        <section className="rw-card" aria-labelledby="shipping-title">
          <h2 id="shipping-title">Shipping address</h2>
          <address className="rw-address">
            {order.shipping.name}
            <br />
            {order.shipping.address}
            <br />
            {order.shipping.city}, {order.shipping.state} {order.shipping.zip}
            <br />
            {order.shipping.email}
          </address>
          <div className="rw-confirmation__links">
            <Link to="/orders" className="button button--primary">
              View all orders
            </Link>
            <Link to="/products" className="button button--secondary">
              Continue shopping
            </Link>
          </div>
        </section>
      </div>

      <section className="rw-card" aria-labelledby="help-title">
        <h2 id="help-title">Need help?</h2>
        <p className="rw-muted">
          Questions about your order? Visit our <Link to="/faq">FAQ</Link>, contact{' '}
          <Link to="/support">Support</Link> or <Link to="/contact">Contact Us</Link>.
        </p>
      </section>
    </div>
  );
}
