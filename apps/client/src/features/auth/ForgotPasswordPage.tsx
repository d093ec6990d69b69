/** docs/product.md §4.1: a reset link is emailed; the page never says whether the address has an account. */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import TextField from '../../components/TextField.tsx';
import {
  passwordResetCleared,
  passwordResetRequested,
  selectPasswordReset,
  signInFormShown,
} from './authSlice.ts';
import AuthLayout from './AuthLayout.tsx';

export const RESET_EMAIL_SENT = 'Check your email for a link to reset your password.';

export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const reset = useAppSelector(selectPasswordReset);
  const [email, setEmail] = useState('');

  useEffect(() => {
    dispatch(signInFormShown());
    dispatch(passwordResetCleared());
  }, [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(passwordResetRequested({ email: email.trim() }));
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to reset it."
    >
      {reset.request === 'sent' ? (
        <p className="rw-alert rw-alert--success" role="status">
          {RESET_EMAIL_SENT}
        </p>
      ) : (
        <form onSubmit={submit} className="rw-form" aria-label="Reset your password">
          {reset.error && (
            <p className="rw-alert rw-alert--error" role="alert">
              {reset.error}
            </p>
          )}
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onValueChange={setEmail}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={reset.request === 'sending'}
          >
            {reset.request === 'sending' ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <p className="rw-auth__switch">
        Remembered it? <Link to="/login">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
