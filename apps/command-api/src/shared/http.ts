/** How command routes are declared once: validation, identity, idempotency, position, OpenAPI. */
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  answerStatusOf,
  HttpError,
  koaPath,
  parseRouteInput,
  rateLimit,
  requireUser,
  routeDeclarer,
  type AppState,
  type CommandMetrics,
  type RateLimiter,
  type Route,
} from '@rewear/platform';
import { IDEMPOTENCY_HEADER, POSITION_HEADER } from '@rewear/contracts';
import { CommandRejected, TooMuchContention } from './decider.ts';
import { answerOnce, type IdempotencyStore, type StoredAnswer } from './idempotency.ts';
import type { CommandServices } from './services.ts';

export interface Answer {
  status: number;
  /** Sent with `position` added (unless status is 204). */
  body?: Record<string, unknown>;
  position: number;
}

/** command-api's own settings of a route. */
export interface CommandRouteOptions {
  /** Routes that must not be replayed from the idempotency store (webhooks carry their own ids). */
  idempotent?: false;
  /** Routes outside the rate limits (the payment webhook: the processor retries by itself). */
  rateLimited?: false;
  /** Reads the body in place of the API's JSON parser (a photo upload's raw bytes). */
  readBody?: Middleware<AppState>;
  /** The scope of stricter per-user limits the route also counts against (RateLimits.perUserScoped). */
  rateScope?: 'offers' | 'messages';
}

export type CommandRoute = Route<CommandServices, Answer> & CommandRouteOptions;

/** Declares a command route: its handler gets the parsed input and the services. */
export const defineRoute = routeDeclarer<CommandServices, Answer, CommandRouteOptions>();

const statusOf: Record<CommandRejected['kind'], number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payment_required: 402,
};

/** Domain refusals and lost races, as HTTP errors. */
export function toHttpError(err: unknown): unknown {
  if (err instanceof CommandRejected)
    return new HttpError(statusOf[err.kind], err.message, err.details);
  if (err instanceof TooMuchContention)
    return new HttpError(409, 'Too many changes at once. Please try again.');
  return err;
}

function errorAnswer(err: unknown): StoredAnswer | null {
  const http = toHttpError(err);
  if (!(http instanceof HttpError) || http.status >= 500) return null;
  return {
    status: http.status,
    body: {
      message: http.message,
      ...(http.details === undefined ? {} : { details: http.details }),
    },
    position: null,
  };
}

function send(ctx: Context, answer: StoredAnswer) {
  ctx.status = answer.status;
  if (answer.position !== null) ctx.set(POSITION_HEADER, String(answer.position));
  if (answer.status !== 204) ctx.body = answer.body;
}

export interface MountOptions {
  /** Parses the request body; runs after the caller is known, before the body is validated. */
  parseBody?: Middleware<AppState>;
  /** Longest wait for another request with the same `Idempotency-Key` (default 30 s). */
  idempotencyWaitMs?: number;
  /** Counts every request per client address and user; none: no limit. */
  rateLimiter?: RateLimiter | null;
  /** Told of every answer of a route (accepted, refused, failed) and of each idempotent replay. */
  metrics?: CommandMetrics | null;
}

/**
 * Registers `routes` on `router`; `Idempotency-Key` answers are kept in `store`. Who is asking
 * comes before what is asked: a route documented as `auth: 'user'` answers 401 to a visitor
 * before its body is read or validated. Then the rate limits: a caller over one gets 429 before
 * its body is read (a retry with an `Idempotency-Key` counts too).
 */
export function mountRoutes(
  router: Router<AppState>,
  routes: CommandRoute[],
  services: CommandServices,
  store: IdempotencyStore,
  options: MountOptions = {},
) {
  // Requests with the same key in flight at once in this process: the later ones wait for the
  // first here instead of polling the store (other processes' requests are met in the store).
  const inFlight = new Map<string, Promise<unknown>>();
  const parseBody: Middleware<AppState> = options.parseBody ?? ((_ctx, next) => next());
  const unlimited: Middleware<AppState> = (_ctx, next) => next();
  const limitOf = (route: CommandRoute): Middleware<AppState> =>
    options.rateLimiter && route.rateLimited !== false
      ? rateLimit(options.rateLimiter, route.rateScope)
      : unlimited;

  const metrics = options.metrics ?? null;

  for (const route of routes) {
    const { doc } = route;
    const method = doc.method.toUpperCase();
    const template = koaPath(doc.path);
    // First in the route's chain: its refusals before the handler (401, 429, a body too large)
    // count as well as the handler's answer.
    const observed: Middleware<AppState> = metrics
      ? async (ctx, next) => {
          try {
            await next();
          } catch (err) {
            metrics.commandAnswered(method, template, answerStatusOf(toHttpError(err)));
            throw err;
          }
          metrics.commandAnswered(method, template, ctx.status);
        }
      : (_ctx, next) => next();
    const run = async (ctx: Context & { state: AppState }): Promise<StoredAnswer> => {
      try {
        const answer = await route.handle({ ...parseRouteInput(doc, ctx), ctx, deps: services });
        return {
          status: answer.status,
          body: answer.status === 204 ? null : { ...answer.body, position: answer.position },
          position: answer.position,
        };
      } catch (err) {
        const answer = errorAnswer(err);
        if (!answer) throw err;
        return answer;
      }
    };

    const caller: Middleware<AppState> = async (ctx, next) => {
      if (doc.auth === 'user') requireUser(ctx);
      await next();
    };

    const middleware: Middleware<AppState> = async (ctx) => {
      const key = ctx.get(IDEMPOTENCY_HEADER);
      if (!key || route.idempotent === false) return send(ctx, await run(ctx));
      if (key.length > 200)
        throw new HttpError(400, 'Idempotency-Key must be at most 200 characters');
      const scoped = `${ctx.state.user?.uid ?? 'visitor'}|${ctx.method}|${ctx.path}|${key}`;
      while (inFlight.has(scoped)) await inFlight.get(scoped)!.catch(() => {});
      const pending = answerOnce(store, scoped, () => run(ctx), {
        waitMs: options.idempotencyWaitMs,
      });
      inFlight.set(scoped, pending);
      try {
        const { answer, replayed } = await pending;
        if (replayed) {
          ctx.set('idempotent-replayed', 'true');
          metrics?.idempotentReplay(method, template);
        }
        send(ctx, answer);
      } finally {
        inFlight.delete(scoped);
      }
    };
    router[doc.method](
      template,
      observed,
      caller,
      limitOf(route),
      route.readBody ?? parseBody,
      middleware,
    );
  }
}
