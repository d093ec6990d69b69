/**
 * Operator endpoints (mounted under /api/ops): projection status, replay, rebuild, dead letters
 * (retry, skip), and event streams (one stream's history, paged; the streams of a user). Every
 * request carries either the shared `OPS_TOKEN` (automation) or the ID token of a person whose
 * account has the custom claim `role`: `operator` (reads and acts) or `support` (reads only).
 * None or a wrong token → 401; an account without the role, or support asking to act → 403; no
 * OPS_TOKEN configured and no valid ID token → 403. Every action is recorded as an event in the
 * stream `operator-actions`: who (the account's uid and role, or the `X-Operator` header of the
 * token's caller, else 'operator'; and the caller's address), when, and what.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { AGGREGATE_TYPES, OPERATOR_STREAM, streamIdOf, type DomainEvent } from '@rewear/contracts';
import { bodyParser } from '@koa/bodyparser';
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { errorHandler } from '../http/middleware.ts';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.ts';
import {
  InvalidTokenError,
  operatorRoleOf,
  type IdentityVerifier,
  type OperatorRole,
} from '../identity.ts';
import { parse } from '../http/validation.ts';
import { boundedInput } from '../http/input-limits.ts';
import { ConcurrencyError, type EventStore } from '@rewear/ports';
import {
  RebuildInProgressError,
  UnknownDeadLetterError,
  UnknownProjectorError,
  type DeadLetterOutcome,
  type ProjectionRuntime,
} from './projections.ts';

export interface OpsRouterOptions {
  /** The operators' shared secret; defaults to the OPS_TOKEN environment variable. */
  token?: string | null;
  /** Path prefix of every route; '/api/ops' unless the caller mounts it elsewhere. */
  prefix?: string;
  /** Verifies the ID tokens of people signed in to the console; none: the shared token only. */
  identity?: IdentityVerifier | null;
}

