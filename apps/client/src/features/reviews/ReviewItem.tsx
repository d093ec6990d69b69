import type { ReviewView } from '@rewear/contracts';
import { Stars } from '../../components/Stars.tsx';
import { formatDay, fromLabel } from './format.ts';

/** One review: stars, who and when, then the text (as text). */
export default function ReviewItem({ review }: { review: ReviewView }) {
  return (
    <article className="review-item">
      <header className="review-item__head">
        <Stars value={review.rating} />
        <span className="review-item__author">{review.authorName || 'A member'}</span>
        <span className="review-item__meta">
          {fromLabel(review)} · {formatDay(review.leftAt)}
          {review.editedAt ? ' · edited' : ''}
        </span>
      </header>
      {review.text && <p className="review-item__text">{review.text}</p>}
    </article>
  );
}
