/**
 * The one way the client talks to the backend: JSON in and out, the signed-in user's ID token,
 * server error messages surfaced as ApiError, and read-your-writes through the consistency token.
 */
import { CONSISTENCY_HEADER, CONSISTENCY_TIMEOUT_HEADER, POSITION_HEADER } from '@rewear/contracts';
import { newTraceId, readTraceparent, rememberTrace, resetTraces, traceparentOf } from './trace.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly details?: unknown;
  constructor(status: number, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
  }
}

export type IdTokenProvider = () => Promise<string | null>;

export interface RequestOptions {
  /** Extra headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** Send this position as the consistency token instead of the last one remembered. */
  consistencyToken?: number | null;
  signal?: AbortSignal;
  /** Sent only with this user's ID token (an outbox entry is its user's): else OtherUserError. */
  asUser?: string;
}

/** A request meant for one user while another one (or nobody) is signed in: not sent. */
export class OtherUserError extends Error {
  constructor() {
    super('Not sent: another user is signed in');
    this.name = 'OtherUserError';
  }
}

/** The uid an ID token names (a JWT's `user_id`, else `sub`); null for anything else. */
export function uidOfToken(token: string): string | null {
  try {
    const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(part)) as { user_id?: unknown; sub?: unknown };
    const uid = claims.user_id ?? claims.sub;
    return typeof uid === 'string' ? uid : null;
  } catch {
    return null;
  }
}

export interface Api {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  del<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

let idTokenProvider: IdTokenProvider = async () => null;

/**
 * The last position is kept for the tab (sessionStorage), so a read after a reload or a typed
 * address still sees the write made just before it: on the distributed topology the projections
 * may be a few hundred milliseconds behind the command. Only for a minute: read-your-writes is
 * about the moments after a write, and a token from another deployment must not slow every read.
 */
const POSITION_KEY = 'rewear_position';
const POSITION_KEPT_MS = 60_000;

function storedPosition(): number | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(POSITION_KEY) ?? 'null') as {
      position?: unknown;
      at?: unknown;
    } | null;
    if (
      stored &&
      typeof stored.position === 'number' &&
      typeof stored.at === 'number' &&
      Date.now() - stored.at < POSITION_KEPT_MS
    )
      return stored.position;
  } catch {
    // storage unavailable or garbled: no token
  }
  return null;
}

function storePosition(position: number | null): void {
  try {
    if (position === null) sessionStorage.removeItem(POSITION_KEY);
    else sessionStorage.setItem(POSITION_KEY, JSON.stringify({ position, at: Date.now() }));
  } catch {
    // storage unavailable (private mode, quota): the token lives in memory only
  }
}

let lastPosition: number | null = storedPosition();

/** The signed-in user's ID token, fresh (null = visitor): for requests not made through `api`. */
export function currentIdToken(): Promise<string | null> {
  return idTokenProvider();
}

/** The auth module registers how to get the current user's ID token (null = visitor). */
export function setIdTokenProvider(provider: IdTokenProvider): void {
  idTokenProvider = provider;
}

export function rememberPosition(position: unknown): void {
  const value = typeof position === 'string' ? Number(position) : position;
  if (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (lastPosition === null || value > lastPosition)
  ) {
    lastPosition = value;
    storePosition(value);
  }
}

/** Tests and sign-out start from a clean slate. */
export function resetHttpState(): void {
  lastPosition = null;
  resetTraces();
  storePosition(null);
  idTokenProvider = async () => null;
}

/** Pauses before reading again while the server says its answer predates our last write. */
export const CONSISTENCY_RETRY_PAUSES_MS = [250, 500, 1000];

/**
 * Commands are sent with `keepalive`, so that one in flight when the page is left or closed is
 * still delivered (the browser aborts other requests at unload). The browser allows 64 KiB of
 * keepalive bodies in flight in all: a command's JSON body is a few hundred bytes; a photo upload
 * (a Blob, up to 10 MB) is sent without it, and so is any command past this budget.
 */
export const KEEPALIVE_BUDGET_BYTES = 60 * 1024;
let keepaliveInFlight = 0;

async function send(
  path: string,
  method: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal | undefined,
): Promise<Response> {
  // A file (a photo upload) is sent as its own bytes; anything else as JSON.
  const payload =
    body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body);
  const bytes =
    payload === undefined
      ? 0
      : typeof payload === 'string'
        ? new TextEncoder().encode(payload).byteLength
        : null;
  const keepalive =
    method !== 'GET' && bytes !== null && keepaliveInFlight + bytes <= KEEPALIVE_BUDGET_BYTES;
  if (!keepalive) return fetch(path, { method, headers, body: payload, signal });
  keepaliveInFlight += bytes;
  try {
    return await fetch(path, { method, headers, body: payload, signal, keepalive: true });
  } finally {
    keepaliveInFlight -= bytes;
  }
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body instanceof Blob) headers['Content-Type'] = body.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = await idTokenProvider();
  if (options.asUser !== undefined && (!token || uidOfToken(token) !== options.asUser))
    throw new OtherUserError();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A command starts a trace; a read that waits for a command's position joins that trace.
  let traceId: string | null = null;
  if (method === 'GET') {
    const consistency =
      options.consistencyToken !== undefined ? options.consistencyToken : lastPosition;
    if (consistency !== null) headers[CONSISTENCY_HEADER] = String(consistency);
    const traceparent = readTraceparent(consistency);
    if (traceparent) headers.traceparent = traceparent;
  } else {
    traceId = newTraceId();
    headers.traceparent = traceparentOf(traceId);
  }

  let response = await send(path, method, headers, body, options.signal);
  // A read answered before the projections reached our last write would show the shopper a
  // page without it (the server waits up to 2 s; a busy distributed topology can take longer):
  // read again a few times before showing what it has.
  for (const pause of CONSISTENCY_RETRY_PAUSES_MS) {
    if (method !== 'GET' || response.headers.get(CONSISTENCY_TIMEOUT_HEADER) !== 'true') break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    if (options.signal?.aborted) break;
    response = await send(path, method, headers, body, options.signal);
  }

  rememberPosition(response.headers.get(POSITION_HEADER));
  if (traceId) rememberTrace(response.headers.get(POSITION_HEADER), traceId);
  const text = response.status === 204 ? '' : await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }

  if (!response.ok) {
    const serverMessage =
      data &&
      typeof data === 'object' &&
      typeof (data as { message?: unknown }).message === 'string'
        ? (data as { message: string }).message
        : null;
    throw new ApiError(
      response.status,
      serverMessage ?? `HTTP error: ${response.status}`,
      data && typeof data === 'object' ? (data as { details?: unknown }).details : undefined,
    );
  }
  if (data && typeof data === 'object' && 'position' in data) {
    rememberPosition((data as { position: unknown }).position);
    if (traceId) rememberTrace((data as { position: unknown }).position, traceId);
  }
  return data as T;
}

export const api: Api = {
  get: (path, options) => request('GET', path, undefined, options),
  post: (path, body, options) => request('POST', path, body, options),
  put: (path, body, options) => request('PUT', path, body, options),
  del: (path, body, options) => request('DELETE', path, body, options),
};

/** The message to show for any thrown value: its own, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** Builds a query string leaving out empty values (docs/product.md §5 catalogue queries). */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
