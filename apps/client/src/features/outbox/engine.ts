/**
 * The outbox's work (api/outbox.ts keeps the entries): keeping a command of the user's action,
 * sending it until it is answered, and sending again at sign-in and when the connection comes
 * back what earlier pages or tabs kept. Loaded when a user signs in (api/command.ts
 * `outboxEngine`), so a visitor's first page does not carry it.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, getContext, put, race, select, take } from 'redux-saga/effects';
import { IDEMPOTENCY_HEADER } from '@rewear/contracts';
import { ApiError, OtherUserError, type Api, type RequestOptions } from '../../api/http.ts';
import {
  KeptForLaterError,
  newIdempotencyKey,
  OUTBOX_LIMIT,
  OutboxFullError,
  RefusedAfterWaiting,
  sendRequest,
} from '../../api/command.ts';
import {
  indexedDbOutbox,
  nextSeq,
  OUTBOX_MAX_AGE_MS,
  outboxLock,
  type CommandRequest,
  type Outbox,
  type OutboxEntry,
  type OutboxIntent,
} from '../../api/outbox.ts';
import { callWithRetry } from '../../api/retry.ts';
import { selectUid, sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import {
  changesReplayed,
  commandKept,
  connectionChanged,
  connectionLost,
  connectionWorked,
  outboxChanged,
  outboxCounted,
  keptHint,
  outboxNotice,
  replayFinished,
  selectOutbox,
  selectReconnections,
  type OutboxState,
} from './outboxSlice.ts';
import { droppedMessage, refusalMessage } from './refusal.ts';

let opened: Outbox | null | undefined;
/** This browser's outbox, opened once (the saga context's loader in the app). */
export function browserOutbox(): Outbox | null {
  if (opened === undefined) opened = indexedDbOutbox();
  return opened;
}

/** What the browser says (`navigator.onLine`); a send may still fail for want of a connection. */
export const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

const STILL_PROCESSING = 'A request with this Idempotency-Key is still being processed';

/**
 * A network failure (no answer at all), 429, or another request with this key still running
 * after 30 s (a 409 that may yet be accepted): the command waits and is sent again later.
 */
export function waitsForConnection(error: unknown): boolean {
  if (error instanceof ApiError)
    return (
      error.status === 429 || (error.status === 409 && error.message.startsWith(STILL_PROCESSING))
    );
  return !(error instanceof DOMException && error.name === 'AbortError');
}

/** A refusal: the command will never be accepted as it is. */
export function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    // Another request with this key has run for 30 s already: it may still be accepted.
    !(error.status === 409 && error.message.startsWith(STILL_PROCESSING))
  );
}

/** The same command again, with its key, for its user only. */
export function sendEntry<T>(http: Api, entry: OutboxEntry, options: RequestOptions = {}) {
  return sendRequest<T>(http, entry, {
    ...options,
    headers: { [IDEMPOTENCY_HEADER]: entry.key },
    asUser: entry.uid,
  });
}

/** Waits until the connection comes back, the user changes, or a while (5 s, doubling to 1 min). */
export function* waitForConnection(pause: number) {
  yield race({
    back: take((action: Action) => connectionChanged.match(action) && action.payload),
    user: take([sessionEnded.type, sessionStarted.type]),
    timer: delay(Math.min(5000 * 2 ** pause, 60_000)),
  });
}

/**
 * Keeps a command of the signed-in user's action under a new key; the write starts now, and the
 * send may start before it ends (the page may be left the next moment: one of them gets through).
 */
export function* recordCommand(outbox: Outbox, request: CommandRequest, intent: OutboxIntent) {
  const uid: string | null = yield select(selectUid);
  const { waiting }: OutboxState = yield select(selectOutbox);
  if (!uid) throw new KeptForLaterError();
  if (waiting >= OUTBOX_LIMIT) throw new OutboxFullError();
  const entry: OutboxEntry = {
    ...request,
    key: newIdempotencyKey(),
    uid,
    at: Date.now(),
    seq: nextSeq(),
    intent: { type: intent.type, payload: intent.payload },
  };
  keptHint.set(uid, true);
  const kept = outbox.keep(entry).catch((error: unknown) => {
    console.error('The outbox could not keep a command', error);
  });
  outbox.live.set(entry.key, kept);
  yield put(commandKept());
  return entry;
}

/** Removes an answered entry, once its write is done. */
async function forget(outbox: Outbox, key: string): Promise<void> {
  await outbox.live.get(key);
  await outbox.remove(key).catch(() => {});
}

/**
 * Sends a kept command: 3 attempts at once as `sendCommand`, then, for want of a connection,
 * again when it comes back; removed once answered. A refusal after the command waited says what
 * happened (`refusalMessage`). A server error after 3 attempts is a failure, as for any command.
 * Throws KeptForLaterError, leaving it kept, when its user signs out first.
 */
