/** Koa middleware shared by command-api and query-api: errors, identity, ownership. */
import type { Context, Middleware, Next } from 'koa';
import { HttpError, forbidden, unauthorized } from './errors.ts';
import { InvalidTokenError, type AuthenticatedUser, type IdentityVerifier } from '../identity.ts';
import { isEngineUnavailable } from '../engine-errors.ts';
import { loggerFor } from '../logging/logger.ts';
import { reportServerError, requestIdOf, type RequestLogState } from '../logging/request-log.ts';

/** The answer while an engine is out of reach: the client may send the request again (with its Idempotency-Key). */
export const ENGINE_UNAVAILABLE_MESSAGE =
  'This part of the marketplace is briefly unavailable. Please try again in a moment.';

export interface AppState extends RequestLogState {
  user: AuthenticatedUser | null;
}

/**
 * Turns every error into `{ message, details? }`. Unknown errors become a 500 with a generic
 * message: no stack trace or engine error text leaves the server. A 500's error is logged (by
 * default on the request's log line, with its stack and cause).
 */
export function errorHandler(
  log: (err: unknown, ctx: Context) => void = reportServerError,
): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const status = answerStatusOf(err);
      const unavailable = status === 503 && !(err instanceof HttpError);
      if (status === 503) noteUnavailable(ctx, (err as Error).message);
      else if (status >= 500) log(err, ctx);
      ctx.status = status;
      if (unavailable) ctx.set('Retry-After', '5');
      ctx.body = unavailable
        ? { message: ENGINE_UNAVAILABLE_MESSAGE }
        : err instanceof HttpError
          ? { message: err.message, ...(err.details === undefined ? {} : { details: err.details }) }
          : status === 413
            ? { message: 'Request body is too large' }
            : status === 400
              ? { message: 'The request body is not valid JSON' }
              : { message: 'Something went wrong on our side. Please try again.' };
    }
  };
}

/** The status errorHandler answers `err` with: 503 for an engine out of reach, else errorStatus. */
export function answerStatusOf(err: unknown): number {
  return !(err instanceof HttpError) && isEngineUnavailable(err) ? 503 : errorStatus(err);
}

function errorStatus(err: unknown): number {
  if (err instanceof HttpError) return err.status;
  const status =
    (err as { status?: unknown; statusCode?: unknown })?.status ??
    (err as { statusCode?: unknown })?.statusCode;
  // Body parser errors carry a 4xx status (413 too large, 400 bad JSON, 415 wrong type).
  if (typeof status === 'number' && status >= 400 && status < 500) return status;
  return 500;
}

/**
 * A 503 is a state its answer explains (starting, an engine out of reach), not a bug: one line
 * per message and minute, no stack trace on every poll of a load balancer.
 */
const unavailableNoted = new Map<string, number>();
function noteUnavailable(ctx: Context, message: string) {
  const now = Date.now();
  if ((unavailableNoted.get(message) ?? 0) > now - 60_000) return;
  unavailableNoted.set(message, now);
  loggerFor('http').warn(
    { method: ctx.method, path: ctx.path, requestId: requestIdOf(ctx) ?? undefined },
    `[${ctx.method} ${ctx.path}] 503: ${message}`,
  );
}

/**
 * Reads a `Bearer` ID token when one is sent. No header: a visitor (`user` null).
 * A header that does not verify: 401, never treated as a visitor.
 */
export function identify(verifier: IdentityVerifier): Middleware<AppState> {
  return async (ctx, next: Next) => {
    ctx.state.user = null;
    const header = ctx.get('authorization');
    if (header) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw unauthorized('Malformed authorization header');
      try {
        ctx.state.user = await verifier.verify(match[1]);
      } catch (err) {
        if (err instanceof InvalidTokenError)
          throw unauthorized('Your session is not valid. Please sign in again.');
        throw err;
      }
    }
    await next();
  };
}

export function requireUser(ctx: { state: AppState }): AuthenticatedUser {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}

/** The caller must be `userId`: a path or body naming someone else gets 403. */
export function requireSelf(ctx: { state: AppState }, userId: string): AuthenticatedUser {
  const user = requireUser(ctx);
  if (user.uid !== userId) throw forbidden();
  return user;
}
