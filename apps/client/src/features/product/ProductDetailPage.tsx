import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Price from '../../components/Price.tsx';
import ProductCard from './ProductCard.tsx';
import ProductImage from '../../components/ProductImage.tsx';
import WishlistHeart from '../wishlist/WishlistHeart.tsx';
import { useMediaQuery } from '../../components/useMediaQuery.ts';
import {
  addToCart,
  openDrawer,
  removeFromCart,
  selectCartItemCount,
  selectQuantityInCart,
  updateQuantity,
} from '../cart/cartSlice.ts';
import { selectUid } from '../auth/authSlice.ts';
import ConfirmDialog from '../listings/ConfirmDialog.tsx';
import FollowButton from '../social/FollowButton.tsx';
import ProductOffer from '../messages/ProductOffer.tsx';
import SoldBy from './SoldBy.tsx';
import SellerBadges from '../../components/SellerBadges.tsx';
import ReportButton from '../moderation/ReportButton.tsx';
import { days, PROBLEM_WINDOW_DAYS, SHIP_WITHIN_DAYS } from '../help/policies.ts';
import {
  galleryOf,
  isSellerOf,
  productDeleteRequested,
  productRequested,
  selectProductDetail,
} from './productSlice.ts';
import '../auth/account.css';
import './product.css';
import './feature.ts';

type Tab = 'description' | 'details';

