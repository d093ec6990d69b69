import { describe, expect, it, vi } from 'vitest';
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { ApiError, type Api } from '../../api/http.ts';
import auth, {
  accountName,
  newPasswordSubmitted,
  passwordResetCleared,
  passwordResetRequested,
  sessionEnded,
  sessionStarted,
  signInFormShown,
  signInWithEmail,
  signInWithGoogle,
  signOut,
  signUpWithEmail,
} from './authSlice.ts';
import { authSaga } from './authSaga.ts';
import {
  authErrorMessage,
  RESET_LINK_INVALID,
  type AuthService,
  type AuthUser,
} from './authService.ts';
import type { SessionHint } from './sessionHint.ts';

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((r) => setTimeout(r, 0));
};

function fakeProvider() {
  let listener: (user: AuthUser | null) => void = () => {};
  const service: AuthService = {
    init: vi.fn(async () => {}),
    subscribe: (l) => {
      listener = l;
      return () => {};
    },
    signInWithEmail: vi.fn(async () => {
      throw Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), {
        code: 'auth/invalid-credential',
      });
    }),
    signUpWithEmail: vi.fn(async (email: string) => ({
      uid: 'u2',
      email,
      displayName: null,
      photoURL: null,
    })),
    signInWithGoogle: vi.fn(async () => ({
      uid: 'g1',
      email: 'g@x.io',
      displayName: 'Gee',
      photoURL: 'http://p/1.png',
    })),
    signOut: vi.fn(async () => {}),
    sendPasswordReset: vi.fn(async () => {}),
    confirmPasswordReset: vi.fn(async () => {}),
    getIdToken: vi.fn(async () => 'token'),
  };
  return { service, emit: (user: AuthUser | null) => listener(user) };
}

function memoryHint(present: boolean): SessionHint {
  let value = present;
  return {
    present: () => value,
    remember: () => {
      value = true;
    },
    forget: () => {
      value = false;
    },
  };
}

interface StartOptions {
  /** A session was left in this browser (default: yes, the SDK decides before anything renders). */
  hint?: SessionHint;
  whenIdle?: () => Promise<void>;
  loadAuthService?: () => Promise<AuthService>;
}

