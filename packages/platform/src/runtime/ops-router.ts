/**
 * Operator endpoints (mounted under /api/ops): projection status, replay, rebuild, and the
 * history of one event stream. Every request must carry `Authorization: Bearer <OPS_TOKEN>`:
 * none → 401; a wrong one, or no OPS_TOKEN configured on the server → 403.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { bodyParser } from '@koa/bodyparser';
import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { errorHandler } from '../http/middleware.ts';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { parse } from '../http/validation.ts';
import type { EventStore } from '../ports.ts';
import {
  RebuildInProgressError,
  UnknownProjectorError,
  type ProjectionRuntime,
} from './projections.ts';

export interface OpsRouterOptions {
  /** The operators' shared secret; defaults to the OPS_TOKEN environment variable. */
  token?: string | null;
  /** Path prefix of every route; '/api/ops' unless the caller mounts it elsewhere. */
  prefix?: string;
}

const replayBody = z.object({
  projector: z.string().min(1).max(100),
  fromPosition: z.number().int().nonnegative(),
});
const rebuildBody = z.object({ projector: z.string().min(1).max(100) });
const streamParams = z.object({ streamId: z.string().min(1).max(300) });

const digest = (value: string) => createHash('sha256').update(value).digest();

function requireOpsToken(configured: string | null): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (!header) throw unauthorized('Operator token required (Authorization: Bearer <OPS_TOKEN>)');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed authorization header');
    if (!configured)
      throw forbidden('Operator endpoints are disabled: OPS_TOKEN is not set on the server');
    // Compared as digests so the comparison takes the same time whatever the length.
    if (!timingSafeEqual(digest(match[1]), digest(configured)))
      throw forbidden('Operator token is not valid');
    await next();
  };
}

/** Maps the runtime's errors to answers an operator understands. */
const runtimeErrors: Middleware = async (_ctx, next) => {
  try {
    await next();
  } catch (err) {
    if (err instanceof UnknownProjectorError) throw notFound(err.message);
    if (err instanceof RebuildInProgressError) throw conflict(err.message);
    throw err;
  }
};

export function createOpsRouter(
  runtime: ProjectionRuntime,
  eventStore: EventStore,
  options: OpsRouterOptions = {},
): Router {
  const token = options.token === undefined ? process.env.OPS_TOKEN?.trim() || null : options.token;
  const router = new Router({ prefix: options.prefix ?? '/api/ops' });
  router.use(
    errorHandler(),
    requireOpsToken(token),
    runtimeErrors,
    bodyParser({ jsonLimit: '1mb' }),
  );

  router.get('/status', async (ctx) => {
    ctx.body = { projectors: await runtime.status() };
  });

  router.get('/dead-letters/:projector', async (ctx) => {
    const limit = Math.min(Math.max(Number(ctx.query.limit) || 100, 1), 1000);
    ctx.body = { deadLetters: await runtime.deadLettersOf(ctx.params.projector!, limit) };
  });

  router.post('/replay', async (ctx) => {
    const { projector, fromPosition } = parse(replayBody, ctx.request.body, 'replay request');
    ctx.body = await runtime.replay(projector, fromPosition);
  });

  router.post('/rebuild', async (ctx) => {
    const { projector } = parse(rebuildBody, ctx.request.body, 'rebuild request');
    ctx.body = await runtime.rebuild(projector);
  });

  router.get('/streams/:streamId', async (ctx) => {
    const { streamId } = parse(streamParams, ctx.params, 'stream id');
    const events = await eventStore.readStream(streamId);
    if (events.length === 0) throw notFound(`No events in stream ${streamId}`);
    ctx.body = { streamId, version: events[events.length - 1]!.streamVersion, events };
  });

  return router;
}
