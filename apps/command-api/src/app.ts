/**
 * The command API: a Koa app. Each request is identified, validated, decided and appended;
 * the answer carries the position of the last event (body `position`, header x-event-position).
 */
import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { POSITION_HEADER } from '@rewear/contracts';
import {
  boundedInput,
  configuredOpsToken,
  createRateLimiter,
  DEFAULT_RATE_LIMITS,
  errorHandler,
  identify,
  requireOperator,
  type AppState,
  type CommandMetrics,
  type Config,
  type EventStore,
  type IdentityVerifier,
  type PersonalDataVault,
  type PhotoStore,
  type RateLimiter,
  type ReadSide,
  routeDocs,
  type RouteDoc,
} from '@rewear/platform';
import type { PaymentGateway } from './payments/port.ts';
import { createServices } from './shared/services.ts';
import { mountRoutes, toHttpError, type CommandRoute } from './shared/http.ts';
import { createMemoryIdempotencyStore, type IdempotencyStore } from './shared/idempotency.ts';
import { userRoutes } from './user/routes.ts';
import { brandRoutes } from './brand/routes.ts';
import { listingRoutes } from './listing/routes.ts';
import { cartRoutes } from './cart/routes.ts';
import { wishlistRoutes } from './wishlist/routes.ts';
import { orderRoutes } from './order/routes.ts';
import { resumePaymentRoute } from './order/resume.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { collectionRoutes } from './collections/routes.ts';
import { shipmentRoutes } from './shipment/routes.ts';
import { operatorRoutes } from './shipment/settlement.ts';
import { reviewRoutes } from './review/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { photoRoutes } from './photo/routes.ts';
import { followRoutes } from './follows/routes.ts';
import { blockRoutes } from './blocks/routes.ts';
import { holidayRoutes } from './holiday/routes.ts';
import { savedSearchRoutes } from './saved-searches/routes.ts';
import { conversationRoutes } from './conversation/routes.ts';
import { bundleRoutes } from './bundle/routes.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { webVitalsRouter } from './vitals/routes.ts';
import { handlePaymentWebhook, webhookRoute, type WebhookOutcome } from './order/webhook.ts';

export interface CommandApiDeps {
  eventStore: EventStore;
  identity: IdentityVerifier;
  payments: PaymentGateway;
  /** Where uploaded photos' sizes are written (the query side serves them). */
  photos: PhotoStore;
  config: Pick<Config, 'reservationTtlMs'>;
  /** Injected clock; the wall clock by default. */
  clock?: () => Date;
  /** Id generator for new aggregates; random UUIDs by default. */
  newId?: () => string;
  /** Read models for look-ups that are not decisions (a seeded brand by name). */
  readSide?: ReadSide | null;
  /**
   * Members' personal-data keys (the platform's `personalData`): deleting an account erases
   * its key. Absent: accounts cannot be deleted here (DELETE /api/me answers 503).
   */
  personalData?: Pick<PersonalDataVault, 'erase'> | null;
  /**
   * Where `Idempotency-Key` answers are kept; in memory by default. Replicas share one store
   * (@rewear/sqlite's createSqliteIdempotencyStore on one file, @rewear/mongodb's
   * openMongoIdempotencyStore).
   */
  idempotency?: IdempotencyStore;
  /** Longest wait for another request with the same `Idempotency-Key` before a 409 (30 s). */
  idempotencyWaitMs?: number;
  /** Largest accepted JSON body. */
  jsonLimit?: string;
  /**
   * Limits on every command route per client address and user (the payment webhook aside); by
   * default DEFAULT_RATE_LIMITS counted in memory. Null: none.
   */
  rateLimiter?: RateLimiter | null;
  /** The operators' token of the /api/ops routes; OPS_TOKEN by default (none: they answer 403). */
  opsToken?: string | null;
  /** Told of every command answered and each idempotent replay (the stack's metrics); none by default. */
  metrics?: CommandMetrics | null;
}

export type CommandApi = Koa<AppState> & {
  /** Delivers a processor notification in-process (the simulated processor's webhook). */
  handlePaymentWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome>;
};

