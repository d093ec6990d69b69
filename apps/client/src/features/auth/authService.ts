import type { ClientConfig } from '@rewear/contracts';

/** The signed-in user as the identity provider describes them (docs/product.md §3 User). */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

/** What the auth saga needs from the identity provider; Firebase in the app, a fake in tests. */
export interface AuthService {
  init(config: ClientConfig): Promise<void>;
  subscribe(listener: (user: AuthUser | null) => void): () => void;
  signInWithEmail(email: string, password: string): Promise<AuthUser>;
  signUpWithEmail(email: string, password: string, displayName: string): Promise<AuthUser>;
  signInWithGoogle(): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Emails a reset link whose page is `continueUrl` (the app's reset page). */
  sendPasswordReset(email: string, continueUrl: string): Promise<void>;
  /** Sets the password of the account the emailed code was issued for. */
  confirmPasswordReset(code: string, newPassword: string): Promise<void>;
  getIdToken(): Promise<string | null>;
}

export type AuthServiceLoader = () => Promise<AuthService>;

export const loadFirebaseAuthService: AuthServiceLoader = () =>
  import('./firebase.ts').then((module) => module.firebaseAuthService);

/** docs/product.md §8 Authentication: provider error codes to the texts users see. */
export function authErrorMessage(error: unknown): string {
  const code =
    typeof error === 'object' && error && 'code' in error
      ? String((error as { code: unknown }).code)
      : '';
  switch (code) {
    case 'auth/email-already-in-use':
      return 'Email already in use';
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
    case 'auth/wrong-password':
    case 'auth/invalid-email':
      return 'Invalid email or password';
    case 'auth/weak-password':
      return 'Password should be at least 6 characters';
    case 'auth/user-not-found':
      return 'No account found for this email';
    default:
      return 'Authentication failed. Please try again.';
  }
}

export const RESET_LINK_INVALID =
  'This password reset link has expired or has already been used. Please ask for a new one.';

/** docs/product.md §4.1 password reset: provider error codes to the texts users see. */
export function passwordResetErrorMessage(error: unknown): string {
  const code =
    typeof error === 'object' && error && 'code' in error
      ? String((error as { code: unknown }).code)
      : '';
  switch (code) {
    case 'auth/invalid-email':
    case 'auth/missing-email':
      return 'Invalid email address';
    case 'auth/expired-action-code':
    case 'auth/invalid-action-code':
    case 'auth/user-disabled':
      return RESET_LINK_INVALID;
    case 'auth/weak-password':
      return 'Password should be at least 6 characters';
    default:
      return 'Authentication failed. Please try again.';
  }
}

/** An unknown address is answered like a known one: the page never tells which accounts exist. */
export function isUnknownAccount(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === 'auth/user-not-found'
  );
}

export const GOOGLE_SIGN_IN_FAILED = 'Google sign-in failed. Please try again.';
