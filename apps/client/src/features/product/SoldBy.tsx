/**
 * 'Sold by {seller_name}' on the product page (docs/product.md §2.7), then the seller's rating:
 * 'Sold by Mia Moore · No reviews yet'. The two are separate words with a separator between
 * them, for eyes and for screen readers alike.
 */
import { Link } from 'react-router-dom';
import type { SellerRating } from '@rewear/contracts';
import { RatingSummary } from '../../components/Stars.tsx';

export default function SoldBy({
  sellerId,
  sellerName,
  rating,
}: {
  sellerId: string;
  sellerName: string;
  rating?: SellerRating | null;
}) {
  return (
    <p className="muted product-detail__seller">
      Sold by <Link to={`/sellers/${encodeURIComponent(sellerId)}`}>{sellerName}</Link>
      {rating && (
        <>
          {' '}
          <span className="product-detail__seller-separator">·</span>{' '}
          <RatingSummary rating={rating} compact />
        </>
      )}
    </p>
  );
}
