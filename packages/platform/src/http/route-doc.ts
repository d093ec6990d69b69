/**
 * Each API describes its routes with the same zod schemas it validates with; the server
 * assembles the OpenAPI 3.1 document served at /api/docs from these descriptions.
 */
import type { z } from 'zod';

/** One answer of a route: what it means and, for a JSON body, its schema (@rewear/contracts answers). */
export interface ResponseDoc {
  description: string;
  /** The JSON body's schema, read as output: the OpenAPI document shows it, the API suites check it. */
  body?: z.ZodType;
  /** A body that is not JSON (a picture, an event stream): its media type, described in words. */
  mediaType?: string;
}

export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI path template: `/api/cart/{cartId}/totals`. */
  path: string;
  summary: string;
  tags: string[];
  /** 'none': open; 'optional': a visitor or a user; 'user': a signed-in user (Bearer ID token). */
  auth: 'none' | 'optional' | 'user' | 'operator';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A body of raw bytes instead of JSON (a photo upload): the media types it may be sent as. */
  binaryBody?: { mediaTypes: string[]; description: string };
  /**
   * status → the answer: a description alone for a status without a body of its own (204, the
   * errors' `{ message, details? }`), else with the body's schema. Answers every route of its
   * kind can give (400, 401, 429, 503) are added by the OpenAPI document.
   */
  responses: Record<number, string | ResponseDoc>;
  /** Counted against the rate limits: it may answer 429 with `Retry-After`. */
  rateLimited?: boolean;
}