const replayBody = z.object({
  projector: z.string().min(1).max(100),
  fromPosition: z.number().int().nonnegative(),
});
const rebuildBody = z.object({ projector: z.string().min(1).max(100) });
const streamParams = z.object({ streamId: z.string().min(1).max(300) });
const streamPage = z.object({
  from: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
const streamSearch = z.object({ user: z.string().min(1).max(128) });
const deadLetterParams = z.object({
  projector: z.string().min(1).max(100),
  id: z.string().min(1).max(400),
});

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Lets through only requests that carry the operators' token; command-api's operator routes
 * (settling a dispute) check it too.
 */
export function requireOpsToken(configured: string | null): Middleware {
  return requireOperator({ token: configured });
}

/** Who is acting on an operator endpoint, once `requireOperator` let the request through. */
export interface OperatorCaller {
  /** 'token': the shared OPS_TOKEN (automation); 'account': a person with a role. */
  via: 'token' | 'account';
  /** The account's uid, or the name the token's caller gave (X-Operator), else 'operator'. */
  operator: string;
  uid: string | null;
  role: OperatorRole;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Lets through the shared token (every route) and the ID token of an account whose `role` claim
 * is `operator` (every route) or `support` (GET and HEAD only), and records who in
 * `ctx.state.operator`. Checked before the body is read: a refused request changes nothing.
 */
export function requireOperator(options: {
  token: string | null;
  identity?: IdentityVerifier | null;
}): Middleware {
  const { token: configured, identity } = options;
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    if (!header)
      throw unauthorized(
        'Operator token required (Authorization: Bearer <OPS_TOKEN>, or an operator’s ID token)',
      );
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed authorization header');
    // Compared as SHA-256 digests, which are always 32 bytes, in constant time: how long the
    // check takes tells nothing about the token's length or how much of it was right.
    if (configured && timingSafeEqual(digest(match[1]), digest(configured))) {
      ctx.state.operator = {
        via: 'token',
        operator: namedOperator(ctx),
        uid: null,
        role: 'operator',
      } satisfies OperatorCaller;
      return next();
    }
    if (identity) {
      let user;
      try {
        user = await identity.verify(match[1]);
      } catch (err) {
        if (!(err instanceof InvalidTokenError)) throw err;
      }
      if (user) {
        // A moderator is no operator: only the operator roles open the console.
        const role = operatorRoleOf(user.role);
        if (!role) throw forbidden('Operators only: this account has no operator role');
        if (role === 'support' && !READ_METHODS.has(ctx.method))
          throw forbidden('A support account can look but not act: this needs the operator role');
        ctx.state.operator = {
          via: 'account',
          operator: user.uid,
          uid: user.uid,
          role,
        } satisfies OperatorCaller;
        return next();
      }
    }
    if (!configured)
      throw forbidden('Operator endpoints are disabled: OPS_TOKEN is not set on the server');
    throw unauthorized('Operator token is not valid');
  };
}

/** The name in `X-Operator` (printable, at most 100 characters), else 'operator'. */
function namedOperator(ctx: Context): string {
  const named = ctx
    .get('x-operator')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, 100);
  return named || 'operator';
}

/**
 * Who asks: the account's uid (a person signed in to the console), else the name in
 * `X-Operator`, else 'operator'; and from where.
 */
export function operatorOf(ctx: Context): { operator: string; address: string } {
  const caller = ctx.state.operator as OperatorCaller | undefined;
  return {
    operator: (caller?.operator ?? namedOperator(ctx)).slice(0, 100),
    address: ctx.ip.slice(0, 100),
  };
}

/** What an operator event records of who did it: `operatorOf`, with the account's uid and role. */
export function operatorRecordOf(ctx: Context): {
  operator: string;
  address: string;
  uid?: string;
  role?: OperatorRole;
} {
  const caller = ctx.state.operator as OperatorCaller | undefined;
  return {
    ...operatorOf(ctx),
    ...(caller?.via === 'account' && caller.uid ? { uid: caller.uid, role: caller.role } : {}),
  };
}

/**
 * Appends one operator event to the operator stream (after the action: what it did is in it),
 * retrying when another operator's event took the version it read.
 */
export async function recordOperatorAction(
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
    if (err instanceof UnknownProjectorError || err instanceof UnknownDeadLetterError)
      throw notFound(err.message);
    if (err instanceof RebuildInProgressError) throw conflict(err.message);
    throw err;
  }
};

/** The operators' token this process was given: OPS_TOKEN, none when unset or blank. */
export const configuredOpsToken = (): string | null => process.env.OPS_TOKEN?.trim() || null;

/** How far back a search by user looks for streams the user acted on. */
const RECENT_EVENTS_SEARCHED = 5_000;

