/**
 * Commands (POST/PUT/DELETE) carry an `Idempotency-Key`: a new one for each command a user action
 * sends, the same on every attempt of it. When an attempt reached the server but its answer was
 * lost, the retry gets the first answer replayed (`idempotent-replayed: true`) instead of the
 * command being applied a second time.
 *
 * The commands of a signed-in user's actions that change what the page shows (cart, wishlist,
 * follows, messages) go through `sendUserCommand`: kept in the outbox (api/outbox.ts) first, sent
 * again after a reload or when the connection comes back. Payments and the rest use
 * `sendCommand` and are never kept: a payment is not made later than the shopper sees it. The
 * outbox's code (features/outbox/engine.ts, with IndexedDB) loads when a user signs in: a
 * visitor, who sends no such command, never downloads it.
 */
import { call, getContext, select } from 'redux-saga/effects';
import { IDEMPOTENCY_HEADER } from '@rewear/contracts';
import { selectUid } from '../features/auth/authSlice.ts';
import { ApiError, type Api, type RequestOptions } from './http.ts';
import type { CommandRequest, Outbox, OutboxEntry, OutboxIntent } from './outbox.ts';
import { callWithRetry } from './retry.ts';

/** A random (version 4) UUID. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Request options with a fresh key: create them once per user action, before the first attempt. */
export function commandOptions(): RequestOptions {
  return { headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } };
}

/**
 * Sends one command of a user action: up to 3 attempts (`callWithRetry`: 1 s then 2 s apart, only
 * after network failures, 5xx and 429), every attempt with the same key.
 */
export function* sendCommand<T>(send: (options: RequestOptions) => Promise<T>) {
  const options = commandOptions();
  const answer: T = yield call(callWithRetry, send, options);
  return answer;
}

/** What a feature's api function sends, without sending it: its method, path and body. */
export function describeCommand(use: (http: Api) => unknown): CommandRequest {
  let described: CommandRequest | null = null;
  const as =
    (method: CommandRequest['method']) =>
    <T>(path: string, body?: unknown): Promise<T> => {
      described = body === undefined ? { method, path } : { method, path, body };
      return Promise.resolve(undefined as T);
    };
  use({
    get: () => Promise.reject(new Error('A read is not a command')),
    post: as('POST'),
    put: as('PUT'),
    del: as('DELETE'),
  });
  if (!described) throw new Error('describeCommand: nothing was sent');
  return described;
}

export function sendRequest<T>(
  http: Api,
  request: CommandRequest,
  options: RequestOptions,
): Promise<T> {
  if (request.method === 'PUT') return http.put<T>(request.path, request.body, options);
  if (request.method === 'DELETE') return http.del<T>(request.path, request.body, options);
  return http.post<T>(request.path, request.body, options);
}

/** At most this many commands wait in the outbox; past it a new one is refused. */
export const OUTBOX_LIMIT = 300;

export class OutboxFullError extends Error {
  constructor() {
    super(`${OUTBOX_LIMIT} changes are already waiting to be sent: reconnect before making more.`);
    this.name = 'OutboxFullError';
  }
}

/**
 * A command that waited in the outbox and was then refused (or was too old to send): its
 * message says what happened to the change (features/outbox/refusal.ts).
 */
export class RefusedAfterWaiting extends ApiError {
  constructor(status: number, message: string, details?: unknown) {
    super(status, message, details);
    this.name = 'RefusedAfterWaiting';
  }
}

/** The command was kept for its user, who signed out before it could be sent. */
export class KeptForLaterError extends Error {
  constructor() {
    super('Kept to send when its user signs in again');
    this.name = 'KeptForLaterError';
  }
}

/** The saga context's `outbox`: opens this browser's outbox (null where there is none). */
export type OutboxLoader = () => Promise<Outbox | null>;

type Engine = typeof import('../features/outbox/engine.ts');

/**
 * What each loader gave, once loaded (at sign-in, by the outbox's saga). Later commands reach it
 * without waiting a turn, so a tap's command is written to this browser before the tap's handler
 * returns: a tab closed the next moment no longer takes it away (a promise, even of a module
 * already loaded, let the close come first now and then).
 */
const loadedBy = new WeakMap<OutboxLoader, { outbox: Outbox; engine: Engine }>();

/** The outbox and its code, once a user is signed in; null without a loader or an outbox. */
export function* outboxEngine() {
  const load: OutboxLoader | null | undefined = yield getContext('outbox');
  if (!load) return null;
  const known = loadedBy.get(load);
  if (known) return known;
  const outbox: Outbox | null = yield call(load);
  if (!outbox) return null;
  const engine: Engine = yield call(() => import('../features/outbox/engine.ts'));
  const found = { outbox, engine };
  loadedBy.set(load, found);
  return found;
}

/** A command kept in the outbox, with what sends it. */
export interface KeptCommand {
  entry: OutboxEntry;
  outbox: Outbox;
  engine: Engine;
}

/**
 * Keeps a command of the signed-in user's action in the outbox under a new key (the write starts
 * at once, before it is sent); null without an outbox or a user (then it is sent as before).
 * Refused (OutboxFullError) when OUTBOX_LIMIT commands wait already.
 */
export function* keepCommand(request: CommandRequest, intent: OutboxIntent) {
  const uid: string | null = yield select(selectUid);
  if (!uid) return null;
  const found: { outbox: Outbox; engine: Engine } | null = yield call(outboxEngine);
  if (!found) return null;
  const entry: OutboxEntry = yield call(found.engine.recordCommand, found.outbox, request, intent);
  return { entry, ...found } satisfies KeptCommand;
}

/**
 * Sends a kept command (`sendRecordedCommand` of the engine): every attempt with its key, again
 * when the connection comes back after a failure for want of one, removed once answered.
 */
export function* sendKeptCommand<T>(kept: KeptCommand) {
  const answer: T = yield call(kept.engine.sendRecordedCommand<T>, kept.outbox, kept.entry);
  return answer;
}

/**
 * Sends one command of a signed-in user's action through the outbox; `intent` is the action,
 * whose change the page shows again from the outbox after a reload. Without an outbox or a
 * user, as `sendCommand`.
 */
export function* sendUserCommand<T>(request: CommandRequest, intent: OutboxIntent) {
  const kept: KeptCommand | null = yield call(keepCommand, request, intent);
  if (kept) {
    const answer: T = yield call(sendKeptCommand<T>, kept);
    return answer;
  }
  const http: Api = yield getContext('api');
  const answer: T = yield call(sendCommand, (options: RequestOptions) =>
    sendRequest<T>(http, request, options),
  );
  return answer;
}
