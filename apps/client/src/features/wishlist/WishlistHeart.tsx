import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectIsSignedIn } from '../auth/authSlice.ts';
import {
  selectIsInWishlist,
  selectWishlist,
  toggleWishlist,
  type WishlistProduct,
} from './wishlistSlice.ts';

/** Saves or unsaves a product; sends visitors to /login first (docs/product.md §2 product card). */
export default function WishlistHeart({
  product,
  className = '',
}: {
  product: WishlistProduct;
  className?: string;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const saved = useAppSelector(selectIsInWishlist(product.product_id));
  const busy = useAppSelector(selectWishlist).busy.includes(product.product_id);
  const onClick = () => {
    if (!signedIn) {
      navigate('/login', { state: { from: location } });
      return;
    }
    dispatch(toggleWishlist(product));
  };
  return (
    <button
      type="button"
      className={`wishlist-heart ${saved ? 'wishlist-heart--saved' : ''} ${className}`}
      aria-pressed={saved}
      aria-label={
        saved ? `Remove ${product.title} from wishlist` : `Save ${product.title} to wishlist`
      }
      disabled={busy}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3.1 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.7 0 5.9 3.7 4.4 7.2C19.5 16.4 12 21 12 21z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </button>
  );
}
