import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectAuth, signUpWithEmail } from './authSlice.ts';
import TextField from '../../components/TextField.tsx';
import AuthLayout, { AuthForm, useAuthFormShown } from './AuthLayout.tsx';
import { redirectTarget } from './redirectTarget.ts';

export const PASSWORD_MIN_LENGTH = 6;

export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useAuthFormShown();

  if (auth.status === 'signedIn') return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthLayout title="Create your account" subtitle="Buy and sell second-hand fashion">
      <AuthForm
        googleLabel="Sign up with Google"
        formLabel="Register with email"
        submitLabel="Create Account"
        pendingLabel="Creating account..."
        onSubmit={() =>
          dispatch(
            signUpWithEmail({ displayName: displayName.trim(), email: email.trim(), password }),
          )
        }
      >
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
      </AuthForm>
      <p className="rw-auth__switch">
        Already have an account?{' '}
        <Link to="/login" state={location.state}>
          Sign In
        </Link>
      </p>
    </AuthLayout>
  );
}
