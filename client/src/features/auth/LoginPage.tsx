import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { clearAuthError, selectAuth, signInFormShown, signInWithEmail, signInWithGoogle } from './authSlice.ts';
import TextField from '../../components/TextField.tsx';
import AuthLayout, { GoogleButton } from './AuthLayout.tsx';
import { redirectTarget } from './redirectTarget.ts';

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTarget(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    dispatch(signInFormShown());
    dispatch(clearAuthError());
  }, [dispatch]);

  useEffect(() => {
    if (auth.status === 'signedIn') navigate(target, { replace: true });
  }, [auth.status, navigate, target]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(signInWithEmail({ email: email.trim(), password }));
  };

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your account">
      <GoogleButton onClick={() => dispatch(signInWithGoogle())} disabled={auth.pending} label="Sign in with Google" />
      <p className="rw-divider">
        <span>or</span>
      </p>
      <form onSubmit={submit} className="rw-form" aria-label="Sign in with email">
        {auth.error && (
          <p className="rw-alert rw-alert--error" role="alert">
            {auth.error}
          </p>
        )}
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <div className="rw-form__row-end">
          <Link to="/forgot-password">Forgot Password?</Link>
        </div>
        <button type="submit" className="rw-btn rw-btn--primary rw-btn--block" disabled={auth.pending}>
          {auth.pending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <p className="rw-auth__switch">
        Don&apos;t have an account?{' '}
        <Link to="/register" state={location.state}>
          Register
        </Link>
      </p>
    </AuthLayout>
  );
}
