/**
 * The home page's "From sellers you follow" row (docs/product.md §14): the newest listings of
 * the sellers the signed-in user follows; nothing for a visitor or someone following nobody.
 */
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import Carousel from '../../components/Carousel.tsx';
import ProductCard from '../product/ProductCard.tsx';
import { selectUid } from '../auth/authSlice.ts';
import { followedListingsRequested, selectFollowedRow } from './socialSlice.ts';

const TITLE = 'From sellers you follow';

export default function FollowedSellersRow() {
  const dispatch = useAppDispatch();
  const uid = useAppSelector(selectUid);
  const row = useAppSelector(selectFollowedRow);

  useEffect(() => {
    if (uid) dispatch(followedListingsRequested());
  }, [dispatch, uid]);

  if (!uid || row.status !== 'loaded' || row.followingCount === 0) return null;
  return (
    // The carousel is the section's landmark, named by the heading (as the other home rows).
    <section className="home-section">
      <div className="home-section__header">
        <h2 id="followed-sellers-title">{TITLE}</h2>
      </div>
      {row.products.length === 0 ? (
        <p className="empty-state">The sellers you follow have nothing for sale right now.</p>
      ) : (
        <Carousel
          label={TITLE}
          labelledBy="followed-sellers-title"
          items={row.products}
          getKey={(product) => product.product_id}
          renderItem={(product) => <ProductCard product={product} />}
        />
      )}
    </section>
  );
}
