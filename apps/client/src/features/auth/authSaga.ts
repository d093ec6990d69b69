import { eventChannel, type Channel, type EventChannel } from 'redux-saga';
import {
  actionChannel,
  all,
  call,
  fork,
  getContext,
  put,
  race,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import type { ClientConfig } from '@rewear/contracts';
import { ApiError, setIdTokenProvider, type Api } from '../../api/http.ts';
import { authApi, registrationOf, resetPasswordUrl, type AuthApi } from './api.ts';
import {
  authFailed,
  authStateChanged,
  authSucceeded,
  newPasswordSaved,
  newPasswordSubmitted,
  passwordResetFailed,
  passwordResetRequested,
  passwordResetSent,
  sessionEnded,
  sessionStarted,
  signInWithEmail,
  signInFormShown,
  signInWithGoogle,
  signOut,
  signUpWithEmail,
} from './authSlice.ts';
import {
  authErrorMessage,
  GOOGLE_SIGN_IN_FAILED,
  isUnknownAccount,
  passwordResetErrorMessage,
  type AuthService,
  type AuthServiceLoader,
  type AuthUser,
} from './authService.ts';
import type { SessionHint } from './sessionHint.ts';

interface AuthEvent {
  user: AuthUser | null;
}

export function authStateChannel(service: AuthService): EventChannel<AuthEvent> {
  // Channels cannot carry null, so every change travels in an envelope.
  return eventChannel<AuthEvent>((emit) => service.subscribe((user) => emit({ user })));
}

/** docs/product.md §4: after a Google sign-in or an account creation the backend learns of the user; 409 = already known. */
export function* registerWithBackend(api: AuthApi, user: AuthUser, photoUrl: string | null) {
  try {
    yield call(api.register, registrationOf(user, photoUrl));
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return;
    // A registration failure never blocks sign-in.
    console.error('Registration failed', error instanceof Error ? error.message : error);
  }
}

function* watchAuthState(channel: EventChannel<AuthEvent>, hint: SessionHint) {
  let currentUid: string | null = null;
  while (true) {
    const { user }: AuthEvent = yield take(channel);
    if (user) yield call([hint, hint.remember]);
    else yield call([hint, hint.forget]);
    yield put(authStateChanged(user));
    const uid = user?.uid ?? null;
    if (uid === currentUid) continue;
    if (currentUid !== null) yield put(sessionEnded());
    currentUid = uid;
    if (uid !== null) yield put(sessionStarted({ uid }));
  }
}

function* emailSignIn(service: AuthService, action: ReturnType<typeof signInWithEmail>) {
  try {
    const user: AuthUser = yield call(
      [service, service.signInWithEmail],
      action.payload.email,
      action.payload.password,
    );
    yield put(authSucceeded(user));
  } catch (error) {
    yield put(authFailed(authErrorMessage(error)));
  }
}

function* emailSignUp(
  service: AuthService,
  api: AuthApi,
  action: ReturnType<typeof signUpWithEmail>,
) {
  try {
    const { email, password, displayName } = action.payload;
    const user: AuthUser = yield call(
      [service, service.signUpWithEmail],
      email,
      password,
      displayName,
    );
    const named = { ...user, displayName: user.displayName ?? displayName };
    yield call(registerWithBackend, api, named, null);
    // The provider announced the user before the display name was set: show the name now.
    yield put(authStateChanged(named));
    yield put(authSucceeded(named));
  } catch (error) {
    yield put(authFailed(authErrorMessage(error)));
  }
}

function* googleSignIn(service: AuthService, api: AuthApi) {
  try {
    const user: AuthUser = yield call([service, service.signInWithGoogle]);
    yield call(registerWithBackend, api, user, user.photoURL);
    yield put(authSucceeded(user));
  } catch (error) {
    console.error('Google sign-in failed', error instanceof Error ? error.message : error);
    yield put(authFailed(GOOGLE_SIGN_IN_FAILED));
  }
}

/** docs/product.md §4.1: the link is asked for; an unknown address gets the same answer as a known one. */
export function* requestPasswordReset(
  service: AuthService,
  action: ReturnType<typeof passwordResetRequested>,
) {
  try {
    const continueUrl: string = yield call(resetPasswordUrl);
    yield call([service, service.sendPasswordReset], action.payload.email, continueUrl);
    yield put(passwordResetSent());
  } catch (error) {
    if (isUnknownAccount(error)) yield put(passwordResetSent());
    else yield put(passwordResetFailed(passwordResetErrorMessage(error)));
  }
}

export function* saveNewPassword(
  service: AuthService,
  action: ReturnType<typeof newPasswordSubmitted>,
) {
  try {
    const { code, newPassword } = action.payload;
    yield call([service, service.confirmPasswordReset], code, newPassword);
    yield put(newPasswordSaved());
  } catch (error) {
    yield put(passwordResetFailed(passwordResetErrorMessage(error)));
  }
}

function* signOutSaga(service: AuthService) {
  try {
    yield call([service, service.signOut]);
  } catch (error) {
    console.error('Sign-out failed', error instanceof Error ? error.message : error);
  }
  yield put(authSucceeded(null));
}

export function* authSaga() {
  const http: Api = yield getContext('api');
  const api = authApi(http);
  const loadAuthService: AuthServiceLoader = yield getContext('loadAuthService');
  const hint: SessionHint = yield getContext('sessionHint');
  const whenIdle: () => Promise<void> = yield getContext('whenIdle');
  // Commands wait in these buffers while the identity SDK loads: a visitor may press Sign in first.
  const emailSignIns: Channel<ReturnType<typeof signInWithEmail>> = yield actionChannel(
    signInWithEmail.type,
  );
  const emailSignUps: Channel<ReturnType<typeof signUpWithEmail>> = yield actionChannel(
    signUpWithEmail.type,
  );
  const googleSignIns: Channel<ReturnType<typeof signInWithGoogle>> = yield actionChannel(
    signInWithGoogle.type,
  );
  const signOuts: Channel<ReturnType<typeof signOut>> = yield actionChannel(signOut.type);
  const resetRequests: Channel<ReturnType<typeof passwordResetRequested>> = yield actionChannel(
    passwordResetRequested.type,
  );
  const newPasswords: Channel<ReturnType<typeof newPasswordSubmitted>> = yield actionChannel(
    newPasswordSubmitted.type,
  );

  if (!hint.present()) {
    // No session was left in this browser: the visitor is signed out, the page renders now, and the
    // SDK loads when the browser is idle (or at once when a sign-in form opens) to confirm.
    yield put(authStateChanged(null));
    yield race([
      call(whenIdle),
      take([
        signInFormShown.type,
        signInWithEmail.type,
        signUpWithEmail.type,
        signInWithGoogle.type,
        passwordResetRequested.type,
        newPasswordSubmitted.type,
      ]),
    ]);
  }

  let service: AuthService;
  try {
    const [config, loaded]: [ClientConfig, AuthService] = yield all([
      call(api.config),
      call(loadAuthService),
    ]);
    service = loaded;
    yield call([service, service.init], config);
  } catch (error) {
    console.error('Sign-in is unavailable', error instanceof Error ? error.message : error);
    yield put(authStateChanged(null));
    const unavailable = authErrorMessage(error);
    function* refuse() {
      yield put(authFailed(unavailable));
    }
    yield takeEvery(emailSignIns, refuse);
    yield takeEvery(emailSignUps, refuse);
    yield takeEvery(googleSignIns, refuse);
    yield takeEvery(signOuts, function* () {
      yield put(authSucceeded(null));
    });
    function* refuseReset() {
      yield put(passwordResetFailed(unavailable));
    }
    yield takeEvery(resetRequests, refuseReset);
    yield takeEvery(newPasswords, refuseReset);
    return;
  }
  yield call(setIdTokenProvider, () => service.getIdToken());
  const channel: EventChannel<AuthEvent> = yield call(authStateChannel, service);
  yield fork(watchAuthState, channel, hint);
  yield takeLatest(emailSignIns, emailSignIn, service);
  yield takeLatest(emailSignUps, emailSignUp, service, api);
  yield takeLatest(googleSignIns, googleSignIn, service, api);
  yield takeLatest(signOuts, signOutSaga, service);
  yield takeLatest(resetRequests, requestPasswordReset, service);
  yield takeLatest(newPasswords, saveNewPassword, service);
}
