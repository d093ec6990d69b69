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

export const GOOGLE_SIGN_IN_FAILED = 'Google sign-in failed. Please try again.';
