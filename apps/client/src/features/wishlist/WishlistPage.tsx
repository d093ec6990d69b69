import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Price from '../../components/Price.tsx';
import { selectUid } from '../auth/authSlice.ts';
import { addToCart } from '../cart/cartSlice.ts';
import ConfirmDialog from '../listings/ConfirmDialog.tsx';
import {
  clearWishlist,
  loadWishlist,
  removeFromWishlist,
  selectWishlist,
  type WishlistProduct,
} from './wishlistSlice.ts';
import { allOrNone, stillSaved, toggled } from './selection.ts';
import '../auth/account.css';
import './wishlistPage.css';
import ProductImage from '../../components/ProductImage.tsx';

export default function WishlistPage() {
  const dispatch = useAppDispatch();
  const uid = useAppSelector(selectUid);
  const wishlist = useAppSelector(selectWishlist);
  const [picked, setSelected] = useState<string[]>([]);
  const [confirmingClear, setConfirmingClear] = useState(false);
  // Items removed meanwhile (here or in another tab) leave the selection.
  const selected = stillSaved(picked, wishlist.items);

  if (!uid) {
    return (
      <div className="rw-page container rw-empty">
        <h1>Sign in to see your saved items</h1>
        <Link
          to="/login"
          state={{ from: { pathname: '/wishlist' } }}
          className="button button--primary"
        >
          Sign In
        </Link>
      </div>
    );
  }

  const toggle = (productId: string) => setSelected(toggled(selected, productId));

  // As each row's Add to cart: one of each goes to the cart and leaves the wishlist.
  const moveToCart = (products: WishlistProduct[]) => {
    for (const item of products) {
      dispatch(addToCart({ product: item, quantity: 1 }));
      dispatch(removeFromWishlist({ productId: item.product_id }));
    }
    setSelected([]);
  };
  const remove = (productIds: string[]) => {
    for (const productId of productIds) dispatch(removeFromWishlist({ productId }));
    setSelected([]);
  };
  const selectedItems = wishlist.items.filter((item) => selected.includes(item.product_id));
  const allChecked = wishlist.items.length > 0 && selected.length === wishlist.items.length;

  return (
    <div className="rw-page container">
      <h1>My Wishlist</h1>
      {(wishlist.status === 'loading' || wishlist.status === 'idle') &&
      wishlist.items.length === 0 ? (
        <ul className="rw-wishlist" aria-busy="true" aria-label="Loading wishlist">
          {[0, 1, 2].map((n) => (
            <li key={n} className="rw-wishlist__row" aria-hidden="true">
              <div className="rw-skeleton" style={{ width: 88, height: 88 }} />
              <div className="rw-skeleton" style={{ height: 18, width: '60%' }} />
            </li>
          ))}
        </ul>
      ) : wishlist.status === 'error' ? (
        <div className="rw-empty" role="alert">
          <p>{wishlist.error}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => dispatch(loadWishlist())}
          >
            Try again
          </button>
        </div>
      ) : wishlist.items.length === 0 ? (
        <div className="rw-empty">
          <p>You have no items in your wishlist.</p>
          <Link to="/products" className="button button--primary">
            Browse products
          </Link>
        </div>
      ) : (
        <>
          {wishlist.error && (
            <p className="rw-alert rw-alert--error" role="alert">
              {wishlist.error}
            </p>
          )}
          <div className="rw-wishlist__toolbar" role="group" aria-label="Selected items">
            <label className="rw-wishlist__all">
              <input
                type="checkbox"
                checked={allChecked}
                onChange={() => setSelected(allOrNone(selected, wishlist.items))}
              />
              Select all
            </label>
            <span className="rw-muted" aria-live="polite">
              {selected.length > 0
                ? `${selected.length} selected`
                : `${wishlist.items.length} saved`}
            </span>
            <span className="rw-wishlist__bulk">
              <button
                type="button"
                className="button button--primary button--small"
                disabled={selected.length === 0}
                onClick={() => moveToCart(selectedItems)}
              >
                Move to cart{selected.length > 0 ? ` (${selected.length})` : ''}
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={selected.length === 0}
                onClick={() => remove(selected)}
              >
                Remove selected
              </button>
              <button
                type="button"
                className="button button--secondary button--small rw-wishlist__clear"
                onClick={() => setConfirmingClear(true)}
              >
                Clear wishlist
              </button>
            </span>
          </div>
          <ul className="rw-wishlist">
            {wishlist.items.map((item) => {
              const busy = wishlist.busy.includes(item.product_id);
              return (
                <li key={item.product_id} className="rw-wishlist__row">
                  <input
                    type="checkbox"
                    className="rw-wishlist__check"
                    aria-label={`Select ${item.title}`}
                    checked={selected.includes(item.product_id)}
                    onChange={() => toggle(item.product_id)}
                  />
                  <Link to={`/products/${item.product_id}`} className="rw-wishlist__image">
                    <ProductImage
                      product={{ image: item.image, photos: [] }}
                      sizes="88px"
                      alt={item.title}
                      width={88}
                      height={88}
                      className="product-thumb"
                    />
                  </Link>
                  <div className="rw-wishlist__info">
                    <Link to={`/products/${item.product_id}`}>
                      <strong>{item.title}</strong>
                    </Link>
                    <span className="rw-muted">{item.brand_name}</span>
                    <Price price={item.price} originalPrice={item.original_price} />
                    {(item.conditions.length > 0 || item.sizes.length > 0) && (
                      <span className="rw-muted">
                        {[item.conditions.join(', '), item.sizes.join(', ')]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    )}
                  </div>
                  <div className="rw-wishlist__actions">
                    <button
                      type="button"
                      className="button button--primary button--small"
                      disabled={busy}
                      aria-label={`Add ${item.title} to cart`}
                      onClick={() => moveToCart([item])}
                    >
                      Add to cart
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy}
                      aria-label={`Remove ${item.title} from wishlist`}
                      onClick={() => remove([item.product_id])}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {confirmingClear && (
        <ConfirmDialog
          title="Clear wishlist"
          confirmLabel="Clear wishlist"
          onCancel={() => setConfirmingClear(false)}
          onConfirm={() => {
            setConfirmingClear(false);
            setSelected([]);
            dispatch(clearWishlist());
          }}
        >
          <p>
            Remove all {wishlist.items.length} {wishlist.items.length === 1 ? 'item' : 'items'} from
            your wishlist? This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
