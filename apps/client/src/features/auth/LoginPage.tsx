import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectAuth, signInWithEmail } from './authSlice.ts';
import TextField from '../../components/TextField.tsx';
import AuthLayout, { AuthForm, useAuthFormShown } from './AuthLayout.tsx';
import { redirectTarget } from './redirectTarget.ts';

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTarget(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useAuthFormShown();

  useEffect(() => {
    if (auth.status === 'signedIn') navigate(target, { replace: true });
  }, [auth.status, navigate, target]);

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your account">
      <AuthForm
        googleLabel="Sign in with Google"
        formLabel="Sign in with email"
        submitLabel="Sign In"
        pendingLabel="Signing in..."
        onSubmit={() => dispatch(signInWithEmail({ email: email.trim(), password }))}
      >
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
      </AuthForm>
      <p className="rw-auth__switch">
        Don&apos;t have an account?{' '}
        <Link to="/register" state={location.state}>
          Register
        </Link>
      </p>
    </AuthLayout>
  );
}
