/**
 * Commands (POST/PUT/DELETE) carry an `Idempotency-Key`: a new one for each command a user action
 * sends, the same on every attempt of it. When an attempt reached the server but its answer was
 * lost, the retry gets the first answer replayed (`idempotent-replayed: true`) instead of the
 * command being applied a second time.
 */
import { call } from 'redux-saga/effects';
import { IDEMPOTENCY_HEADER } from '@rewear/contracts';
import type { RequestOptions } from './http.ts';
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
