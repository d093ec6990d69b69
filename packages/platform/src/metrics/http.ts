/**
 * The HTTP side of the metrics: every request timed under its route template, and `GET /metrics`
 * for operators only (the OPS_TOKEN bearer check of /api/ops).
 */
import type { Context, Middleware } from 'koa';
import { answerStatusOf, errorHandler } from '../http/middleware.ts';
import { HEALTH_PATH } from '../http/health.ts';
import { requireOpsToken } from '../runtime/ops-router.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/** The route label of a request no route template describes. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The route label of the storefront's pages and files (the single-page app answers any path). */
export const CLIENT_ROUTE = 'client';

/** Paths served without a router whose path is their own template. */
const FIXED_PATHS = new Map([
  [METRICS_PATH, METRICS_PATH],
  [HEALTH_PATH, HEALTH_PATH],
  ['/api/docs', '/api/docs'],
  ['/api/docs/', '/api/docs'],
  ['/api/docs/ui', '/api/docs/ui'],
]);

/** The drawn pictures (apps/server/src/images): one template per kind, never the file name. */
const IMAGE_ROUTES: Array<[RegExp, string]> = [
  [/^\/images\/garments\/[^/]+$/, '/images/garments/:file'],
  [/^\/images\/categories\/[^/]+$/, '/images/categories/:file'],
  [/^\/images\/brands\/[^/]+$/, '/images/brands/:file'],
];

export interface RouteFacts {
  /** The path pattern of the Koa router route that answered (`ctx._matchedRoute`), if any. */
  matched?: string | RegExp | null;
  /** The request's path (never a label itself, but a few fixed paths). */
  path: string;
  status: number;
}

/**
 * The route label of a request: the matched router's path pattern (`/api/products/:id`); a
 * fixed path (/metrics, /api/health, /api/docs); a picture's kind; `client` for the storefront's
 * pages and files; `unmatched` for everything else (an unknown /api path, a 404). Never the raw
 * URL: ids and query strings do not reach a label.
 */
export function routeTemplate({ matched, path, status }: RouteFacts): string {
  if (typeof matched === 'string' && matched !== '') return matched;
  if (matched) return UNMATCHED_ROUTE;
  const fixed = FIXED_PATHS.get(path);
  if (fixed) return fixed;
  if (path.startsWith('/images/')) {
    if (status >= 400) return UNMATCHED_ROUTE;
    return IMAGE_ROUTES.find(([pattern]) => pattern.test(path))?.[1] ?? UNMATCHED_ROUTE;
  }
  if (path === '/api' || path.startsWith('/api/')) return UNMATCHED_ROUTE;
  return status < 400 ? CLIENT_ROUTE : UNMATCHED_ROUTE;
}

/** The status a request was answered with: a stream answered by itself has set it on the response. */
const statusOf = (ctx: Context) => (ctx.respond === false ? ctx.res.statusCode : ctx.status);

/**
 * Times each request, until its answer is ready to send (a streamed body's transfer is not
 * included; a live notification stream counts until it is opened), under method, route template
 * and status. Mounted first, so that every answer is counted.
 */
export function httpMetrics(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    let status: number | null = null;
    try {
      await next();
      status = statusOf(ctx);
    } catch (err) {
      status = answerStatusOf(err);
      throw err;
    } finally {
      const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      metrics.observeHttp(
        ctx.method,
        routeTemplate({ matched, path: ctx.path, status: status ?? 500 }),
        status ?? 500,
        (performance.now() - started) / 1000,
      );
    }
  };
}

/**
 * `GET /metrics`: the exposition text, to the operators' token only (`Authorization: Bearer
 * <OPS_TOKEN>`): 401 without it or with another token, 403 while the server has no OPS_TOKEN,
 * as /api/ops answers. Other requests pass on.
 */
export function metricsEndpoint(metrics: Metrics, token: string | null): Middleware {
  const errors = errorHandler();
  const guard = requireOpsToken(token);
  const answer = async (ctx: Context) => {
    const { contentType, text } = await metrics.exposition();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = text;
  };
  return async (ctx, next) => {
    if (ctx.path !== METRICS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    await errors(ctx, () => guard(ctx, () => answer(ctx)));
  };
}
