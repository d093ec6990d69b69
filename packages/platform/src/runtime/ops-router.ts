/**
 * Operator endpoints (mounted under /api/ops): projection status, replay, rebuild, and the
 * history of one event stream. Every request must carry `Authorization: Bearer <OPS_TOKEN>`:
 * none or a wrong one → 401; no OPS_TOKEN configured on the server → 403. Every replay and
 * rebuild is recorded as an event in the stream `operator-actions`: who (the `X-Operator` header,
 * else 'operator', and the caller's address), when, and what.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { OPERATOR_STREAM, type DomainEvent } from '@rewear/contracts';
import { bodyParser } from '@koa/bodyparser';
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { errorHandler } from '../http/middleware.ts';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { parse } from '../http/validation.ts';
import { boundedInput } from '../http/input-limits.ts';
import { ConcurrencyError, type EventStore } from '@rewear/ports';
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

/**
 * Lets through only requests that carry the operators' token; command-api's operator routes
 * (settling a dispute) check it too.
 */
export function requireOpsToken(configured: string | null): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (!header) throw unauthorized('Operator token required (Authorization: Bearer <OPS_TOKEN>)');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed authorization header');
    if (!configured)
      throw forbidden('Operator endpoints are disabled: OPS_TOKEN is not set on the server');
    // Compared as SHA-256 digests, which are always 32 bytes, in constant time: how long the
    // check takes tells nothing about the token's length or how much of it was right.
    if (!timingSafeEqual(digest(match[1]), digest(configured)))
      throw unauthorized('Operator token is not valid');
    await next();
  };
}

/** Who asks: the name in `X-Operator` (printable, at most 100 characters), else 'operator'. */
export function operatorOf(ctx: Context): { operator: string; address: string } {
  const named = ctx
    .get('x-operator')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, 100);
  return { operator: named || 'operator', address: ctx.ip.slice(0, 100) };
}

/**
 * Appends one operator event to the operator stream (after the action: what it did is in it),
 * retrying when another operator's event took the version it read.
 */
async function recordOperatorAction(
  eventStore: EventStore,
  who: { operator: string },
  event: DomainEvent,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const stream = await eventStore.readStream(OPERATOR_STREAM);
    try {
      await eventStore.append(OPERATOR_STREAM, [event], {
        expectedVersion: stream.at(-1)?.streamVersion ?? 0,
        actor: `operator:${who.operator}`,
        correlationId: randomUUID(),
      });
      return;
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= 10) throw err;
    }
  }
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

/** The operators' token this process was given: OPS_TOKEN, none when unset or blank. */
export const configuredOpsToken = (): string | null => process.env.OPS_TOKEN?.trim() || null;

export function createOpsRouter(
  runtime: ProjectionRuntime,
  eventStore: EventStore,
  options: OpsRouterOptions = {},
): Router {
  const token = options.token === undefined ? configuredOpsToken() : options.token;
  const router = new Router({ prefix: options.prefix ?? '/api/ops' });
  router.use(
    errorHandler(),
    requireOpsToken(token),
    runtimeErrors,
    bodyParser({ jsonLimit: '1mb' }),
    boundedInput(),
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
    const result = await runtime.replay(projector, fromPosition);
    const who = operatorOf(ctx);
    await recordOperatorAction(eventStore, who, {
      type: 'ProjectionReplayed',
      data: {
        ...who,
        projector,
        generation: result.generation,
        fromPosition,
        events: result.events,
      },
    });
    ctx.body = result;
  });

  router.post('/rebuild', async (ctx) => {
    const { projector } = parse(rebuildBody, ctx.request.body, 'rebuild request');
    const result = await runtime.rebuild(projector);
    const who = operatorOf(ctx);
    await recordOperatorAction(eventStore, who, {
      type: 'ProjectionRebuilt',
      data: {
        ...who,
        projector,
        generation: result.generation,
        previousGeneration: result.previousGeneration,
        events: result.events,
      },
    });
    ctx.body = result;
  });

  router.get('/streams/:streamId', async (ctx) => {
    const { streamId } = parse(streamParams, ctx.params, 'stream id');
    const events = await eventStore.readStream(streamId);
    if (events.length === 0) throw notFound(`No events in stream ${streamId}`);
    ctx.body = { streamId, version: events[events.length - 1]!.streamVersion, events };
  });

  return router;
}
