/**
 * Paying an order placed earlier and left unpaid (My Orders' Pay now): the checkout's payment step
 * for that order, with its own PaymentIntent, while the order still holds its items.
 */
import { lazy, Suspense, useEffect, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Spinner from '../../components/Spinner.tsx';
import { fetchOrder, selectOrderDetail } from '../orders/ordersSlice.ts';
import { formatHoldTime } from '../orders/orderGrouping.ts';
import {
  checkoutOpened,
  payResumedOrder,
  redirectHandled,
  resumeOpened,
  selectCheckout,
} from './checkoutSlice.ts';
import SimulatedCardForm from './SimulatedCardForm.tsx';
import '../auth/account.css';
import './checkout.css';
import './feature.ts';
import '../orders/feature.ts';
import ProductImage from '../../components/ProductImage.tsx';

const StripeCardForm = lazy(() => import('./StripeCardForm.tsx'));

export default function PayOrderPage() {
  const { orderId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const checkout = useAppSelector(selectCheckout);
  const detail = useAppSelector(selectOrderDetail);
  const processing = checkout.status === 'processing';
  const paid = checkout.placedOrderId === orderId;

  useEffect(() => {
    // Resolves which card form to show, as the checkout does.
    dispatch(checkoutOpened({ email: null }));
    dispatch(resumeOpened({ orderId }));
    dispatch(fetchOrder({ orderId }));
  }, [dispatch, orderId]);

  useEffect(() => {
    if (!checkout.redirectTo) return;
    const target = checkout.redirectTo;
    dispatch(redirectHandled());
    navigate(target, { replace: true });
  }, [checkout.redirectTo, dispatch, navigate]);

  const resume = checkout.resume.orderId === orderId ? checkout.resume : null;
  const order = detail.orderId === orderId ? detail.order : null;
  const pending = checkout.pendingOrder?.id === orderId ? checkout.pendingOrder : null;

  if (!resume || resume.status === 'loading' || resume.status === 'idle')
    return <Spinner label="Loading your order..." />;
  // Once paid, the pending order is gone: the page stays for the success overlay and the redirect.
  if (!paid && (resume.status === 'failed' || !pending)) {
    return (
      <div className="rw-page container rw-empty">
        <h1>This order cannot be paid</h1>
        <p className="rw-muted" role="alert">
          {resume.error ?? 'Failed to fetch order details'}
        </p>
        <Link to="/orders" className="button button--primary">
          View your orders
        </Link>
      </div>
    );
  }

  const total = pending?.totalPrice ?? order?.totalPrice ?? 0;
  const heldUntil = pending?.expiresAt ?? order?.expiresAt ?? '';

  const pay = (event: FormEvent) => {
    event.preventDefault();
    dispatch(payResumedOrder());
  };

  return (
    <div className="rw-page container">
      <h1>Pay for your order</h1>
      <p className="rw-muted">
        Order #{orderId}. Your items are held until {formatHoldTime(heldUntil)}.
      </p>
      <div className="rw-checkout">
        <div className="rw-checkout__main">
          <form className="rw-card rw-form" onSubmit={pay} aria-labelledby="payment-title">
            <h2 id="payment-title">Payment</h2>
            {order && (
              <p className="rw-muted">
                Shipping to {order.shipping.name}, {order.shipping.address}, {order.shipping.city},{' '}
                {order.shipping.state} {order.shipping.zip}
              </p>
            )}
            {checkout.error && (
              <p className="rw-alert rw-alert--error" role="alert">
                {checkout.error}
              </p>
            )}
            {checkout.paymentMode === 'loading' && <Spinner label="Loading payment form..." />}
            {checkout.paymentMode === 'simulated' && (
              <SimulatedCardForm disabled={processing || paid} />
            )}
            {checkout.paymentMode === 'stripe' && checkout.stripePublishableKey && (
              <Suspense fallback={<Spinner label="Loading payment form..." />}>
                <StripeCardForm
                  publishableKey={checkout.stripePublishableKey}
                  disabled={processing || paid}
                  billing={{ name: order?.shipping.name ?? '', email: order?.shipping.email ?? '' }}
                />
              </Suspense>
            )}
            <button
              type="submit"
              className="button button--primary button--block"
              disabled={processing || paid || checkout.paymentMode === 'loading'}
            >
              {processing ? 'Processing...' : `Pay ${formatPrice(total)}`}
            </button>
          </form>
        </div>

        <aside className="rw-card rw-checkout__summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Order summary</h2>
          {order ? (
            <ul className="rw-summary-lines">
              {order.items.map((item, index) => (
                <li key={`${item.productId}-${index}`}>
                  <ProductImage
                    product={{ image: item.productImage, photos: [] }}
                    sizes="56px"
                    alt=""
                    width={56}
                    height={56}
                    className="product-thumb"
                  />
                  <span className="rw-summary-lines__title">
                    {item.product_title}
                    <small className="rw-muted">Qty {item.quantity}</small>
                  </span>
                  <span>{formatPrice(item.unitPrice * item.quantity)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <Spinner label="Loading items..." />
          )}
          <dl className="rw-totals">
            <div>
              <dt>Shipping</dt>
              <dd>FREE</dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd>{formatPrice(0)}</dd>
            </div>
            <div className="rw-totals__total">
              <dt>Total</dt>
              <dd>{formatPrice(total)}</dd>
            </div>
          </dl>
          <Link to="/orders">Back to my orders</Link>
        </aside>
      </div>

      {checkout.status === 'succeeded' && paid && (
        <div className="rw-modal-backdrop">
          <div className="rw-modal rw-checkout__success" role="status" aria-live="assertive">
            <span className="rw-checkout__tick" aria-hidden="true">
              ✓
            </span>
            <h2>Order Confirmed!</h2>
            <p className="rw-muted">Thank you for your purchase. Taking you to your order...</p>
          </div>
        </div>
      )}
    </div>
  );
}