export default function ProductDetailPage() {
  const { productId = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { product, status, error, recommendations, deleting, deleteError, deleted } =
    useAppSelector(selectProductDetail);
  const uid = useAppSelector(selectUid);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const inCart = useAppSelector(selectQuantityInCart(productId));
  const cartUnits = useAppSelector(selectCartItemCount);
  const mobile = useMediaQuery('(max-width: 767px)');
  const [tab, setTab] = useState<Tab>('description');
  const [imageIndex, setImageIndex] = useState(0);

  useEffect(() => {
    dispatch(productRequested(productId));
    setImageIndex(0);
  }, [dispatch, productId]);

  useEffect(() => {
    if (deleted)
      navigate('/products', { replace: true, state: { message: 'Product deleted successfully' } });
  }, [deleted, navigate]);

  if (status === 'notFound') {
    return (
      <div className="state-message">
        <h1>Product Not Found</h1>
        <p>The product you're looking for doesn't exist or has been removed.</p>
        <Link className="button button--primary" to="/products">
          Back to Products
        </Link>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="state-message" role="alert">
        <h1>Something went wrong</h1>
        <p>{error}</p>
      </div>
    );
  }
  if (!product || product.product_id !== productId) {
    // The page's own boxes (breadcrumb, square picture, details column), so nothing moves on
    // arrival. Its own key: the page replaces it rather than reusing its boxes for other parts.
    return (
      <div className="product-detail" role="status" key="placeholder">
        <span className="visually-hidden">Loading product...</span>
        <div className="breadcrumb" aria-hidden="true">
          <span className="skeleton-line">
            <span className="skeleton-text skeleton" style={{ width: '16rem', maxWidth: '100%' }} />
          </span>
        </div>
        <div className="product-detail__main" aria-hidden="true">
          <div className="gallery">
            <div className="gallery__main skeleton" />
          </div>
          <div className="product-detail__info product-detail__info--skeleton">
            <span className="skeleton-text skeleton" style={{ width: '70%', height: '2rem' }} />
            <span className="skeleton-text skeleton" style={{ width: '30%' }} />
            <span className="skeleton-text skeleton" style={{ width: '45%' }} />
            <span className="skeleton-text skeleton" style={{ width: '25%', height: '1.6rem' }} />
            <span className="skeleton-button skeleton" style={{ width: '12rem', height: 48 }} />
          </div>
        </div>
      </div>
    );
  }

  // Uploaded photos by position; otherwise the drawn pictures (none: the placeholder alone).
  const photoCount = product.photos?.length ?? 0;
  const gallery = photoCount ? product.photos : product.image ? galleryOf(product) : [];
  const mainImage = gallery[imageIndex] ?? product.image;
  const likes = product.num_likes ?? 0;
  const ownListing = isSellerOf(product, uid);
  // Holiday mode: nothing of theirs is bought, nor offered for, until the seller is back.
  const awayUntil = product.sellerAwayUntil ?? null;
  const condition = product.condition_name || product.conditions?.[0] || 'Good condition';
  const details = (
    <dl className="details-list">
      <dt>Brand</dt>
      <dd>{product.brand_name || '—'}</dd>
      <dt>Category</dt>
      <dd>{product.category_name}</dd>
      <dt>Condition</dt>
      <dd>{condition}</dd>
      <dt>Sizes</dt>
      <dd>{product.sizes?.length ? product.sizes.join(', ') : 'Various'}</dd>
      <dt>Colors</dt>
      <dd>{product.colors?.length ? product.colors.join(', ') : '—'}</dd>
    </dl>
  );
  const description = <p className="product-detail__description">{product.description}</p>;

  return (
    <div className="product-detail" key={product.product_id}>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/products">Products</Link>
        <span aria-hidden="true">›</span>
        <Link to={`/products?category=${encodeURIComponent(product.category_name)}`}>
          {product.category_name}
        </Link>
        {product.brand_name && (
          <>
            <span aria-hidden="true">›</span>
            <Link to={`/products?brand=${encodeURIComponent(product.brand_name)}`}>
              {product.brand_name}
            </Link>
          </>
        )}
        <span aria-hidden="true">›</span>
        <span aria-current="page" className="breadcrumb__current">
          {product.title}
        </span>
      </nav>

      <div className="product-detail__main">
        <div className="gallery">
          <ProductImage
            key={`${product.product_id}-${imageIndex}`}
            className="gallery__main"
            product={photoCount ? product : { image: mainImage, photos: [] }}
            index={imageIndex}
            sizes="(min-width: 768px) 50vw, 100vw"
            fallback="full"
            alt={product.title}
            width={600}
            height={600}
            loading="eager"
            fetchPriority="high"
          />
          <ul className="gallery__thumbs">
            {gallery.map((image, index) => (
              <li key={`${image}-${index}`}>
                <button
                  type="button"
                  aria-label={`Show image ${index + 1}`}
                  aria-pressed={index === imageIndex}
                  onClick={() => setImageIndex(index)}
                >
                  <ProductImage
                    product={photoCount ? product : { image, photos: [] }}
                    index={index}
                    sizes="72px"
                    fallback="thumbnail"
                    alt=""
                    width={80}
                    height={80}
                  />
                </button>
              </li>
            ))}
          </ul>
        </div>

        <div className="product-detail__info">
          <h1>{product.title}</h1>
          {product.brand_name && <p className="product-detail__brand">{product.brand_name}</p>}
          <SoldBy
            sellerId={product.seller_id}
            sellerName={product.seller_name}
            rating={product.sellerRating}
          />
          <SellerBadges badges={product.sellerBadges} />
          <FollowButton sellerId={product.seller_id} sellerName={product.seller_name} />
          <div className="product-detail__likes">
            <WishlistHeart product={product} />
            <span>
              {likes} {likes === 1 ? 'like' : 'likes'}
            </span>
          </div>
          {ownListing && (
            <div className="product-detail__owner" role="group" aria-label="Your listing">
              <Link className="link-button" to={`/update-listing/${product.product_id}`}>
                Edit
              </Link>
              <button
                type="button"
                className="link-button link-button--danger"
                disabled={deleting}
                onClick={() => setConfirmingDelete(true)}
              >
                {deleting ? 'Deleting...' : 'Delete'}
              </button>
            </div>
          )}
          {deleteError && (
            <p className="rw-alert rw-alert--error" role="alert">
              {deleteError}
            </p>
          )}
          <Price price={product.price} originalPrice={product.original_price} />
          {awayUntil && !ownListing && (
            <p className="product-detail__away" role="status">
              This seller is away until {awayUntil}. You can save the item and buy it when they are
              back.
            </p>
          )}
          <p className={product.stock > 0 ? 'stock stock--in' : 'stock stock--out'}>
            {product.stock > 0 ? 'In Stock' : 'Out of Stock'}
          </p>
          <p>
            <strong>Condition:</strong> {condition}
          </p>

          {ownListing ? (
            // The server refuses to sell a listing to its own seller (as it refuses their offer).
            <p className="product-detail__own-listing" role="note">
              This is your listing, so it cannot go in your cart.{' '}
              <Link to={`/update-listing/${product.product_id}`}>Edit listing</Link>
            </p>
          ) : inCart === 0 ? (
            <button
              type="button"
              className="button button--primary button--large"
              disabled={product.stock <= 0 || awayUntil !== null}
              onClick={() => dispatch(addToCart({ product }))}
            >
              Add to Cart
            </button>
          ) : (
            <div className="product-detail__cart">
              <div className="stepper" role="group" aria-label="Quantity">
                <button
                  type="button"
                  aria-label="Decrease quantity"
                  disabled={inCart <= 1}
                  onClick={() =>
                    dispatch(
                      updateQuantity({ productId: product.product_id, quantity: inCart - 1 }),
                    )
                  }
                >
                  −
                </button>
                <span aria-live="polite">{inCart}</span>
                <button
                  type="button"
                  aria-label="Increase quantity"
                  disabled={inCart >= product.stock}
                  onClick={() => dispatch(addToCart({ product }))}
                >
                  +
                </button>
              </div>
              <span className="muted">{product.stock} available</span>
              <button
                type="button"
                className="link-button"
                onClick={() => dispatch(removeFromCart({ productId: product.product_id }))}
              >
                Remove from Cart
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => dispatch(openDrawer())}
              >
                ({cartUnits}) View Cart
              </button>
            </div>
          )}

          {!ownListing && (
            <ProductOffer
              listingId={product.product_id}
              price={product.price}
              uid={uid}
              available={product.stock > 0 && awayUntil === null}
            />
          )}

          {!ownListing && (
            <p className="product-detail__report">
              <ReportButton
                target={{ kind: 'listing', id: product.product_id }}
                subject="this listing"
              />
            </p>
          )}

          <ul className="product-detail__notes">
            <li>
              Free shipping: the seller ships within {days(SHIP_WITHIN_DAYS)}, or the order is
              cancelled and refunded
            </li>
            <li>
              Returns: report a problem within {days(PROBLEM_WINDOW_DAYS)} of delivery to ask for a
              refund
            </li>
            <li>
              Buyer protection: the seller is paid only once you confirm all is well, or{' '}
              {days(PROBLEM_WINDOW_DAYS)} after delivery
            </li>
          </ul>
        </div>
      </div>

      {mobile ? (
        <div className="accordion">
          <details open>
            <summary>Description</summary>
            {description}
          </details>
          <details>
            <summary>Details</summary>
            {details}
          </details>
        </div>
      ) : (
        <div className="tabs">
          <div role="tablist" aria-label="Product information">
            {(['description', 'details'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`panel-${name}`}
                onClick={() => setTab(name)}
              >
                {name === 'description' ? 'Description' : 'Details'}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'description' ? description : details}
          </div>
        </div>
      )}

      <section className="recommendations" aria-labelledby="recommendations-title">
        <h2 id="recommendations-title">You May Also Like</h2>
        {recommendations.length === 0 ? (
          <p className="muted">No products found in category "{product.category_name}"</p>
        ) : (
          <div className="product-grid">
            {recommendations.map((item) => (
              <ProductCard key={item.product_id} product={item} />
            ))}
          </div>
        )}
      </section>

      {confirmingDelete && (
        <ConfirmDialog
          title="Delete Listing"
          confirmLabel="Delete"
          busy={deleting}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            setConfirmingDelete(false);
            dispatch(productDeleteRequested(product.product_id));
          }}
        >
          <p>
            Are you sure you want to permanently delete "{product.title}"? This action cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
