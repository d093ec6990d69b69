import { call, delay } from 'redux-saga/effects';
import { ApiError } from './http.ts';

export const RETRY_ATTEMPTS = 3;
export const RETRY_BASE_DELAY_MS = 1000;

/** Network failures, 5xx and 429 may pass on a second try; other 4xx answers will not. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429;
  return !(error instanceof DOMException && error.name === 'AbortError');
}

/** Calls fn up to 3 times, waiting 1 s then 2 s between attempts (docs/product.md §7, §9). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwards any API call's arguments
export function* callWithRetry(fn: (...args: any[]) => Promise<unknown>, ...args: unknown[]) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result: unknown = yield call(fn, ...args);
      return result;
    } catch (error) {
      if (attempt >= RETRY_ATTEMPTS || !isRetryable(error)) throw error;
      yield delay(RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
    }
  }
}
