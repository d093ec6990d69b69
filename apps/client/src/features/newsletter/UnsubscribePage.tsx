import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectNewsletter, unsubscribe } from './newsletterSlice.ts';
import '../help/help.css';

/** `/unsubscribe?email=`: the link a newsletter carries; the address can be typed here too. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const { status, message } = useAppSelector(selectNewsletter).unsubscribe;
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const submitting = status === 'submitting';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(unsubscribe({ email }));
  };

  return (
    <div className="help-page">
      <h1>Unsubscribe from the newsletter</h1>
      <p>Enter the address the newsletter is sent to; we stop sending it at once.</p>
      <form className="help-form" onSubmit={onSubmit} aria-label="Unsubscribe">
        <label className="visually-hidden" htmlFor="unsubscribe-email">
          Email address
        </label>
        <input
          id="unsubscribe-email"
          type="email"
          required
          placeholder="Enter your email"
          value={email}
          disabled={submitting}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Unsubscribing...' : 'Unsubscribe'}
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
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}
