import { lazy, Suspense, useEffect, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Spinner from '../../components/Spinner.tsx';
import { selectUser } from '../auth/authSlice.ts';
import { cartRefreshRequested, selectCart, selectCartPricing } from '../cart/cartSlice.ts';
import {
  backToShipping,
  checkoutOpened,
  continueToPayment,
  placeOrder,
  redirectHandled,
  selectCheckout,
  shippingChanged,
  type CheckoutStep,
} from './checkoutSlice.ts';
import { SHIPPING_FIELDS } from './shipping.ts';
import SimulatedCardForm from './SimulatedCardForm.tsx';
import '../auth/account.css';
import './checkout.css';
import './feature.ts';
import ProductImage from '../../components/ProductImage.tsx';

const StripeCardForm = lazy(() => import('./StripeCardForm.tsx'));

const STEPS: Array<{ key: CheckoutStep; label: string }> = [
  { key: 'shipping', label: 'Shipping' },
  { key: 'payment', label: 'Payment' },
  { key: 'complete', label: 'Complete' },
];

function Steps({ current }: { current: CheckoutStep }) {
  const index = STEPS.findIndex((s) => s.key === current);
  return (
    <ol className="rw-steps" aria-label="Checkout steps">
      {STEPS.map((step, i) => (
        <li
          key={step.key}
          className={`rw-steps__item${i < index ? ' is-done' : ''}${i === index ? ' is-current' : ''}`}
          aria-current={i === index ? 'step' : undefined}
        >
          <span className="rw-steps__number" aria-hidden="true">
            {i < index ? '✓' : i + 1}
          </span>
          {step.label}
        </li>
      ))}
    </ol>
  );
}

export default function CheckoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const cart = useAppSelector(selectCart);
  // Priced as the server will charge it: offered prices, less the sellers' bundle discounts.
  const { subtotal, discounts, total } = useAppSelector(selectCartPricing);
  const checkout = useAppSelector(selectCheckout);
  const processing = checkout.status === 'processing';

  useEffect(() => {
    dispatch(checkoutOpened({ email: user?.email ?? null }));
    // An offer accepted or a bundle discount set since the cart was read changes its prices.
    dispatch(cartRefreshRequested());
  }, [dispatch, user?.email]);

  useEffect(() => {
    if (!checkout.redirectTo) return;
    const target = checkout.redirectTo;
    dispatch(redirectHandled());
    navigate(target, { replace: true });
  }, [checkout.redirectTo, dispatch, navigate]);

  const orderPlaced = checkout.placedOrderId !== null;
  if (cart.status !== 'ready' && cart.lines.length === 0 && !orderPlaced)
    return <Spinner label="Loading your cart..." />;
  // docs/product.md §4: an empty cart goes back to /cart, unless the order was just placed.
  if (cart.lines.length === 0 && !orderPlaced && !processing)
    return <Navigate to="/cart" replace />;

  const pay = (event: FormEvent) => {
    event.preventDefault();
    dispatch(
      placeOrder({
        userId: user?.uid ?? null,
        items: cart.lines.map((line) => ({
          productId: line.product_id,
          quantity: line.quantity,
          unitPrice: Number(line.price),
        })),
      }),
    );
  };

  const toPayment = (event: FormEvent) => {
    event.preventDefault();
    dispatch(continueToPayment());
  };

  const error = checkout.error && (
    <p className="rw-alert rw-alert--error" role="alert">
      {checkout.error}
    </p>
  );

  return (
    <div className="rw-page container">
      <h1>Checkout</h1>
      <Steps current={checkout.step} />
      <div className="rw-checkout">
        <div className="rw-checkout__main">
          {checkout.step === 'shipping' && (
            <form
              className="rw-card rw-form"
              onSubmit={toPayment}
              noValidate
              aria-labelledby="shipping-title"
            >
              <h2 id="shipping-title">Shipping information</h2>
              {error}
              <div className="rw-form__grid">
                {SHIPPING_FIELDS.map((field) => (
                  <div
                    key={field.key}
                    className={`rw-field${field.key === 'address' ? ' rw-field--wide' : ''}`}
                  >
                    <label htmlFor={`shipping-${field.key}`}>{field.label}</label>
                    <input
                      id={`shipping-${field.key}`}
                      name={field.key}
                      type={field.key === 'email' ? 'email' : 'text'}
                      autoComplete={field.autoComplete}
                      required
                      value={checkout.shipping[field.key]}
                      onChange={(e) =>
                        dispatch(shippingChanged({ field: field.key, value: e.target.value }))
                      }
                    />
                  </div>
                ))}
              </div>
              <button type="submit" className="button button--primary">
                Continue to Payment
              </button>
            </form>
          )}

          {checkout.step !== 'shipping' && (
            <form className="rw-card rw-form" onSubmit={pay} aria-labelledby="payment-title">
              <div className="rw-checkout__recap">
                <div>
                  <h2 id="payment-title">Payment</h2>
                  <p className="rw-muted">
                    Shipping to {checkout.shipping.name}, {checkout.shipping.address},{' '}
                    {checkout.shipping.city}, {checkout.shipping.state} {checkout.shipping.zip}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => dispatch(backToShipping())}
                  disabled={processing || orderPlaced}
                >
                  Edit shipping
                </button>
              </div>
              {error}
              {checkout.paymentMode === 'loading' && <Spinner label="Loading payment form..." />}
              {checkout.paymentMode === 'simulated' && (
                <SimulatedCardForm disabled={processing || orderPlaced} />
              )}
              {checkout.paymentMode === 'stripe' && checkout.stripePublishableKey && (
                <Suspense fallback={<Spinner label="Loading payment form..." />}>
                  <StripeCardForm
                    publishableKey={checkout.stripePublishableKey}
                    disabled={processing || orderPlaced}
                    billing={{ name: checkout.shipping.name, email: checkout.shipping.email }}
                  />
                </Suspense>
              )}
              <button
                type="submit"
                className="button button--primary button--block"
                disabled={processing || orderPlaced || checkout.paymentMode === 'loading'}
              >
                {processing ? 'Processing...' : `Pay ${formatPrice(total)}`}
              </button>
            </form>
          )}
        </div>

        <aside className="rw-card rw-checkout__summary" aria-labelledby="summary-title">
          <h2 id="summary-title">Order summary</h2>
          <ul className="rw-summary-lines">
            {cart.lines.map((line) => (
              <li key={line.product_id}>
                <ProductImage
                  product={{ image: line.image, photos: [] }}
                  sizes="56px"
                  alt=""
                  width={56}
                  height={56}
                  className="product-thumb"
                />
                <span className="rw-summary-lines__title">
                  {line.title}
                  <small className="rw-muted">Qty {line.quantity}</small>
                </span>
                <span>
                  {line.offerId && <small className="rw-muted">Your offer </small>}
                  {formatPrice(Number(line.price) * line.quantity)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="rw-totals">
            <div>
              <dt>Subtotal</dt>
              <dd>{formatPrice(subtotal)}</dd>
            </div>
            {discounts.map((discount) => (
              <div key={discount.sellerId} data-testid="bundle-discount">
                <dt>Bundle discount ({discount.percent}%)</dt>
                <dd>−{formatPrice(discount.amount)}</dd>
              </div>
            ))}
            <div>
              <dt>Shipping</dt>
              <dd>FREE</dd>
            </div>
            <div>
              <dt>Tax</dt>
              {/* Orders are charged their subtotal: no tax is added. */}
              <dd>{formatPrice(0)}</dd>
            </div>
            <div className="rw-totals__total">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatPrice(total)}</dd>
            </div>
          </dl>
          <Link to="/cart">Back to cart</Link>
        </aside>
      </div>

      {checkout.status === 'succeeded' && (
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
