/** Star ratings: a read-only row of stars with the number beside it for screen readers and eyes. */
import type { SellerRating } from '@rewear/contracts';
import './stars.css';

/** Five stars, filled up to `value` (rounded to the nearest half for the picture only). */
export function Stars({ value, label }: { value: number; label?: string }) {
  const halves = Math.round(value * 2);
  return (
    <span className="stars" role="img" aria-label={label ?? `${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span
          key={star}
          aria-hidden="true"
          className={
            halves >= star * 2
              ? 'stars__star stars__star--full'
              : halves === star * 2 - 1
                ? 'stars__star stars__star--half'
                : 'stars__star'
          }
        >
          ★
        </span>
      ))}
    </span>
  );
}

/** "★★★★☆ 4.2 (12 reviews)", or "No reviews yet". */
export function RatingSummary({
  rating,
  compact = false,
}: {
  rating: SellerRating;
  compact?: boolean;
}) {
  if (rating.count === 0)
    return <span className="rating-summary rating-summary--none">No reviews yet</span>;
  const reviews = `${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className={compact ? 'rating-summary rating-summary--compact' : 'rating-summary'}>
      <Stars value={rating.average} label={`Rated ${rating.average.toFixed(1)} out of 5`} />
      <span className="rating-summary__number">{rating.average.toFixed(1)}</span>
      <span className="rating-summary__count">({reviews})</span>
    </span>
  );
}

/**
 * A product card's line about its seller's rating: "★★★★½ 4.5 (2)", read out as "Seller rated
 * 4.5 out of 5 (2 reviews)"; nothing while the seller has no reviews.
 */
export function SellerRatingLine({ rating }: { rating: SellerRating | undefined }) {
  if (!rating || rating.count === 0) return null;
  const average = rating.average.toFixed(1);
  const label = `Seller rated ${average} out of 5 (${rating.count} ${
    rating.count === 1 ? 'review' : 'reviews'
  })`;
  return (
    <p className="seller-rating-line" role="img" aria-label={label} title={label}>
      <span aria-hidden="true" className="seller-rating-line__stars">
        <Stars value={rating.average} />
      </span>
      <span aria-hidden="true" className="rating-summary__number">
        {average}
      </span>
      <span aria-hidden="true" className="rating-summary__count">
        ({rating.count})
      </span>
    </p>
  );
}
