/** A member's public profile (docs/product.md §12): who, rating, reviews received, listings. */
import SellerBadges from '../../components/SellerBadges.tsx';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import ProductCard from '../product/ProductCard.tsx';
import { RatingSummary } from '../../components/Stars.tsx';
import { formatMonth } from './format.ts';
import ReviewItem from './ReviewItem.tsx';
import FollowButton from '../social/FollowButton.tsx';
import BlockButton from '../social/BlockButton.tsx';
import ReportButton from '../moderation/ReportButton.tsx';
import { selectUid } from '../auth/authSlice.ts';
import { profileRequested, selectSellerProfile } from './reviewsSlice.ts';
import './reviews.css';
import './feature.ts';

export default function SellerProfilePage() {
  const { uid = '' } = useParams();
  const dispatch = useAppDispatch();
  const { profile, status, error } = useAppSelector(selectSellerProfile);
  const me = useAppSelector(selectUid);

  useEffect(() => {
    if (uid) dispatch(profileRequested(uid));
  }, [dispatch, uid]);

  if (status === 'notFound') {
    return (
      <div className="state-message">
        <h1>Seller Not Found</h1>
        <p>There is no member with this profile.</p>
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
  if (!profile || profile.uid !== uid) {
    return (
      <div className="container seller-profile seller-profile--loading" role="status">
        <span className="visually-hidden">Loading profile...</span>
        <div className="seller-profile__head seller-profile__head--placeholder" />
      </div>
    );
  }

  const initial = (profile.displayName || '?').trim().charAt(0).toUpperCase();
  return (
    <div className="container seller-profile">
      <section className="seller-profile__head" aria-labelledby="seller-name">
        {profile.photoUrl ? (
          <img
            className="seller-profile__avatar"
            src={profile.photoUrl}
            alt=""
            width={72}
            height={72}
          />
        ) : (
          <span
            className="seller-profile__avatar seller-profile__avatar--initial"
            aria-hidden="true"
          >
            {initial}
          </span>
        )}
        <div className="seller-profile__who">
          <h1 id="seller-name">{profile.displayName || 'A Rewear member'}</h1>
          <p className="seller-profile__rating" data-testid="seller-rating">
            <RatingSummary rating={profile.rating} />
          </p>
          <SellerBadges badges={profile.badges} />
          {profile.awayUntil && (
            <p className="seller-profile__away" role="status">
              Away until {profile.awayUntil}
            </p>
          )}
          <p className="muted seller-profile__facts">
            {profile.memberSince && <span>Member since {formatMonth(profile.memberSince)}</span>}
            <span>
              {profile.itemsSold} {profile.itemsSold === 1 ? 'item' : 'items'} sold
            </span>
          </p>
          <FollowButton sellerId={profile.uid} sellerName={profile.displayName || 'this seller'} />
          <BlockButton memberId={profile.uid} memberName={profile.displayName || 'this member'} />
          {me !== profile.uid && (
            <p>
              <ReportButton
                target={{ kind: 'member', id: profile.uid }}
                subject={profile.displayName || 'this member'}
              />
            </p>
          )}
        </div>
      </section>

      <section className="seller-profile__section" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading">Reviews ({profile.rating.count})</h2>
        {profile.reviews.length === 0 ? (
          <p className="muted">No reviews yet.</p>
        ) : (
          <ul className="review-list">
            {profile.reviews.map((review) => (
              <li key={`${review.shipmentId}-${review.authorId}`}>
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="seller-profile__section" aria-labelledby="listings-heading">
        <h2 id="listings-heading">For sale ({profile.listings.length})</h2>
        {profile.listings.length === 0 ? (
          <p className="muted">Nothing for sale right now.</p>
        ) : (
          <div className="product-grid">
            {profile.listings.map((product) => (
              <ProductCard key={product.product_id} product={product} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