export function* sendRecordedCommand<T>(outbox: Outbox, entry: OutboxEntry) {
  const http: Api = yield getContext('api');
  const send = (options: RequestOptions) => sendEntry<T>(http, entry, options);
  let waited = false;
  try {
    for (let pause = 0; ; pause += 1) {
      const reconnections: number = yield select(selectReconnections);
      const uid: string | null = yield select(selectUid);
      if (uid !== entry.uid) throw new KeptForLaterError();
      if (Date.now() - entry.at > OUTBOX_MAX_AGE_MS) {
        // The server no longer keeps the answer of a key this old: sent now, it could act twice.
        yield call(forget, outbox, entry.key);
        throw new RefusedAfterWaiting(410, droppedMessage(1));
      }
      if (browserOnline()) {
        try {
          const answer: T = yield call(callWithRetry, send, {});
          yield put(connectionWorked());
          yield call(forget, outbox, entry.key);
          return answer;
        } catch (error) {
          if (error instanceof OtherUserError) throw new KeptForLaterError();
          if (!waitsForConnection(error)) {
            yield call(forget, outbox, entry.key);
            if (!isRefusal(error)) throw error;
            yield put(connectionWorked());
            throw waited
              ? new RefusedAfterWaiting(
                  error.status,
                  refusalMessage(entry.intent, error),
                  error.details,
                )
              : error;
          }
        }
      }
      waited = true;
      // The connection came back while this send was failing: the `online` event has passed,
      // so waiting for it would hold the command for the whole pause. Sent again now.
      const reconnectedSince: number = yield select(selectReconnections);
      if (reconnectedSince !== reconnections) {
        pause -= 1;
        continue;
      }
      yield put(connectionLost());
      yield call(waitForConnection, pause);
    }
  } finally {
    outbox.live.delete(entry.key);
    yield put(outboxChanged());
  }
}

interface Replayed {
  /** Entries answered (accepted or refused): what the server shows changed. */
  sent: number;
  /** Entries still waiting (this tab's own live ones left out). */
  waiting: OutboxEntry[];
}

/**
 * Sends the user's kept commands, oldest first, until one finds no connection (or a server
 * error): each with its key, holding the user's outbox lock so another tab does not send them
 * too. A refusal is said; a command older than a day (the server keeps a key's answer a day) is
 * dropped with a notice.
 */
export function* replay(outbox: Outbox, uid: string) {
  const http: Api = yield getContext('api');
  const lock = outboxLock(uid);
  const result: Replayed = { sent: 0, waiting: [] };
  let dropped = 0;
  try {
    yield call(() => lock.acquired);
    const entries: OutboxEntry[] = yield call([outbox, outbox.pending], uid);
    for (const entry of entries) {
      if (outbox.live.has(entry.key)) continue; // its own saga in this tab sends it
      if (result.waiting.length > 0 || !browserOnline()) {
        result.waiting.push(entry);
        continue;
      }
      if (Date.now() - entry.at > OUTBOX_MAX_AGE_MS) {
        yield call([outbox, outbox.remove], entry.key);
        dropped += 1;
        continue;
      }
      const current: string | null = yield select(selectUid);
      if (current !== uid) break;
      try {
        yield call(sendEntry, http, entry);
        yield call([outbox, outbox.remove], entry.key);
        yield put(connectionWorked());
        result.sent += 1;
      } catch (error) {
        if (isRefusal(error)) {
          yield call([outbox, outbox.remove], entry.key);
          yield put(outboxNotice(refusalMessage(entry.intent, error)));
          result.sent += 1;
        } else {
          if (waitsForConnection(error) && !(error instanceof OtherUserError))
            yield put(connectionLost());
          result.waiting.push(entry);
        }
      }
    }
  } catch (error) {
    console.error('The outbox could not be read', error);
  } finally {
    lock.release();
  }
  if (dropped > 0) yield put(outboxNotice(droppedMessage(dropped)));
  yield put(outboxChanged());
  return result;
}

const intentsOf = (entries: OutboxEntry[]) =>
  entries.flatMap((entry) => (entry.intent ? [entry.intent] : []));

/**
 * A signed-in session: the replay at sign-in, then again whenever the connection is back.
 * `readsWaited`: the first reads waited for this replay (else they read again after it).
 */
export function* session(outbox: Outbox, uid: string, readsWaited = true) {
  let reconnections: number = yield select(selectReconnections);
  let result: Replayed = yield call(replay, outbox, uid);
  yield put(replayFinished({ intents: intentsOf(result.waiting) }));
  if (!readsWaited && result.sent > 0) yield put(changesReplayed());
  for (let pause = 0; ;) {
    // The connection came back during the replay: its `online` event has passed, so the
    // entries left waiting are sent again now rather than after a pause.
    const reconnectedSince: number = yield select(selectReconnections);
    if (result.waiting.length > 0) {
      if (reconnectedSince === reconnections) yield call(waitForConnection, pause);
      pause += 1;
    } else {
      // Left by a tab closed while offline, or by a send that found no connection.
      yield take((next: Action) => connectionChanged.match(next) && next.payload);
      pause = 0;
    }
    reconnections = yield select(selectReconnections);
    result = yield call(replay, outbox, uid);
    yield put(replayFinished({ intents: intentsOf(result.waiting) }));
    if (result.sent > 0) yield put(changesReplayed());
  }
}

/** The user's kept commands, counted again. */
export function* recount(outbox: Outbox) {
  const uid: string | null = yield select(selectUid);
  if (!uid) return;
  try {
    const entries: OutboxEntry[] = yield call([outbox, outbox.pending], uid);
    // With this tab's own, whose writes may not have landed yet.
    const keys = new Set([...entries.map((entry) => entry.key), ...outbox.live.keys()]);
    yield put(outboxCounted(keys.size));
    keptHint.set(uid, keys.size > 0);
  } catch {
    // Storage unavailable: the count kept in memory stays.
  }
}
