import { Link } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import CartLineItem from './CartLineItem.tsx';
import {
  dismissCartError,
  selectCart,
  selectCartItemCount,
  selectCartPricing,
} from './cartSlice.ts';
import './cart.css';

export default function CartPage() {
  const dispatch = useAppDispatch();
  const cart = useAppSelector(selectCart);
  const units = useAppSelector(selectCartItemCount);
  const { subtotal, discounts, total } = useAppSelector(selectCartPricing);

  if (cart.status === 'loading') {
    return (
      <p className="state-message" role="status">
        Loading cart...
      </p>
    );
  }
  if (cart.lines.length === 0) {
    return (
      <div className="state-message">
        <h1>Your cart is empty</h1>
        <Link className="button button--primary" to="/products">
          Start Shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="cart-page">
      <h1>Shopping Cart ({units})</h1>
      {cart.error && (
        <p className="form-error" role="alert">
          {cart.error}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => dispatch(dismissCartError())}
          >
            Dismiss
          </button>
        </p>
      )}
      <div className="cart-page__body">
        <ul className="cart-lines">
          {cart.lines.map((line) => (
            <CartLineItem key={line.product_id} line={line} />
          ))}
        </ul>
        <aside className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">Order Summary</h2>
          <div className="summary-row">
            <span>Subtotal</span>
            <span>{formatPrice(subtotal)}</span>
          </div>
          {discounts.map((discount) => (
            <div className="summary-row" key={discount.sellerId} data-testid="bundle-discount">
              <span>
                Bundle discount{' '}
                <small className="muted">{discount.percent}% off one seller’s items</small>
              </span>
              <span>−{formatPrice(discount.amount)}</span>
            </div>
          ))}
          <div className="summary-row">
            <span>
              Shipping <small className="muted">on every order</small>
            </span>
            <span>FREE</span>
          </div>
          <div className="summary-row">
            <span>
              Tax <small className="muted">none added</small>
            </span>
            <span>{formatPrice(0)}</span>
          </div>
          <div className="summary-row summary-row--total">
            <span>Total</span>
            <strong>{formatPrice(total)}</strong>
          </div>
          <Link className="button button--primary button--block" to="/checkout">
            Proceed to Checkout
          </Link>
          <Link className="button button--secondary button--block" to="/products">
            Continue Shopping
          </Link>
        </aside>
      </div>
    </div>
  );
}