function start(api: Partial<Api>, service: AuthService, options: StartOptions = {}) {
  const seen: string[] = [];
  const hint = options.hint ?? memoryHint(true);
  const sagaMiddleware = createSagaMiddleware({
    context: {
      api,
      loadAuthService: options.loadAuthService ?? (async () => service),
      sessionHint: hint,
      whenIdle: options.whenIdle ?? (() => Promise.resolve()),
    },
  });
  const recorder: Middleware = () => (next) => (action) => {
    seen.push((action as { type: string }).type);
    return next(action);
  };
  const store = configureStore({
    reducer: { auth },
    middleware: (g) => g({ thunk: false }).concat(recorder).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(authSaga);
  return { store, task, seen, hint };
}

const config = {
  firebase: {
    apiKey: 'k',
    authDomain: 'd',
    projectId: 'demo-x',
    authEmulatorUrl: 'http://127.0.0.1:9099',
  },
  stripePublishableKey: null,
};

describe('auth saga', () => {
  it('starts sessions only when the user changes and ends them only after a sign-in', async () => {
    const { service, emit } = fakeProvider();
    const { store, task, seen } = start({ get: vi.fn(async () => config) as Api['get'] }, service);
    await flush();
    expect(service.init).toHaveBeenCalledWith(config);
    expect(store.getState().auth.status).toBe('loading');
    emit(null);
    await flush();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(seen).not.toContain(sessionEnded.type); // a visitor's cart survives the first answer
    const user = { uid: 'u1', email: 'ann@x.io', displayName: null, photoURL: null };
    emit(user);
    emit({ ...user, displayName: 'Ann' });
    await flush();
    expect(seen.filter((t) => t === sessionStarted.type)).toHaveLength(1);
    emit(null);
    await flush();
    expect(seen.filter((t) => t === sessionEnded.type)).toHaveLength(1);
    task.cancel();
  });

  it('maps provider errors to the spec texts', async () => {
    const { service } = fakeProvider();
    const { store, task } = start({ get: vi.fn(async () => config) as Api['get'] }, service);
    await flush();
    store.dispatch(signInWithEmail({ email: 'a@b.c', password: 'nope12' }));
    await flush();
    expect(store.getState().auth).toMatchObject({
      pending: false,
      error: 'Invalid email or password',
    });
    expect(authErrorMessage({ code: 'auth/email-already-in-use' })).toBe('Email already in use');
    expect(authErrorMessage({ code: 'auth/weak-password' })).toBe(
      'Password should be at least 6 characters',
    );
    expect(authErrorMessage({ code: 'auth/user-not-found' })).toBe(
      'No account found for this email',
    );
    expect(authErrorMessage(new Error('boom'))).toBe('Authentication failed. Please try again.');
    task.cancel();
  });

  it('registers new users with the backend, tolerating 409 and never blocking on failure', async () => {
    const { service } = fakeProvider();
    const post = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'User already registered'))
      .mockRejectedValueOnce(new ApiError(500, 'HTTP error: 500'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, task } = start({ get: vi.fn(async () => config) as Api['get'], post }, service);
    await flush();
    store.dispatch(signInWithGoogle());
    await flush();
    expect(post).toHaveBeenLastCalledWith('/api/users/register', {
      uid: 'g1',
      email: 'g@x.io',
      display_name: 'Gee',
      photo_url: 'http://p/1.png',
    });
    expect(store.getState().auth).toMatchObject({ status: 'signedIn', error: null });
    expect(error).not.toHaveBeenCalledWith('Registration failed', expect.anything());

    store.dispatch(
      signUpWithEmail({ email: 'new@x.io', password: 'secret1', displayName: 'Newt' }),
    );
    await flush();
    expect(post).toHaveBeenLastCalledWith('/api/users/register', {
      uid: 'u2',
      email: 'new@x.io',
      display_name: 'Newt',
      photo_url: null,
    });
    expect(error).toHaveBeenCalledWith('Registration failed', 'HTTP error: 500');
    expect(store.getState().auth.user).toMatchObject({ uid: 'u2', displayName: 'Newt' });
    error.mockRestore();
    task.cancel();
  });

  it('names the account by display name, email prefix or Account', () => {
    expect(accountName({ uid: '1', email: 'zoe@x.io', displayName: 'Zoë', photoURL: null })).toBe(
      'Zoë',
    );
    expect(accountName({ uid: '1', email: 'zoe@x.io', displayName: null, photoURL: null })).toBe(
      'zoe',
    );
    expect(accountName({ uid: '1', email: null, displayName: null, photoURL: null })).toBe(
      'Account',
    );
  });
});

describe('auth saga without a session hint (a first visit)', () => {
  const never = () => new Promise<void>(() => {});

  function deferred() {
    let resolve: () => void = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  }

  it('knows the visitor is signed out at once and confirms with the SDK when the browser is idle', async () => {
    const { service, emit } = fakeProvider();
    const idle = deferred();
    const load = vi.fn(async () => service);
    const get = vi.fn(async () => config) as Api['get'];
    const { store, task, seen, hint } = start({ get }, service, {
      hint: memoryHint(false),
      whenIdle: () => idle.promise,
      loadAuthService: load,
    });
    expect(store.getState().auth.status).toBe('signedOut');
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();

    idle.resolve();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(service.init).toHaveBeenCalledWith(config);
    // A session the note did not know about (e.g. storage cleared by hand) still wins.
    emit({ uid: 'u9', email: 'nia@x.io', displayName: 'Nia', photoURL: null });
    await flush();
    expect(store.getState().auth.status).toBe('signedIn');
    expect(seen).toContain(sessionStarted.type);
    expect(hint.present()).toBe(true);
    task.cancel();
  });

  it('loads the SDK as soon as a sign-in form opens', async () => {
    const { service } = fakeProvider();
    const load = vi.fn(async () => service);
    const { store, task } = start({ get: vi.fn(async () => config) as Api['get'] }, service, {
      hint: memoryHint(false),
      whenIdle: never,
      loadAuthService: load,
    });
    await flush();
    expect(load).not.toHaveBeenCalled();
    store.dispatch(signInFormShown());
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    task.cancel();
  });

  it('keeps a sign-in pressed before the SDK arrived and runs it once it has', async () => {
    const { service, emit } = fakeProvider();
    service.signInWithEmail = vi.fn(async (email: string) => {
      const user = { uid: 'u5', email, displayName: null, photoURL: null };
      emit(user);
      return user;
    });
    const { store, task, hint } = start({ get: vi.fn(async () => config) as Api['get'] }, service, {
      hint: memoryHint(false),
      whenIdle: never,
    });
    store.dispatch(signInWithEmail({ email: 'eve@x.io', password: 'secret1' }));
    expect(store.getState().auth.pending).toBe(true);
    await flush();
    expect(service.signInWithEmail).toHaveBeenCalledWith('eve@x.io', 'secret1');
    expect(store.getState().auth).toMatchObject({ status: 'signedIn', pending: false });
    expect(hint.present()).toBe(true);

    store.dispatch(signOut());
    await flush();
    emit(null);
    await flush();
    expect(store.getState().auth).toMatchObject({ status: 'signedOut', pending: false });
    expect(hint.present()).toBe(false);
    task.cancel();
  });

  it('answers sign-in attempts with an error when the SDK cannot load', async () => {
    const { service } = fakeProvider();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, task } = start({ get: vi.fn(async () => config) as Api['get'] }, service, {
      hint: memoryHint(false),
      whenIdle: never,
      loadAuthService: async () => {
        throw new Error('chunk failed to load');
      },
    });
    store.dispatch(signInWithEmail({ email: 'eve@x.io', password: 'secret1' }));
    await flush();
    expect(store.getState().auth).toMatchObject({
      status: 'signedOut',
      pending: false,
      error: 'Authentication failed. Please try again.',
    });
    expect(error).toHaveBeenCalledWith('Sign-in is unavailable', 'chunk failed to load');
    error.mockRestore();
    task.cancel();
  });
});

