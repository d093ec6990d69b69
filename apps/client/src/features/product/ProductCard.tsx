/**
 * A product in a grid or a list: it carries the wishlist heart and the cart's controls, hence it
 * lives among the features rather than in components/.
 */
import { Link } from 'react-router-dom';
import { type Product, formatPrice } from '@rewear/contracts';
import Price from '../../components/Price.tsx';
import ProductImage from '../../components/ProductImage.tsx';
import { SellerRatingLine } from '../../components/Stars.tsx';
import SellerBadges from '../../components/SellerBadges.tsx';
import { CartControls } from '../cart/CartControls.tsx';
import WishlistHeart from '../wishlist/WishlistHeart.tsx';

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
          <SellerBadges badges={product.sellerBadges} />
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
        <SellerBadges badges={product.sellerBadges} />
        <Price price={product.price} originalPrice={product.original_price} />
        <CartControls product={product} />
      </div>
    </article>
  );
}
