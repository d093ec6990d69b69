/**
 * docs/product.md §4.1: the page a password reset link opens (`?mode=resetPassword&oobCode=...`):
 * a new password, twice, then back to sign in.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import TextField from '../../components/TextField.tsx';
import {
  newPasswordSubmitted,
  passwordResetCleared,
  selectPasswordReset,
  signInFormShown,
} from './authSlice.ts';
import { RESET_LINK_INVALID } from './authService.ts';
import AuthLayout from './AuthLayout.tsx';

const PASSWORD_MIN_LENGTH = 6;

export default function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const reset = useAppSelector(selectPasswordReset);
  const [params] = useSearchParams();
  const code = params.get('oobCode');
  const mode = params.get('mode');
  const usable = Boolean(code) && (mode === null || mode === 'resetPassword');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);

  useEffect(() => {
    dispatch(signInFormShown());
    dispatch(passwordResetCleared());
  }, [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      setMismatch(`Password should be at least ${PASSWORD_MIN_LENGTH} characters`);
      return;
    }
    if (password !== confirm) {
      setMismatch('Passwords do not match');
      return;
    }
    setMismatch(null);
    if (code) dispatch(newPasswordSubmitted({ code, newPassword: password }));
  };

  if (!usable) {
    return (
      <AuthLayout title="Reset your password" subtitle="This link cannot be used.">
        <p className="rw-alert rw-alert--error" role="alert">
          {RESET_LINK_INVALID}
        </p>
        <p className="rw-auth__switch">
          <Link to="/forgot-password">Ask for a new link</Link> or <Link to="/login">sign in</Link>.
        </p>
      </AuthLayout>
    );
  }

  if (reset.confirm === 'done') {
    return (
      <AuthLayout title="Password changed" subtitle="Your new password is ready to use.">
        <p className="rw-alert rw-alert--success" role="status">
          Your password has been changed. You can now sign in with your new password.
        </p>
        <p className="rw-auth__switch">
          <Link to="/login">Sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  const error = mismatch ?? reset.error;
  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit} className="rw-form" aria-label="Choose a new password">
        {error && (
          <p className="rw-alert rw-alert--error" role="alert">
            {error}
          </p>
        )}
        <TextField
          id="reset-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          aria-describedby="reset-password-hint"
          value={password}
          onValueChange={setPassword}
        >
          <small id="reset-password-hint" className="rw-muted">
            At least {PASSWORD_MIN_LENGTH} characters
          </small>
        </TextField>
        <TextField
          id="reset-password-confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={confirm}
          onValueChange={setConfirm}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={reset.confirm === 'saving'}
        >
          {reset.confirm === 'saving' ? 'Saving...' : 'Set new password'}
        </button>
      </form>
      {reset.error === RESET_LINK_INVALID && (
        <p className="rw-auth__switch">
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      )}
      <p className="rw-auth__switch">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