export function createOpsRouter(
  runtime: ProjectionRuntime,
  eventStore: EventStore,
  options: OpsRouterOptions = {},
): Router {
  const token = options.token === undefined ? configuredOpsToken() : options.token;
  const router = new Router({ prefix: options.prefix ?? '/api/ops' });
  router.use(
    errorHandler(),
    requireOperator({ token, identity: options.identity ?? null }),
    runtimeErrors,
    bodyParser({ jsonLimit: '1mb' }),
    boundedInput(),
  );

  router.get('/status', async (ctx) => {
    ctx.body = { projectors: await runtime.status() };
  });

  router.get('/whoami', (ctx) => {
    const caller = ctx.state.operator as OperatorCaller;
    ctx.body = { via: caller.via, operator: caller.operator, uid: caller.uid, role: caller.role };
  });

  router.get('/dead-letters', async (ctx) => {
    ctx.body = { deadLetters: await runtime.allDeadLetters(limitOf(ctx, 100, 1000)) };
  });

  router.get('/dead-letters/:projector', async (ctx) => {
    const limit = limitOf(ctx, 100, 1000);
    ctx.body = { deadLetters: await runtime.deadLettersOf(ctx.params.projector!, limit) };
  });

  const deadLetterAction =
    (action: 'retry' | 'skip'): Middleware =>
    async (ctx) => {
      const { projector, id } = parse(deadLetterParams, ctx.params, 'dead letter');
      const outcome: DeadLetterOutcome =
        action === 'retry'
          ? await runtime.retryDeadLetter(projector, id)
          : await runtime.skipDeadLetter(projector, id);
      const fields = {
        ...operatorRecordOf(ctx),
        projector,
        deadLetterId: outcome.id,
        eventId: outcome.eventId,
        position: outcome.position,
        eventType: outcome.type,
        error: outcome.error?.slice(0, 2000) ?? null,
      };
      await recordOperatorAction(
        eventStore,
        fields,
        action === 'retry'
          ? { type: 'DeadLetterRetried', data: { ...fields, applied: outcome.applied } }
          : { type: 'DeadLetterSkipped', data: fields },
      );
      ctx.body = outcome;
    };
  router.post('/dead-letters/:projector/:id/retry', deadLetterAction('retry'));
  router.post('/dead-letters/:projector/:id/skip', deadLetterAction('skip'));

  router.post('/replay', async (ctx) => {
    const { projector, fromPosition } = parse(replayBody, ctx.request.body, 'replay request');
    const result = await runtime.replay(projector, fromPosition);
    const who = operatorRecordOf(ctx);
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
    const who = operatorRecordOf(ctx);
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

  // The streams of one user: those named after the user (`cart-<uid>`, `user-<uid>`, ...) and
  // those the user acted on among the latest events of the log.
  router.get('/streams', async (ctx) => {
    const { user } = parse(streamSearch, ctx.query, 'stream search');
    const found = new Map<string, { streamId: string; version: number; lastAt: string }>();
    // Side by side, and the recent events in one read up to the head: one query after another
    // (a stream per aggregate type, then batches that followed the head while shoppers wrote)
    // kept a busy distributed topology's operator waiting more than 10 s.
    const [named, head] = await Promise.all([
      Promise.all(
        AGGREGATE_TYPES.map(async (type) => {
          const streamId = streamIdOf(type, user);
          return { streamId, last: (await eventStore.readStream(streamId)).at(-1) };
        }),
      ),
      eventStore.headPosition(),
    ]);
    for (const { streamId, last } of named)
      if (last)
        found.set(streamId, { streamId, version: last.streamVersion, lastAt: last.occurredAt });
    const after = Math.max(0, head - RECENT_EVENTS_SEARCHED);
    const recent = head > after ? await eventStore.readAll(after, head - after) : [];
    for (const event of recent) {
      if (event.actor !== user || event.position > head) continue;
      const known = found.get(event.streamId);
      if (!known || known.version < event.streamVersion)
        found.set(event.streamId, {
          streamId: event.streamId,
          version: event.streamVersion,
          lastAt: event.occurredAt,
        });
    }
    ctx.body = {
      user,
      searchedEvents: Math.min(head, RECENT_EVENTS_SEARCHED),
      streams: [...found.values()].sort((a, b) => b.lastAt.localeCompare(a.lastAt)),
    };
  });

  // One stream's events; with `from` (a version, 1-based) and `limit`, one page of them.
  router.get('/streams/:streamId', async (ctx) => {
    const { streamId } = parse(streamParams, ctx.params, 'stream id');
    const page = parse(streamPage, ctx.query, 'stream page');
    const events = await eventStore.readStream(streamId);
    if (events.length === 0) throw notFound(`No events in stream ${streamId}`);
    const version = events[events.length - 1]!.streamVersion;
    if (page.from === undefined && page.limit === undefined) {
      ctx.body = { streamId, version, events };
      return;
    }
    const from = page.from ?? 1;
    const limit = page.limit ?? 50;
    ctx.body = {
      streamId,
      version,
      from,
      limit,
      events: events.filter((e) => e.streamVersion >= from).slice(0, limit),
    };
  });

  return router;
}

function limitOf(ctx: Context, fallback: number, most: number): number {
  return Math.min(Math.max(Number(ctx.query.limit) || fallback, 1), most);
}
