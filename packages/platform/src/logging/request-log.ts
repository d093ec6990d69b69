/**
 * One log line per HTTP request, written when its answer has been sent (or its connection
 * closed): method, route template, status, duration, request id and trace id. Nothing the
 * client sent beyond those: no query string, body, token or Authorization header.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import { loggerFor, type Logger } from './logger.ts';

/** What the request logger puts on `ctx.state` for the code after it. */
export interface RequestLogState {
  /** The request's id: the caller's `X-Request-Id`, else a new UUID. Commands record it as their events' correlation id. */
  requestId?: string;
  /** 32 hex digits: the request span's trace id when tracing is on, else from a valid W3C `traceparent`, else new. */
  traceId?: string;
  /** The request span's W3C context, set by the tracing middleware while tracing is on. */
  trace?: { traceparent: string; tracestate?: string };
  /** The service's logger with this request's `requestId` and `traceId`. */
  logger?: Logger;
}

/** A request id a router or client may send: short, of characters safe in a log and a header. */
const USABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id of `ctx`: the one the request logger chose, else a usable `X-Request-Id`, else null. */
export function requestIdOf(ctx: Pick<Context, 'get'> & { state: RequestLogState }): string | null {
  if (ctx.state.requestId) return ctx.state.requestId;
  const sent = ctx.get('x-request-id');
  return USABLE_REQUEST_ID.test(sent) ? sent : null;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * The trace id of a W3C `traceparent` header (trace-context level 1), or null when the header
 * is absent or invalid: version ff, an all-zero trace or parent id, or extra fields on version 00.
 */
export function traceIdFrom(traceparent: string | undefined): string | null {
  const match = TRACEPARENT.exec(traceparent?.trim() ?? '');
  if (!match) return null;
  const [, version, traceId, parentId, , rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return null;
  if (/^0+$/.test(traceId!) || /^0+$/.test(parentId!)) return null;
  return traceId!;
}

export const newTraceId = () => randomBytes(16).toString('hex');

/** What a connection the client closed, or never finished sending on, fails with. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Whether an error is the client's doing rather than a fault of the server: a connection closed
 * before the answer was all sent (a closed tab, a cancelled download: Koa's pipe of a streamed
 * answer then fails with ERR_STREAM_PREMATURE_CLOSE), a request cut off by the request timeout,
 * malformed HTTP. Node has answered or closed those already; they are not worth a stack trace.
 */
export function isClientsDoing(err: unknown, ctx?: Pick<Context, 'res'>): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code.startsWith('HPE_')) return true;
  // Only while the answer was still being sent: the same code from a finished answer would be
  // something else.
  return CLIENT_GONE.has(code) && (!ctx || !ctx.res.writableFinished);
}

/** The request's line still to be written, and the server error it is to carry. */
interface PendingLine {
  error: unknown;
  written: boolean;
}
const PENDING = Symbol('request log line');
type WithPending = { state: { [PENDING]?: PendingLine } };

/**
 * Hands a server error to the request's line, which is still to be written; false when no
 * request logger is waiting for it (none mounted, or its line already written).
 */
export function attachToRequestLine(ctx: { state?: unknown }, err: unknown): boolean {
  const pending = (ctx as Partial<WithPending>).state?.[PENDING];
  if (!pending || pending.written) return false;
  pending.error ??= err;
  return true;
}

/**
 * Logs a server error (a 500) of a request: on the request's line when the request logger is
 * mounted, else a line of its own. The default of `errorHandler`.
 */
export function reportServerError(err: unknown, ctx: Context): void {
  if (attachToRequestLine(ctx, err)) return;
  loggerFor('http').error(
    { err, method: ctx.method, path: ctx.path, requestId: requestIdOf(ctx) ?? undefined },
    `[${ctx.method} ${ctx.path}] ${(err as Error)?.message ?? String(err)}`,
  );
}

const durationMs = (since: number) => Math.round((performance.now() - since) * 10) / 10;

export interface RequestLoggingOptions {
  /** Default: the process's logger, component `http`. */
  logger?: Logger;
}

/**
 * Mounted first: every request gets its request id and trace id (on `ctx.state`, the request id
 * also as the answer's `X-Request-Id` header) and one line when it ends, at info; a 5xx at error, with the error's message, stack and cause; a client
 * that went away at info, without a stack trace.
 */
export function requestLogging(options: RequestLoggingOptions = {}): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const log = options.logger ?? loggerFor('http');
    const state = ctx.state as RequestLogState & WithPending['state'];
    const requestId = requestIdOf(ctx) ?? randomUUID();
    // With tracing on, the request's span (traceRequests, mounted before) has continued the
    // caller's trace or started one: its id is the one a trace backend shows.
    const traceId =
      traceIdFrom(state.trace?.traceparent) ?? traceIdFrom(ctx.get('traceparent')) ?? newTraceId();
    const pending: PendingLine = { error: undefined, written: false };
    state.requestId = requestId;
    state.traceId = traceId;
    // On every answer, errors included: the id a person quotes to support finds this line.
    ctx.set('X-Request-Id', requestId);
    state.logger = log.child({ requestId, traceId });
    state[PENDING] = pending;
    // Read now: later middleware may rewrite the URL (the storefront's pages).
    const method = ctx.method;
    const path = ctx.path;

    const write = () => {
      pending.written = true;
      const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const route = typeof matched === 'string' && matched !== '' ? matched : path;
      const status = ctx.res.statusCode;
      const fields = { method, route, status, durationMs: durationMs(started), requestId, traceId };
      const error = pending.error;
      const serverFault = error !== undefined && !isClientsDoing(error);
      if (!ctx.res.writableFinished && !serverFault) {
        log.info({ ...fields, aborted: true }, `${method} ${route}: closed by the client`);
      } else if (serverFault && (status >= 500 || !ctx.res.writableFinished)) {
        const message = (error as Error)?.message ?? String(error);
        log.error({ ...fields, err: error }, `${method} ${route} ${status}: ${message}`);
      } else if (status >= 500) {
        log.error(fields, `${method} ${route} ${status}`);
      } else {
        log.info(fields, `${method} ${route} ${status}`);
      }
    };
    // Once the connection is done with, and after Koa has reported a stream that failed on
    // the way (its pipeline's callback runs after the response closed).
    ctx.res.once('close', () => setImmediate(write));

    try {
      await next();
    } catch (err) {
      // Koa answers it (a 500 unless it carries a 4xx status); the line says why.
      pending.error ??= err;
      throw err;
    }
  };
}

/**
 * Koa's own error report (what no middleware caught, a stream that failed while sent), instead
 * of its stack trace on stderr: on the request's line when it is still to be written, else a
 * line of its own; nothing for a client that went away (the request's line says so).
 */
export function logAppErrors(app: Koa, logger?: Logger): void {
  app.on('error', (err: unknown, ctx?: Context) => {
    if (isClientsDoing(err, ctx)) return;
    if (ctx && attachToRequestLine(ctx, err)) return;
    const state = (ctx?.state ?? {}) as RequestLogState;
    (logger ?? loggerFor('http')).error(
      { err, requestId: state.requestId, traceId: state.traceId },
      (err as Error)?.message ?? String(err),
    );
  });
}
