import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import CartLineItem from './CartLineItem.tsx';
import {
  clearCart,
  closeDrawer,
  dismissCartError,
  selectCart,
  selectCartItemCount,
  selectCartSubtotal,
} from './cartSlice.ts';
import './cart.css';

export default function CartDrawer() {
  const dispatch = useAppDispatch();
  const cart = useAppSelector(selectCart);
  const units = useAppSelector(selectCartItemCount);
  const subtotal = useAppSelector(selectCartSubtotal);
  const panel = useRef<HTMLDivElement>(null);
  const close = () => dispatch(closeDrawer());

  useEffect(() => {
    if (!cart.drawerOpen) return;
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(closeDrawer());
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [cart.drawerOpen, dispatch]);

  if (!cart.drawerOpen) return null;

  return (
    <div className="drawer-backdrop" onClick={close}>
      <div
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-drawer-title"
        tabIndex={-1}
        ref={panel}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="drawer__head">
          <h2 id="cart-drawer-title">Shopping Cart ({units})</h2>
          <button type="button" className="icon-button" aria-label="Close cart" onClick={close}>
            ×
          </button>
        </div>
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
        {cart.status === 'loading' ? (
          <p className="state-message" role="status">
            Loading cart...
          </p>
        ) : cart.lines.length === 0 ? (
          <div className="state-message">
            <p className="state-message__title">Your cart is empty</p>
            <p className="muted">Add some items to get started</p>
            <Link className="button button--primary" to="/products" onClick={close}>
              Continue Shopping
            </Link>
          </div>
        ) : (
          <>
            <div className="drawer__actions">
              <button type="button" className="link-button" onClick={() => dispatch(clearCart())}>
                Clear all items
              </button>
            </div>
            <ul className="cart-lines">
              {cart.lines.map((line) => (
                <CartLineItem key={line.product_id} line={line} onNavigate={close} />
              ))}
            </ul>
            <div className="drawer__footer">
              <div className="summary-row">
                <span>Subtotal</span>
                <strong>{formatPrice(subtotal)}</strong>
              </div>
              {/* What checkout charges: the subtotal, shipping free on everything, no tax added. */}
              <p className="muted">Free shipping on every order • No tax added</p>
              <Link className="button button--primary button--block" to="/checkout" onClick={close}>
                Checkout
              </Link>
              <Link
                className="button button--secondary button--block"
                to="/products"
                onClick={close}
              >
                Continue Shopping
              </Link>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