describe('password reset', () => {
  const firebaseError = (code: string) =>
    Object.assign(new Error(`Firebase: Error (${code}).`), { code });

  it('asks for the link with the reset page as continue URL and says so whatever the address', async () => {
    const { service } = fakeProvider();
    const { store, task } = start({ get: vi.fn(async () => config) as Api['get'] }, service, {
      hint: memoryHint(false),
      whenIdle: () => new Promise<void>(() => {}),
    });
    // Asking loads the SDK, as a sign-in form does.
    store.dispatch(passwordResetRequested({ email: 'ann@x.io' }));
    expect(store.getState().auth.passwordReset.request).toBe('sending');
    await flush();
    expect(service.sendPasswordReset).toHaveBeenCalledWith(
      'ann@x.io',
      `${window.location.origin}/reset-password`,
    );
    expect(store.getState().auth.passwordReset).toEqual({
      request: 'sent',
      confirm: 'idle',
      error: null,
    });

    // An address without an account gets the same answer.
    service.sendPasswordReset = vi.fn(async () => {
      throw firebaseError('auth/user-not-found');
    });
    store.dispatch(passwordResetRequested({ email: 'nobody@x.io' }));
    await flush();
    expect(store.getState().auth.passwordReset.request).toBe('sent');

    service.sendPasswordReset = vi.fn(async () => {
      throw firebaseError('auth/invalid-email');
    });
    store.dispatch(passwordResetRequested({ email: 'a@b' }));
    await flush();
    expect(store.getState().auth.passwordReset).toEqual({
      request: 'idle',
      confirm: 'idle',
      error: 'Invalid email address',
    });
    store.dispatch(passwordResetCleared());
    expect(store.getState().auth.passwordReset.error).toBeNull();
    task.cancel();
  });

  it('sets the new password with the emailed code, and explains a spent or expired code', async () => {
    const { service } = fakeProvider();
    const { store, task } = start({ get: vi.fn(async () => config) as Api['get'] }, service);
    await flush();
    store.dispatch(newPasswordSubmitted({ code: 'oob-1', newPassword: 'fresh1' }));
    expect(store.getState().auth.passwordReset.confirm).toBe('saving');
    await flush();
    expect(service.confirmPasswordReset).toHaveBeenCalledWith('oob-1', 'fresh1');
    expect(store.getState().auth.passwordReset.confirm).toBe('done');

    for (const code of ['auth/expired-action-code', 'auth/invalid-action-code']) {
      service.confirmPasswordReset = vi.fn(async () => {
        throw firebaseError(code);
      });
      store.dispatch(newPasswordSubmitted({ code: 'oob-1', newPassword: 'fresh1' }));
      await flush();
      expect(store.getState().auth.passwordReset).toEqual({
        request: 'idle',
        confirm: 'idle',
        error: RESET_LINK_INVALID,
      });
    }
    // Sign-in errors are kept apart from the reset flow's.
    expect(store.getState().auth.error).toBeNull();
    task.cancel();
  });

  it('answers with an error when the SDK cannot load', async () => {
    const { service } = fakeProvider();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, task } = start({ get: vi.fn(async () => config) as Api['get'] }, service, {
      hint: memoryHint(false),
      whenIdle: () => new Promise<void>(() => {}),
      loadAuthService: async () => {
        throw new Error('chunk failed to load');
      },
    });
    store.dispatch(passwordResetRequested({ email: 'ann@x.io' }));
    await flush();
    expect(store.getState().auth.passwordReset).toMatchObject({
      request: 'idle',
      error: 'Authentication failed. Please try again.',
    });
    error.mockRestore();
    task.cancel();
  });
});
