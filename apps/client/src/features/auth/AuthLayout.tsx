import { useEffect, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { clearAuthError, selectAuth, signInFormShown, signInWithGoogle } from './authSlice.ts';
import './account.css';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.6 17.7 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.8l7.8-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.9 2.3-8.4 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.8 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

function GoogleButton({
  onClick,
  disabled,
  label,
}: {
  onClick: () => void;
  disabled: boolean;
  label: string;
}) {
  return (
    <button
      type="button"
      className="button button--secondary button--block"
      onClick={onClick}
      disabled={disabled}
    >
      <GoogleIcon />
      {label}
    </button>
  );
}

/** Announces the sign-in form (for the session hint) and clears an error left by another screen. */
export function useAuthFormShown() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(signInFormShown());
    dispatch(clearAuthError());
  }, [dispatch]);
}

interface AuthFormProps {
  googleLabel: string;
  formLabel: string;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: () => void;
  /** The form's fields, and anything between them and the submit button. */
  children: ReactNode;
}

/** Google first, then the email form with the sign-in error above its fields: the login and register screens. */
export function AuthForm({
  googleLabel,
  formLabel,
  submitLabel,
  pendingLabel,
  onSubmit,
  children,
}: AuthFormProps) {
  const dispatch = useAppDispatch();
  const auth = useAppSelector(selectAuth);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <GoogleButton
        onClick={() => dispatch(signInWithGoogle())}
        disabled={auth.pending}
        label={googleLabel}
      />
      <p className="rw-divider">
        <span>or</span>
      </p>
      <form onSubmit={submit} className="rw-form" aria-label={formLabel}>
        {auth.error && (
          <p className="rw-alert rw-alert--error" role="alert">
            {auth.error}
          </p>
        )}
        {children}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={auth.pending}
        >
          {auth.pending ? pendingLabel : submitLabel}
        </button>
      </form>
    </>
  );
}

/** Sign-in screens stand outside the shared layout (docs/product.md §2 route table). */
export default function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="rw-auth" id="main">
      <div className="rw-auth__card">
        <Link to="/" className="rw-auth__logo">
          Rewear
        </Link>
        <h1 className="rw-auth__title">{title}</h1>
        <p className="rw-muted">{subtitle}</p>
        {children}
      </div>
    </main>
  );
}
