/**
 * The reviews of one shipment for its buyer or its seller (docs/product.md §12): the form once it
 * is completed, then the review left (changeable for 7 days) and the other party's. Any page that
 * shows a completed shipment can host it: `<ShipmentReview shipmentId={...} />`.
 */
// REVIEW_RULES sits beside its schema, so zod comes with this chunk: configured first.
import '../../zodConfig.ts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { REVIEW_RULES, type ReviewView } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { formatDay, isEditable } from './format.ts';
import ReviewItem from './ReviewItem.tsx';
import { reviewSubmitted, selectShipmentReview, shipmentReviewsRequested } from './reviewsSlice.ts';
import './reviews.css';
import './feature.ts';

const STAR_LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

function ReviewForm({
  shipmentId,
  subject,
  initial,
  saving,
  onCancel,
}: {
  shipmentId: string;
  subject: string;
  initial: ReviewView | null;
  saving: boolean;
  onCancel?: () => void;
}) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setProblem('Please choose from 1 to 5 stars');
      return;
    }
    setProblem(null);
    dispatch(
      reviewSubmitted({ shipmentId, mode: initial ? 'edit' : 'leave', rating, text: text.trim() }),
    );
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      <fieldset className="review-form__stars">
        <legend>Your rating of the {subject}</legend>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className={star <= rating ? 'star-pick star-pick--on' : 'star-pick'}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={star}
              checked={rating === star}
              onChange={() => setRating(star)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {star} {star === 1 ? 'star' : 'stars'}: {STAR_LABELS[star - 1]}
            </span>
          </label>
        ))}
        <span className="review-form__star-label" aria-hidden="true">
          {rating > 0 ? STAR_LABELS[rating - 1] : ''}
        </span>
      </fieldset>
      <label className="review-form__label" htmlFor={`${id}-text`}>
        Your review (optional)
      </label>
      <textarea
        id={`${id}-text`}
        className="review-form__text"
        rows={4}
        maxLength={REVIEW_RULES.textMax}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count`}
      />
      <p id={`${id}-count`} className="muted review-form__count">
        {text.length} / {REVIEW_RULES.textMax} characters
      </p>
      {problem && (
        <p className="review-form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="review-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving...' : initial ? 'Save changes' : 'Leave review'}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

export default function ShipmentReview({ shipmentId }: { shipmentId: string }) {
  const dispatch = useAppDispatch();
  const entry = useAppSelector(selectShipmentReview(shipmentId));
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    dispatch(shipmentReviewsRequested(shipmentId));
  }, [dispatch, shipmentId]);

  // A saved change closes the form.
  const mine = entry?.reviews?.mine ?? null;
  useEffect(() => setEditing(false), [mine?.rating, mine?.text]);

  if (!entry || (entry.status === 'loading' && !entry.reviews))
    return (
      <section className="shipment-review" role="status">
        <span className="muted">Loading reviews...</span>
      </section>
    );
  if (entry.status === 'error' || !entry.reviews)
    return (
      <section className="shipment-review" role="alert">
        <p>{entry.error ?? 'The reviews could not be loaded'}</p>
      </section>
    );

  const { reviews, saving, saveError } = entry;
  const subject = reviews.role === 'buyer' ? 'seller' : 'buyer';
  return (
    <section className="shipment-review" aria-labelledby={`review-${shipmentId}`}>
      <h2 id={`review-${shipmentId}`}>Review the {subject}</h2>
      {!reviews.open ? (
        <p className="muted">You can review the {subject} once this order is completed.</p>
      ) : !mine || editing ? (
        <ReviewForm
          key={mine ? `edit-${mine.editedAt ?? mine.leftAt}` : 'leave'}
          shipmentId={shipmentId}
          subject={subject}
          initial={mine}
          saving={saving}
          onCancel={mine ? () => setEditing(false) : undefined}
        />
      ) : (
        <div className="shipment-review__mine">
          <p className="shipment-review__caption">Your review</p>
          <ReviewItem review={mine} />
          {isEditable(mine, new Date()) ? (
            <p className="muted">
              You can change it until {formatDay(mine.editableUntil)}.{' '}
              <button type="button" className="link-button" onClick={() => setEditing(true)}>
                Change your review
              </button>
            </p>
          ) : (
            <p className="muted">Reviews can be changed for 7 days.</p>
          )}
        </div>
      )}
      {saveError && (
        <p className="review-form__error" role="alert">
          {saveError}
        </p>
      )}
      {reviews.theirs && (
        <div className="shipment-review__theirs">
          <p className="shipment-review__caption">The {subject}&rsquo;s review of you</p>
          <ReviewItem review={reviews.theirs} />
        </div>
      )}
    </section>
  );
}
