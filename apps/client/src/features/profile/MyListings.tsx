import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { deleteMyListing, fetchMyListings, selectMyListings } from '../listings/listingsSlice.ts';
import '../listings/feature.ts';

const createdDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
};

export default function MyListings({ uid }: { uid: string }) {
  const dispatch = useAppDispatch();
  const mine = useAppSelector(selectMyListings);

  useEffect(() => {
    dispatch(fetchMyListings({ uid }));
  }, [dispatch, uid]);

  const remove = (productId: string) => {
    if (window.confirm('Are you sure you want to delete this listing?'))
      dispatch(deleteMyListing({ productId }));
  };

  const count = mine.items.length;
  return (
    <section className="rw-card rw-listings" aria-labelledby="my-listings-title">
      <div className="rw-listings__head">
        <div>
          <h2 id="my-listings-title">My Listings</h2>
          <p className="rw-muted">
            {count} {count === 1 ? 'listing' : 'listings'}
          </p>
        </div>
        <Link to="/create-listing" className="button button--primary button--small">
          New Listing
        </Link>
      </div>

      {mine.status === 'loading' && count === 0 ? (
        <p className="rw-muted" role="status">
          Loading your listings...
        </p>
      ) : mine.status === 'failed' ? (
        <p className="rw-alert rw-alert--error" role="alert">
          {mine.error}
        </p>
      ) : count === 0 ? (
        <div className="rw-empty">
          <h3>No listings yet</h3>
          <p className="rw-muted">Start selling by creating your first listing</p>
          <Link to="/create-listing" className="button button--primary">
            Create Your First Listing
          </Link>
        </div>
      ) : (
        <ul className="rw-listings__rows">
          {mine.items.map((product) => {
            const deleting = mine.deleting.includes(product.product_id);
            return (
              <li key={product.product_id} className="rw-listing-row" aria-busy={deleting}>
                {product.image ? (
                  <img src={product.image} alt="" width={64} height={64} loading="lazy" />
                ) : (
                  <span className="rw-listing-row__noimg" aria-hidden="true" />
                )}
                <div className="rw-listing-row__info">
                  <strong>{product.title}</strong>
                  <span className="rw-muted">
                    {[product.brand_name, product.category_name].filter(Boolean).join(' · ')}
                  </span>
                  <span className="rw-listing-row__meta">
                    <span>{formatPrice(Number(product.price))}</span>
                    <span aria-label={`${product.num_likes ?? 0} likes`}>
                      ♥ {product.num_likes ?? 0}
                    </span>
                    <span className="rw-muted">{createdDate(product.created_at)}</span>
                  </span>
                </div>
                <div className="rw-listing-row__actions">
                  <Link
                    to={`/products/${product.product_id}`}
                    className="button button--secondary button--small"
                    aria-label={`View ${product.title}`}
                  >
                    View
                  </Link>
                  <Link
                    to={`/update-listing/${product.product_id}`}
                    className="button button--secondary button--small"
                    aria-label={`Edit ${product.title}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="button button--secondary button--small rw-icon-btn--danger"
                    onClick={() => remove(product.product_id)}
                    disabled={deleting}
                    aria-label={`Delete ${product.title}`}
                  >
                    {deleting ? (
                      <span className="rw-spinner" role="status" aria-label="Deleting" />
                    ) : (
                      'Delete'
                    )}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
