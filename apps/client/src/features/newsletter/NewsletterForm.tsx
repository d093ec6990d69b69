import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectNewsletter, subscribe } from './newsletterSlice.ts';

export default function NewsletterForm() {
  const dispatch = useAppDispatch();
  const { status, message } = useAppSelector(selectNewsletter);
  const [email, setEmail] = useState('');
  const submitting = status === 'submitting';

  useEffect(() => {
    if (status === 'success') setEmail('');
  }, [status]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(subscribe({ email }));
  };

  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">Stay in the loop</h2>
      <p>New arrivals, price drops and style picks, once a week.</p>
      <form className="newsletter__form" onSubmit={onSubmit}>
        <label className="visually-hidden" htmlFor="newsletter-email">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          required
          placeholder="Enter your email"
          value={email}
          disabled={submitting}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Subscribing...' : 'Subscribe'}
        </button>
      </form>
      {message && (
        <p
          className={status === 'error' ? 'form-error' : 'form-success'}
          role={status === 'error' ? 'alert' : 'status'}
        >
          {message}
        </p>
      )}
      <p className="newsletter__unsubscribe">
        Had enough? <Link to="/unsubscribe">Unsubscribe</Link>
      </p>
    </section>
  );
}
