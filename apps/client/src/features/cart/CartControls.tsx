import { Link } from 'react-router-dom';
import type { Product } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectUid } from '../auth/authSlice.ts';
import { addToCart, removeFromCart, selectQuantityInCart } from './cartSlice.ts';

/** Add to Cart, then − n in cart + and Remove; the seller of the product gets Edit instead. */
export function CartControls({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const quantity = useAppSelector(selectQuantityInCart(product.product_id));
  const uid = useAppSelector(selectUid);
  // No one buys their own listing (the server refuses it): its seller gets Edit instead.
  if (uid !== null && product.seller_id === uid) {
    return (
      <p className="cart-controls__own" role="note">
        Your listing · <Link to={`/update-listing/${product.product_id}`}>Edit</Link>
      </p>
    );
  }
  if (quantity === 0) {
    return (
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => dispatch(addToCart({ product }))}
        disabled={product.stock === 0}
      >
        Add to Cart
      </button>
    );
  }
  return (
    <div className="cart-controls" role="group" aria-label={`${product.title} in cart`}>
      <button
        type="button"
        className="stepper-button"
        aria-label={`Remove one ${product.title}`}
        onClick={() => dispatch(removeFromCart({ productId: product.product_id, quantity: 1 }))}
      >
        −
      </button>
      <span className="cart-controls__count">{quantity} in cart</span>
      <button
        type="button"
        className="stepper-button"
        aria-label={`Add one more ${product.title}`}
        disabled={product.stock > 0 && quantity >= product.stock}
        onClick={() => dispatch(addToCart({ product }))}
      >
        +
      </button>
      <button
        type="button"
        className="link-button"
        onClick={() => dispatch(removeFromCart({ productId: product.product_id }))}
      >
        Remove
      </button>
    </div>
  );
}
