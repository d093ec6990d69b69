/**
 * The outbox at the page's level: the browser's `online` and `offline` events, and at each
 * sign-in the replay of what earlier pages or tabs kept (engine.ts, loaded then). Where this
 * browser kept something for the user, the first reads of the cart and the wishlist wait for that
 * replay (`replayDone`), so they carry the replayed commands' position as their consistency token
 * and show them; otherwise they read at once (and again, should the replay find something).
 */
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { outboxEngine } from '../../api/command.ts';
import type { Outbox } from '../../api/outbox.ts';
import { sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import {
  connectionChanged,
  keptHint,
  outboxChanged,
  replayFinished,
  selectReplaying,
} from './outboxSlice.ts';

type Found = { outbox: Outbox; engine: typeof import('./engine.ts') } | null;

/** The longest a first read waits for the replay at sign-in. */
export const REPLAY_WAIT_MS = 5000;

/** Waits (at most REPLAY_WAIT_MS) for the replay at sign-in, where one is under way. */
export function* replayDone() {
  const replaying: boolean = yield select(selectReplaying);
  if (replaying) yield race({ done: take(replayFinished.type), late: delay(REPLAY_WAIT_MS) });
}

function* session(action: Action) {
  if (!sessionStarted.match(action)) return;
  // Nothing kept for this user in this browser: the reads need not wait (the replay still runs).
  const readsWait = keptHint.has(action.payload.uid);
  if (!readsWait) yield put(replayFinished({ intents: [] }));
  let found: Found = null;
  try {
    found = yield call(outboxEngine);
  } catch (error) {
    console.error('The outbox could not be opened', error);
  }
  if (!found) {
    yield put(replayFinished({ intents: [] }));
    return;
  }
  yield call(found.engine.session, found.outbox, action.payload.uid, readsWait);
}

function* recount() {
  const found: Found = yield call(outboxEngine);
  if (found) yield call(found.engine.recount, found.outbox);
}

function connectionChannel(target: Window) {
  return eventChannel<boolean>((emit) => {
    const online = () => emit(true);
    const offline = () => emit(false);
    target.addEventListener('online', online);
    target.addEventListener('offline', offline);
    return () => {
      target.removeEventListener('online', online);
      target.removeEventListener('offline', offline);
    };
  });
}

export function* outboxSaga() {
  if (typeof window !== 'undefined') {
    const connection: EventChannel<boolean> = yield call(connectionChannel, window);
    yield takeEvery(connection, function* (online: boolean) {
      yield put(connectionChanged(online));
    });
  }
  yield takeLatest([sessionStarted.type, sessionEnded.type], session);
  yield takeLatest(outboxChanged.type, recount);
}
