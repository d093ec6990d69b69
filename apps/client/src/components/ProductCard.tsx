import { Link } from 'react-router-dom';
import { type Product, formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { selectUid } from '../features/auth/authSlice.ts';
import { addToCart, removeFromCart, selectQuantityInCart } from '../features/cart/cartSlice.ts';
import Price from './Price.tsx';
import ProductImage from './ProductImage.tsx';
import { SellerRatingLine } from './Stars.tsx';
import WishlistHeart from './WishlistHeart.tsx';

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

/** A card is about half the screen on phones, a column of the grid (at most 300 px) on wider ones. */
const CARD_SIZES = '(max-width: 600px) 50vw, 300px';

interface ProductCardProps {
  product: Product;
  variant?: 'grid' | 'list';
  /** Images above the fold load at once; the rest lazily. */
  eager?: boolean;
}

export default function ProductCard({
  product,
  variant = 'grid',
  eager = false,
}: ProductCardProps) {
  const href = `/products/${product.product_id}`;
  if (variant === 'list') {
    return (
      <article className="product-row">
        <Link to={href} className="product-row__image">
          <ProductImage
            product={product}
            sizes="160px"
            fallback="thumbnail"
            alt={product.title}
            width={160}
            height={160}
            loading={eager ? 'eager' : 'lazy'}
          />
        </Link>
        <div className="product-row__body">
          <h3 className="product-row__title">
            <Link to={href}>{product.title}</Link>
          </h3>
          <p className="product-row__meta">
            {product.brand_name} · {product.category_name}
            {product.conditions?.[0] ? ` · ${product.conditions[0]}` : ''}
            {product.sizes?.length ? ` · Size ${product.sizes.join(', ')}` : ''}
          </p>
          <SellerRatingLine rating={product.sellerRating} />
          <p className="product-row__description">{product.description}</p>
        </div>
        <div className="product-row__aside">
          <span className="price__current">{formatPrice(Number(product.price))}</span>
          <WishlistHeart product={product} />
          <Link className="button button--secondary" to={href}>
            View Details
          </Link>
        </div>
      </article>
    );
  }
  return (
    <article className="product-card">
      <div className="product-card__media">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage
            product={product}
            sizes={CARD_SIZES}
            alt=""
            width={300}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
          />
        </Link>
        <WishlistHeart product={product} className="product-card__heart" />
      </div>
      <div className="product-card__body">
        <p className="product-card__brand">{product.brand_name}</p>
        <h3 className="product-card__title">
          <Link to={href}>{product.title}</Link>
        </h3>
        <SellerRatingLine rating={product.sellerRating} />
        <Price price={product.price} originalPrice={product.original_price} />
        <CartControls product={product} />
      </div>
    </article>
  );
}
