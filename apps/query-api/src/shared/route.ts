/** A query route: its description (for the OpenAPI document) and its handler, validated by the same schemas. */
import type { Context } from 'koa';
import type { z } from 'zod';
import type { AppState, ProjectionProgress, ReadSide, RouteDoc } from '@rewear/platform';
import type { ClientConfig } from '@rewear/contracts';

export interface QueryApiDeps {
  /** The read models and search index of the live generation. */
  readSide: ReadSide;
  /** Progress of the projections, for the consistency token. */
  progress: ProjectionProgress;
  identity: import('@rewear/platform').IdentityVerifier;
  config?: {
    /** How long a request with a consistency token may wait for the projections (default 2000 ms). */
    consistencyWaitMs?: number;
    /** Answer of GET /api/config; the route is absent when not given. */
    clientConfig?: ClientConfig;
    /** What GET /api/health still waits for (empty or absent: ready). */
    waitingFor?: () => string[];
  };
}

export type QueryContext = Context & { state: AppState };

export interface QueryRoute<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  doc: RouteDoc & { method: 'get'; params?: P; query?: Q };
  handle(
    ctx: QueryContext,
    input: { params: z.infer<P>; query: z.infer<Q> },
    deps: QueryApiDeps,
  ): Promise<unknown>;
}

/** Keeps the schema types of one route together (inference helper). */
export function route<P extends z.ZodType, Q extends z.ZodType>(r: QueryRoute<P, Q>): QueryRoute {
  return r as unknown as QueryRoute;
}
