import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { clearAuthError, selectAuth, signInFormShown, signInWithGoogle, signUpWithEmail } from './authSlice.ts';
import TextField from '../../components/TextField.tsx';
import AuthLayout, { GoogleButton } from './AuthLayout.tsx';
import { redirectTarget } from './redirectTarget.ts';

export const PASSWORD_MIN_LENGTH = 6;

export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    dispatch(signInFormShown());
    dispatch(clearAuthError());
  }, [dispatch]);

  if (auth.status === 'signedIn') return <Navigate to={redirectTarget(location.state)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(signUpWithEmail({ displayName: displayName.trim(), email: email.trim(), password }));
  };

  return (
    <AuthLayout title="Create your account" subtitle="Buy and sell second-hand fashion">
      <GoogleButton onClick={() => dispatch(signInWithGoogle())} disabled={auth.pending} label="Sign up with Google" />
      <p className="rw-divider">
        <span>or</span>
      </p>
      <form onSubmit={submit} className="rw-form" aria-label="Register with email">
        {auth.error && (
          <p className="rw-alert rw-alert--error" role="alert">
            {auth.error}
          </p>
        )}
        <TextField
          id="register-name"
          label="Display name"
          autoComplete="name"
          required
          value={displayName}
          onValueChange={setDisplayName}
        />
        <TextField
          id="register-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
        />
        <TextField
          id="register-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          aria-describedby="register-password-hint"
          value={password}
          onValueChange={setPassword}
        >
          <small id="register-password-hint" className="rw-muted">
            At least {PASSWORD_MIN_LENGTH} characters
          </small>
        </TextField>
        <button type="submit" className="rw-btn rw-btn--primary rw-btn--block" disabled={auth.pending}>
          {auth.pending ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
      <p className="rw-auth__switch">
        Already have an account?{' '}
        <Link to="/login" state={location.state}>
          Sign In
        </Link>
      </p>
    </AuthLayout>
  );
}