/** Every command route: static descriptions and handlers, given the services when mounted. */
const allRoutes: CommandRoute[] = [
  ...userRoutes,
  ...cartRoutes,
  ...wishlistRoutes,
  ...orderRoutes,
  resumePaymentRoute,
  webhookRoute,
  ...photoRoutes,
  ...listingRoutes,
  ...brandRoutes,
  ...newsletterRoutes,
  ...contactRoutes,
  ...collectionRoutes,
  ...shipmentRoutes,
  ...reviewRoutes,
  ...notificationRoutes,
  ...followRoutes,
  ...blockRoutes,
  ...holidayRoutes,
  ...savedSearchRoutes,
  ...conversationRoutes,
  ...bundleRoutes,
  ...moderationRoutes,
];

export function createCommandApi(deps: CommandApiDeps): CommandApi {
  const now = deps.clock ?? (() => new Date());
  const rateLimiter =
    deps.rateLimiter === undefined ? createRateLimiter(DEFAULT_RATE_LIMITS) : deps.rateLimiter;
  const services = createServices({
    eventStore: deps.eventStore,
    payments: deps.payments,
    photos: deps.photos,
    now,
    newId: deps.newId ?? (() => randomUUID()),
    reservationTtlMs: deps.config.reservationTtlMs,
    readSide: deps.readSide ?? null,
    personalData: deps.personalData ?? null,
    identity: deps.identity,
    rateLimiter,
  });
  const router = new Router<AppState>();
  // Bodies are parsed per route, once the caller is known (a visitor to a signed-in route gets
  // 401 before its body is read).
  // The parsed body (the webhook's too) and the query are checked against the input limits
  // before any route reads them.
  const json = bodyParser({
    enableTypes: ['json'],
    jsonLimit: deps.jsonLimit ?? '1mb',
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  });
  const bounded = boundedInput();
  const idempotency = deps.idempotency ?? createMemoryIdempotencyStore({ now });
  const mountOptions = {
    parseBody: (ctx: Koa.ParameterizedContext<AppState>, next: Koa.Next) =>
      json(ctx, () => bounded(ctx, next)),
    idempotencyWaitMs: deps.idempotencyWaitMs,
    rateLimiter,
    metrics: deps.metrics ?? null,
  };
  mountRoutes(router, allRoutes, services, idempotency, mountOptions);
  const vitals = webVitalsRouter({
    rateLimiter: mountOptions.rateLimiter,
    metrics: deps.metrics ?? null,
  });
  // The operators' routes carry the operators' token or the ID token of an account with the
  // operator role: checked before anything else.
  const operators = new Router<AppState>();
  operators.use(
    requireOperator({
      token: deps.opsToken === undefined ? configuredOpsToken() : deps.opsToken,
      identity: deps.identity,
    }),
  );
  mountRoutes(operators, operatorRoutes, services, idempotency, mountOptions);

  const app = new Koa<AppState>();
  app.use(errorHandler());
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      throw toHttpError(err);
    }
  });
  app.use(operators.routes());
  app.use(identify(deps.identity));
  // A method no route takes (TRACE, CONNECT) is the client's choice, not a fault of the server:
  // 405 with a message, where koa-router answers 501 (a server error to monitors and clients).
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 501 || ctx.status === 405) {
      ctx.status = 405;
      ctx.body = { message: `${ctx.method} is not allowed on ${ctx.path}` };
    }
  });
  app.use(vitals.routes());
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(async (ctx) => {
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = { message: `No such endpoint: ${ctx.method} ${ctx.path}` };
    }
  });

  return Object.assign(app, {
    handlePaymentWebhook: (rawBody: Buffer, signature: string | undefined) =>
      handlePaymentWebhook(
        {
          payments: services.payments,
          reservationTtlMs: services.reservationTtlMs,
          env: {
            aggregates: services.aggregates,
            now,
            newId: services.newId,
            actor: 'system:payments',
            correlationId: services.newId(),
          },
        },
        rawBody,
        signature,
      ),
  });
}

/**
 * Every command route, described with the schemas it validates with (for the OpenAPI document);
 * the rate-limited ones document their 429.
 */
export const commandRoutes: RouteDoc[] = [
  ...allRoutes.map((route) => ({ ...route.doc, rateLimited: route.rateLimited !== false })),
  ...routeDocs(operatorRoutes),
];

export { POSITION_HEADER };
