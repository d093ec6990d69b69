/**
 * One way to declare a route, for both APIs: a static description (method, path, who may call,
 * the zod schemas of its path parameters, query and body, its answers) and a handler that gets
 * the parsed input together with what its API hands every route (`deps`). The description is
 * what the OpenAPI document is built from, with no API running; the schemas are what the
 * request is validated with, so the two cannot disagree.
 */
import type { Context } from 'koa';
import type { z } from 'zod';
import type { AuthenticatedUser } from '../identity.ts';
import type { AppState } from './middleware.ts';
import type { RouteDoc } from './route-doc.ts';
import { parse } from './validation.ts';

export type RequestContext = Context & { state: AppState };

/** Who may call a route. */
export type RouteAuth = RouteDoc['auth'];

/**
 * Who is asking, as the handler gets it: on a route only the signed-in may call (`auth: 'user'`,
 * refused with 401 before the handler runs) the user, on the others the user or null.
 */
export type CallerOf<A extends RouteAuth> = A extends 'user'
  ? AuthenticatedUser
  : AuthenticatedUser | null;

export type RouteDescription<P, Q, B, A extends RouteAuth = RouteAuth> = Omit<
  RouteDoc,
  'params' | 'query' | 'body' | 'auth'
> & {
  auth: A;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
};

export interface RouteInput<Deps, P, Q, B, A extends RouteAuth = RouteAuth> {
  params: P;
  query: Q;
  body: B;
  user: CallerOf<A>;
  ctx: RequestContext;
  deps: Deps;
}

export interface Route<
  Deps,
  Result,
  P = unknown,
  Q = unknown,
  B = unknown,
  A extends RouteAuth = RouteAuth,
> {
  doc: RouteDescription<P, Q, B, A>;
  handle(input: RouteInput<Deps, P, Q, B, A>): Promise<Result>;
}

/**
 * The route declarer of one API: `const defineRoute = routeDeclarer<Deps, Result>()`. Each route
 * keeps its own schema types for its handler; the API's route lists hold them all alike.
 * `Options` are the API's own per-route settings (command-api: idempotency, rate limits).
 */
export function routeDeclarer<Deps, Result, Options extends object = object>() {
  return <P = unknown, Q = unknown, B = unknown, A extends RouteAuth = RouteAuth>(
    route: Route<Deps, Result, P, Q, B, A> & Options,
  ): Route<Deps, Result> & Options => route as unknown as Route<Deps, Result> & Options;
}

/**
 * The request's input, each part parsed by its schema (a 400 naming the field when not), and
 * who is asking (a route with `auth: 'user'` has refused visitors before this).
 */
export function parseRouteInput(
  doc: RouteDescription<unknown, unknown, unknown>,
  ctx: RequestContext,
): { params: unknown; query: unknown; body: unknown; user: AuthenticatedUser | null } {
  return {
    user: ctx.state.user ?? null,
    params: doc.params ? parse(doc.params, ctx.params, 'path') : ctx.params,
    query: doc.query ? parse(doc.query, ctx.query, 'query') : ctx.query,
    body: doc.body ? parse(doc.body, ctx.request.body ?? {}, 'request body') : ctx.request.body,
  };
}

/** OpenAPI `{param}` → Koa `:param`. */
export const koaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The descriptions of `routes`, for the OpenAPI document. */
export const routeDocs = (routes: ReadonlyArray<{ doc: object }>): RouteDoc[] =>
  routes.map(({ doc }) => doc as RouteDoc);
