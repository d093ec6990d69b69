/**
 * The one Koa server of the embedded topology: routes /api by method (GET/HEAD to query-api,
 * POST/PUT/DELETE to command-api), the operator endpoints, the simulated card processor, the
 * API documentation, the pictures and the built client.
 */
import Koa, { type Middleware } from 'koa';
import compose from 'koa-compose';
import compress from 'koa-compress';
import {
  BROTLI_PARAMS,
  COMPRESSION_THRESHOLD,
  GZIP_LEVEL,
  healthMiddleware,
  httpMetrics,
  logAppErrors,
  metricsEndpoint,
  requestLogging,
  traceRequests,
  type Logger,
  type Metrics,
  type RouteDoc,
} from '@rewear/platform';
import { imagesMiddleware } from './images/router.ts';
import { buildOpenApiDocument, renderDocsPage } from './openapi.ts';
import {
  pagePolicy,
  securityHeaders,
  securityHeadersMiddleware,
  type SecurityPolicyOptions,
} from './security-headers.ts';
import { staticClient } from './static-client.ts';

/** A Koa app of any state type: only its middleware stack is mounted. */
interface MountableApp {
  middleware: unknown[];
}
/** A @koa/router instance of any state type. */
interface MountableRouter {
  routes(): unknown;
}

export interface ServerParts {
  /** query-api (a Koa app): answers GET and HEAD under /api. */
  queryApi?: MountableApp | null;
  /** command-api (a Koa app): answers POST, PUT, DELETE under /api. */
  commandApi?: MountableApp | null;
  /** Koa routers mounted before the APIs, e.g. /api/ops and /api/payments/simulated. */
  routers?: MountableRouter[];
  /** Routes described in /api/docs. */
  routeDocs?: readonly RouteDoc[];
  /** What GET /api/health waits for, when no query-api answers it (command-api, projectors). */
  health?: (() => readonly string[]) | null;
  /** Built client folder; the storefront is not served when null. */
  clientDist?: string | null;
  /** Real brand names by slug for the wordmarks ('h-m' → 'H&M'). */
  brandName?: (slug: string) => string | null;
  /** What the security headers allow (securityOptionsFrom); by default no Stripe, no emulator. */
  security?: SecurityPolicyOptions;
  /**
   * The stack's metrics: every request is timed, and GET /metrics serves them to `opsToken`
   * (the operators' OPS_TOKEN; none: 403, as /api/ops). Null or absent: neither.
   */
  metrics?: Metrics | null;
  opsToken?: string | null;
  /** Where each request's line and the server's errors go. Default: the process's logger (`http`). */
  logger?: Logger;
}

const DEFAULT_SECURITY: SecurityPolicyOptions = {
  stripe: false,
  authEmulatorUrl: null,
  authDomain: 'demo-marketplace.firebaseapp.com',
  tls: false,
};

/** A Koa app's middleware run inside another app's request (keeps one server, one port). */
const asMiddleware = (app: MountableApp): Middleware => compose(app.middleware as Middleware[]);

/**
 * Turns an object body into its JSON text as the answer leaves the APIs, so it is serialised
 * once: otherwise the compression middleware's size check (`ctx.response.length`) serialises it
 * to measure it, and Koa serialises it again to send it (a third time when compressing). The
 * content type, already set to JSON by the object body, is kept.
 */
const serialiseJsonOnce: Middleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return;
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return;
  ctx.body = JSON.stringify(body);
};

/** The methods the documented routes take on a path (GET with HEAD), for the `Allow` header. */
function allowedMethods(routes: readonly RouteDoc[]): (path: string) => string {
  const templates = routes.map((route) => ({
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  return (path) => {
    const methods = new Set<string>();
    for (const { method, pattern } of templates) {
      if (!pattern.test(path)) continue;
      methods.add(method);
      if (method === 'GET') methods.add('HEAD');
    }
    return [...methods].join(', ');
  };
}

export function createServerApp(parts: ServerParts): Koa {
  const app = new Koa();
  // Errors Koa reports go on the request's line (a stack trace and cause), except those of
  // clients that went away.
  logAppErrors(app, parts.logger);
  app.proxy = process.env.TRUST_PROXY === 'true';
  // The client address is the one the router adds, the last of X-Forwarded-For: the router
  // (nginx, `$proxy_add_x_forwarded_for`) keeps what the client sent in front of it, so the first
  // is whatever a client chose to write (and could dodge the per-address rate limits).
  app.maxIpsCount = 1;
  // Outermost: the request's span when tracing is on (continuing the caller's `traceparent`),
  // then every request gets its request id, trace id (the span's) and log line.
  app.use(traceRequests());
  app.use(requestLogging({ logger: parts.logger }));
  // Every request is timed, whoever answers it.
  if (parts.metrics) app.use(httpMetrics(parts.metrics));
  // First, so that every answer carries them: the HTML, the API, pictures, errors.
  app.use(securityHeadersMiddleware(securityHeaders(parts.security ?? DEFAULT_SECURITY)));
  app.use(
    compress({
      threshold: COMPRESSION_THRESHOLD,
      br: { params: BROTLI_PARAMS },
      gzip: { level: GZIP_LEVEL },
      deflate: false,
    }),
  );
  app.use(serialiseJsonOnce);
  if (parts.metrics) app.use(metricsEndpoint(parts.metrics, parts.opsToken ?? null));
  app.use(imagesMiddleware(parts.brandName));

  if (parts.routeDocs) {
    const doc = buildOpenApiDocument(parts.routeDocs);
    const page = renderDocsPage(doc);
    const pageCsp = pagePolicy(page);
    app.use(async (ctx, next) => {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      if (ctx.path === '/api/docs' || ctx.path === '/api/docs/') {
        ctx.body = doc;
      } else if (ctx.path === '/api/docs/ui') {
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Content-Security-Policy', pageCsp);
        ctx.body = page;
      } else {
        return next();
      }
    });
  }

  if (parts.health) app.use(healthMiddleware(parts.health));
  for (const router of parts.routers ?? []) app.use(router.routes() as Middleware);

  const allowedOn = parts.routeDocs ? allowedMethods(parts.routeDocs) : null;
  const query = parts.queryApi ? asMiddleware(parts.queryApi) : null;
  const command = parts.commandApi ? asMiddleware(parts.commandApi) : null;
  app.use(async (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    const reading = ctx.method === 'GET' || ctx.method === 'HEAD';
    const target = reading ? query : command;
    if (!target) {
      ctx.status = reading ? 404 : 405;
      ctx.body = { message: `No such endpoint: ${ctx.method} ${ctx.path}` };
      return;
    }
    await target(ctx, async () => {});
    // command-api knows only the command routes' methods; the Allow of a 405 names all of them.
    if (ctx.status === 405 && allowedOn) ctx.set('Allow', allowedOn(ctx.path));
    if (ctx.status === 404 && (ctx.body === undefined || ctx.body === null)) {
      ctx.body = { message: `No such endpoint: ${ctx.method} ${ctx.path}` };
      ctx.status = 404; // setting a body made it 200
    }
  });

  if (parts.clientDist) app.use(staticClient(parts.clientDist));
  return app;
}
