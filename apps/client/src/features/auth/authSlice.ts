import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from './authService.ts';

export type { AuthUser } from './authService.ts';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  /** A sign-in, sign-up or sign-out request is in flight. */
  pending: boolean;
  error: string | null;
  /** The forgotten-password flow (docs/product.md §4.1): the link asked for, then the new password. */
  passwordReset: PasswordResetState;
}

export interface PasswordResetState {
  /** 'sent': the page says to check the email, whether or not an account has that address. */
  request: 'idle' | 'sending' | 'sent';
  /** 'done': the new password is set; the user signs in with it. */
  confirm: 'idle' | 'saving' | 'done';
  error: string | null;
}

const resetIdle: PasswordResetState = { request: 'idle', confirm: 'idle', error: null };

const initialState: AuthState = {
  status: 'loading',
  user: null,
  pending: false,
  error: null,
  passwordReset: resetIdle,
};

export interface EmailCredentials {
  email: string;
  password: string;
}
export interface NewPassword {
  /** The `oobCode` of the link Firebase emailed. */
  code: string;
  newPassword: string;
}
export interface SignUpDetails extends EmailCredentials {
  displayName: string;
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authStateChanged(state, action: PayloadAction<AuthUser | null>) {
      state.user = action.payload;
      state.status = action.payload ? 'signedIn' : 'signedOut';
    },
    signInWithEmail(state, _action: PayloadAction<EmailCredentials>) {
      state.pending = true;
      state.error = null;
    },
    signUpWithEmail(state, _action: PayloadAction<SignUpDetails>) {
      state.pending = true;
      state.error = null;
    },
    signInWithGoogle(state) {
      state.pending = true;
      state.error = null;
    },
    signOut(state) {
      state.pending = true;
    },
    authSucceeded(state, action: PayloadAction<AuthUser | null>) {
      state.pending = false;
      state.error = null;
      if (action.payload) {
        state.user = action.payload;
        state.status = 'signedIn';
      }
    },
    authFailed(state, action: PayloadAction<string>) {
      state.pending = false;
      state.error = action.payload;
    },
    clearAuthError(state) {
      state.error = null;
    },
    passwordResetRequested(state, _action: PayloadAction<{ email: string }>) {
      state.passwordReset = { ...resetIdle, request: 'sending' };
    },
    passwordResetSent(state) {
      state.passwordReset = { ...resetIdle, request: 'sent' };
    },
    newPasswordSubmitted(state, _action: PayloadAction<NewPassword>) {
      state.passwordReset = { ...resetIdle, confirm: 'saving' };
    },
    newPasswordSaved(state) {
      state.passwordReset = { ...resetIdle, confirm: 'done' };
    },
    passwordResetFailed(state, action: PayloadAction<string>) {
      state.passwordReset = { ...resetIdle, error: action.payload };
    },
    passwordResetCleared(state) {
      state.passwordReset = resetIdle;
    },
  },
});

/** A user's session began (uid changed from none or another user); carts and wishlists load. */
export const sessionStarted = createAction<{ uid: string }>('auth/sessionStarted');
/** A sign-in or register form is on screen: the identity SDK should load now, not when idle. */
export const signInFormShown = createAction('auth/signInFormShown');
/** A signed-in user signed out; their cart and wishlist leave the screen. */
export const sessionEnded = createAction('auth/sessionEnded');

export const {
  authStateChanged,
  signInWithEmail,
  signUpWithEmail,
  signInWithGoogle,
  signOut,
  authSucceeded,
  authFailed,
  clearAuthError,
  passwordResetRequested,
  passwordResetSent,
  newPasswordSubmitted,
  newPasswordSaved,
  passwordResetFailed,
  passwordResetCleared,
} = authSlice.actions;

export default authSlice.reducer;

interface WithAuth {
  auth: AuthState;
}
export const selectAuth = (state: WithAuth) => state.auth;
export const selectUser = (state: WithAuth) => state.auth.user;
export const selectUid = (state: WithAuth) => state.auth.user?.uid ?? null;
export const selectPasswordReset = (state: WithAuth) => state.auth.passwordReset;
export const selectAuthStatus = (state: WithAuth) => state.auth.status;
export const selectIsSignedIn = (state: WithAuth) => state.auth.status === 'signedIn';

/** 'Signed in as' name: display name, else the part of the email before @, else 'Account'. */
export function accountName(user: AuthUser | null): string {
  if (user?.displayName) return user.displayName;
  if (user?.email) return user.email.split('@')[0] || 'Account';
  return 'Account';
}
