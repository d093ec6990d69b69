/**
 * query-api: answers GET requests from the read models and the search index only. Composed of
 * small middleware: errors → identity → routes. Each route checks who is asking first (a visitor
 * to a signed-in route gets 401 before anything else), then waits for a consistency token, then
 * validates its input.
 */
import Koa from 'koa';
import Router from '@koa/router';
import { CONSISTENCY_HEADER, CONSISTENCY_TIMEOUT_HEADER } from '@rewear/contracts';
import {
  assertQueryWithinLimits,
  badRequest,
  COMPRESSION_THRESHOLD,
  CONTENT_ENCODINGS,
  errorHandler,
  identify,
  inSpan,
  koaPath,
  parseRouteInput,
  requestTraceContext,
  requireUser,
  routeDocs,
  type AppState,
  type RouteDoc,
} from '@rewear/platform';
import type { Middleware } from 'koa';
import type { QueryApiDeps, QueryRoute } from './shared/route.ts';
import { BinaryAnswer, JsonAnswer } from './shared/answers.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { referenceRoutes } from './reference/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { cartRoutes } from './cart/routes.ts';
import { wishlistRoutes } from './wishlist/routes.ts';
import { orderRoutes } from './order/routes.ts';
import { collectionRoutes } from './collections/routes.ts';
import { shipmentRoutes } from './shipment/routes.ts';
import { sellerRoutes } from './sellers/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { notificationStreamRoutes } from './notifications/stream.ts';
import { createNotificationFeed } from './notifications/live-feed.ts';
import { conversationRoutes } from './conversation/routes.ts';
import { systemRoutes } from './system/routes.ts';
import { photoRoutes } from './photo/routes.ts';
import { followRoutes } from './follows/routes.ts';
import { blockRoutes } from './blocks/routes.ts';
import { holidayRoutes } from './holiday/routes.ts';
import { savedSearchRoutes } from './saved-searches/routes.ts';
import { accountRoutes } from './account/routes.ts';
import { moderationRoutes } from './moderation/routes.ts';

/** Every query route; static paths come before parameterised ones that could shadow them. */
export const queryRouteTable: QueryRoute[] = [
  ...systemRoutes,
  ...catalogueRoutes,
  ...referenceRoutes,
  ...searchRoutes,
  ...cartRoutes,
  ...wishlistRoutes,
  ...shipmentRoutes,
  ...sellerRoutes,
  ...notificationStreamRoutes,
  ...notificationRoutes,
  ...conversationRoutes,
  ...orderRoutes,
  ...collectionRoutes,
  ...photoRoutes,
  ...followRoutes,
  ...blockRoutes,
  ...holidayRoutes,
  ...savedSearchRoutes,
  ...accountRoutes,
  ...moderationRoutes,
];

/** The routes' descriptions, with the zod schemas they validate with, for the OpenAPI document. */
export const queryRoutes: RouteDoc[] = routeDocs(queryRouteTable);

export const DEFAULT_CONSISTENCY_WAIT_MS = 2000;

/** With a consistency token, waits (bounded) until the projections have reached it, then reads anyway. */
export function consistencyWait(deps: QueryApiDeps): Middleware<AppState> {
  const waitMs = deps.config?.consistencyWaitMs ?? DEFAULT_CONSISTENCY_WAIT_MS;
  return async (ctx, next) => {
    const token = ctx.get(CONSISTENCY_HEADER);
    if (token) {
      if (!/^\d{1,15}$/.test(token.trim()))
        throw badRequest(`Invalid ${CONSISTENCY_HEADER}: must be an event position`);
      const position = Number(token.trim());
      // A span of the request's trace: how long the read waited for the projections.
      const reached = await inSpan(
        'consistency wait',
        { attributes: { 'rewear.consistency.position': position } },
        requestTraceContext(ctx),
        async (span) => {
          const done = await deps.progress.waitFor(position, waitMs);
          span.setAttribute('rewear.consistency.reached', done);
          return done;
        },
      );
      if (!reached) ctx.set(CONSISTENCY_TIMEOUT_HEADER, 'true');
    }
    await next();
  };
}

/** Query keys like `price[$gt]` or `$where` never reach a schema. */
function rejectOperatorKeys(query: Record<string, unknown>) {
  for (const key of Object.keys(query)) {
    if (key.includes('$') || key.includes('['))
      throw badRequest(`Invalid query: parameter "${key.slice(0, 40)}" is not allowed`);
  }
}

/**
 * A serialised answer in the encoding the client prefers (by weight, then its own order), from
 * the copy kept with the answer; the server's compression middleware then leaves it alone.
 */
async function encodedFor(ctx: Koa.Context, answer: JsonAnswer<unknown>): Promise<Buffer> {
  ctx.vary('Accept-Encoding');
  if (answer.bytes.length < COMPRESSION_THRESHOLD || ctx.method === 'HEAD') return answer.bytes;
  const encoding = ctx.acceptsEncodings(...CONTENT_ENCODINGS, 'identity');
  if (encoding !== 'br' && encoding !== 'gzip') return answer.bytes;
  ctx.set('Content-Encoding', encoding);
  return answer.encoded(encoding);
}

export function createQueryApi(given: QueryApiDeps): Koa<AppState> {
  const deps: QueryApiDeps = {
    ...given,
    live:
      given.live ?? createNotificationFeed(given.readSide, { pollMs: given.config?.livePollMs }),
  };
  const app = new Koa<AppState>();
  const router = new Router<AppState>({ strict: false });
  const wait = consistencyWait(deps);
  for (const r of queryRouteTable) {
    const path = koaPath(r.doc.path);
    // '/api/brands/' is documented with its slash; '/api/brands' answers the same.
    const paths = path.endsWith('/') ? [path, path.slice(0, -1)] : [path];
    const caller: Middleware<AppState> = async (ctx, next) => {
      if (r.doc.auth === 'user') requireUser(ctx);
      // Read from the raw text, before Koa parses it into ctx.query or anything waits.
      assertQueryWithinLimits(ctx.querystring);
      await next();
    };
    router.get(paths, caller, wait, async (ctx) => {
      rejectOperatorKeys(ctx.query);
      const body = await r.handle({ ...parseRouteInput(r.doc, ctx), ctx, deps });
      // A stream (the live notifications) has answered by itself.
      if (ctx.respond === false) return;
      ctx.status = 200;
      if (body === undefined || body === null) ctx.body = body;
      else if (body instanceof BinaryAnswer) {
        ctx.type = body.contentType;
        ctx.set('Cache-Control', body.cacheControl);
        ctx.body = body.bytes;
      } else if (body instanceof JsonAnswer) {
        ctx.type = 'json';
        ctx.body = await encodedFor(ctx, body);
      } else {
        // Serialised once here: with an object body, the compression middleware's size check
        // and Koa's response each serialise it (a catalogue page is about 16 KB of JSON).
        ctx.type = 'json';
        ctx.body = JSON.stringify(body);
      }
    });
  }
  app.use(errorHandler());
  app.use(identify(deps.identity));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
