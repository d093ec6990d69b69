/** A query route: its description (for the OpenAPI document) and its handler, validated by the same schemas. */
import {
  routeDeclarer,
  type IdentityVerifier,
  type PhotoStore,
  type ProjectionProgress,
  type ReadSide,
  type Route,
} from '@rewear/platform';
import type { ClientConfig } from '@rewear/contracts';
import type { NotificationFeed } from '@rewear/features/notifications/queries';

export interface QueryApiDeps {
  /** The read models and search index of the live generation. */
  readSide: ReadSide;
  /** Progress of the projections, for the consistency token. */
  progress: ProjectionProgress;
  identity: IdentityVerifier;
  /** Where uploaded photos are read from; without one, no photo is found. */
  photos?: PhotoStore;
  /** The server's clock (the Product of the Day's calendar day); the wall clock by default. */
  clock?: () => Date;
  /** Sends the open notification streams what the projectors add (createQueryApi makes one if absent). */
  live?: NotificationFeed;
  config?: {
    /** How long a request with a consistency token may wait for the projections (default 2000 ms). */
    consistencyWaitMs?: number;
    /** Answer of GET /api/config; the route is absent when not given. */
    clientConfig?: ClientConfig;
    /** What GET /api/health still waits for (empty or absent: ready). */
    waitingFor?: () => string[];
    /** How often the open notification streams look for new ones (default 200 ms). */
    livePollMs?: number;
  };
}

/** query-api answers reads only. */
interface QueryRouteOptions {
  doc: { method: 'get' };
}

export type QueryRoute = Route<QueryApiDeps, unknown> & QueryRouteOptions;

/** Declares a query route: its handler gets the parsed path and query and the read side. */
export const defineRoute = routeDeclarer<QueryApiDeps, unknown, QueryRouteOptions>();
