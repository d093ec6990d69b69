/**
 * Firebase Authentication, the only part of Firebase the storefront uses. Loaded on demand so
 * the first paint does not wait for it; the auth saga talks to it through AuthService.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  initializeAuth,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { ClientConfig } from '@rewear/contracts';
import type { AuthService, AuthUser } from './authService.ts';

function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
  };
}

let auth: Auth | null = null;

function requireAuth(): Auth {
  if (!auth) throw new Error('Authentication is not initialised');
  return auth;
}

export const firebaseAuthService: AuthService = {
  async init(config: ClientConfig) {
    if (auth) return;
    const app = initializeApp({
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
    });
    auth = initializeAuth(app, {
      persistence: browserLocalPersistence,
      popupRedirectResolver: browserPopupRedirectResolver,
    });
    if (config.firebase.authEmulatorUrl) {
      connectAuthEmulator(auth, config.firebase.authEmulatorUrl, { disableWarnings: true });
    }
  },
  subscribe(listener) {
    return onAuthStateChanged(requireAuth(), (user) => listener(user ? toAuthUser(user) : null));
  },
  async signInWithEmail(email, password) {
    const credential = await signInWithEmailAndPassword(requireAuth(), email, password);
    return toAuthUser(credential.user);
  },
  async signUpWithEmail(email, password, displayName) {
    const credential = await createUserWithEmailAndPassword(requireAuth(), email, password);
    await updateProfile(credential.user, { displayName });
    return toAuthUser(credential.user);
  },
  async signInWithGoogle() {
    const credential = await signInWithPopup(requireAuth(), new GoogleAuthProvider());
    return toAuthUser(credential.user);
  },
  async signOut() {
    await signOut(requireAuth());
  },
  async sendPasswordReset(email, continueUrl) {
    // The continue URL is the app's reset page (docs/product.md §4.1); handleCodeInApp asks for
    // the code to be handled there rather than on Firebase's own action page.
    await sendPasswordResetEmail(requireAuth(), email, { url: continueUrl, handleCodeInApp: true });
  },
  async confirmPasswordReset(code, newPassword) {
    await confirmPasswordReset(requireAuth(), code, newPassword);
  },
  async getIdToken() {
    const user = auth?.currentUser;
    return user ? user.getIdToken() : null;
  },
};
