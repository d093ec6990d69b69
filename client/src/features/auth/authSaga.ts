import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, getContext, put, take, takeLatest, type SagaReturnType } from 'redux-saga/effects';
import type { ClientConfig } from '@rewear/contracts';
import { ApiError, setIdTokenProvider, type Api } from '../../api/http.ts';
import {
  authFailed,
  authStateChanged,
  authSucceeded,
  sessionEnded,
  sessionStarted,
  signInWithEmail,
  signInWithGoogle,
  signOut,
  signUpWithEmail,
} from './authSlice.ts';
import { authErrorMessage, GOOGLE_SIGN_IN_FAILED, type AuthService, type AuthServiceLoader, type AuthUser } from './authService.ts';

interface AuthEvent {
  user: AuthUser | null;
}

export function authStateChannel(service: AuthService): EventChannel<AuthEvent> {
  // Channels cannot carry null, so every change travels in an envelope.
  return eventChannel<AuthEvent>((emit) => service.subscribe((user) => emit({ user })));
}

/** SPEC §4: after a Google sign-in or an account creation the backend learns of the user; 409 = already known. */
export function* registerWithBackend(api: Api, user: AuthUser, photoUrl: string | null) {
  try {
    yield call(api.post, '/api/users/register', {
      uid: user.uid,
      email: user.email,
      display_name: user.displayName || user.email,
      photo_url: photoUrl,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return;
    // A registration failure never blocks sign-in.
    console.error('Registration failed', error instanceof Error ? error.message : error);
  }
}

function* watchAuthState(channel: EventChannel<AuthEvent>) {
  let currentUid: string | null = null;
  while (true) {
    const { user }: AuthEvent = yield take(channel);
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
    const user: AuthUser = yield call([service, service.signInWithEmail], action.payload.email, action.payload.password);
    yield put(authSucceeded(user));
  } catch (error) {
    yield put(authFailed(authErrorMessage(error)));
  }
}

function* emailSignUp(service: AuthService, api: Api, action: ReturnType<typeof signUpWithEmail>) {
  try {
    const { email, password, displayName } = action.payload;
    const user: AuthUser = yield call([service, service.signUpWithEmail], email, password, displayName);
    const named = { ...user, displayName: user.displayName ?? displayName };
    yield call(registerWithBackend, api, named, null);
    // The provider announced the user before the display name was set: show the name now.
    yield put(authStateChanged(named));
    yield put(authSucceeded(named));
  } catch (error) {
    yield put(authFailed(authErrorMessage(error)));
  }
}

function* googleSignIn(service: AuthService, api: Api) {
  try {
    const user: AuthUser = yield call([service, service.signInWithGoogle]);
    yield call(registerWithBackend, api, user, user.photoURL);
    yield put(authSucceeded(user));
  } catch (error) {
    console.error('Google sign-in failed', error instanceof Error ? error.message : error);
    yield put(authFailed(GOOGLE_SIGN_IN_FAILED));
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
  const api: Api = yield getContext('api');
  const loadAuthService: AuthServiceLoader = yield getContext('loadAuthService');
  let service: AuthService;
  try {
    const config: ClientConfig = yield call(api.get, '/api/config');
    service = (yield call(loadAuthService)) as SagaReturnType<AuthServiceLoader>;
    yield call([service, service.init], config);
  } catch (error) {
    console.error('Sign-in is unavailable', error instanceof Error ? error.message : error);
    yield put(authStateChanged(null));
    return;
  }
  yield call(setIdTokenProvider, () => service.getIdToken());
  const channel: EventChannel<AuthEvent> = yield call(authStateChannel, service);
  yield fork(watchAuthState, channel);
  yield takeLatest(signInWithEmail.type, emailSignIn, service);
  yield takeLatest(signUpWithEmail.type, emailSignUp, service, api);
  yield takeLatest(signInWithGoogle.type, googleSignIn, service, api);
  yield takeLatest(signOut.type, signOutSaga, service);
}
