/**
 * Checks an answer against the schema its route documents for its status (RouteDoc.responses):
 * the API suites run every answer they receive through it, so a description that drifts from
 * what a handler sends fails a test instead of misleading the OpenAPI document's readers.
 */
import { match, type MatchFunction } from 'path-to-regexp';
import type { ResponseDoc, RouteDoc } from './route-doc.ts';
import { koaPath } from './route.ts';

export interface ReceivedAnswer {
  method: string;
  /** The path asked for, with or without its query string. */
  url: string;
  status: number;
  /** The body as parsed from JSON; null when there was none. */
  body: unknown;
  /** The answer's content type, if any. */
  contentType?: string | null;
}

interface RouteMatcher {
  route: RouteDoc;
  matches: MatchFunction<object>;
  /** Characters outside the parameters: a literal path wins over a template (featured over {id}). */
  literal: number;
}

/** Each route list's matchers, made once: the router's own path syntax (path-to-regexp). */
const matchersByRoutes = new WeakMap<readonly RouteDoc[], RouteMatcher[]>();

function matchersOf(routes: readonly RouteDoc[]): RouteMatcher[] {
  let matchers = matchersByRoutes.get(routes);
  if (!matchers) {
    matchers = routes.map((route) => ({
      route,
      matches: match(koaPath(route.path), { decode: false }),
      literal: route.path.replace(/\{[^}]+\}/g, '').length,
    }));
    matchersByRoutes.set(routes, matchers);
  }
  return matchers;
}

/** The route a request was answered by: same method, path matching its template. */
export function routeOfRequest(
  routes: readonly RouteDoc[],
  method: string,
  url: string,
): RouteDoc | null {
  const path = url.split('?')[0]!;
  const candidates = matchersOf(routes)
    .filter((m) => m.route.method === method.toLowerCase() && m.matches(path) !== false)
    .sort((a, b) => b.literal - a.literal);
  return candidates[0]?.route ?? null;
}

const responseDoc = (doc: string | ResponseDoc | undefined): ResponseDoc | null =>
  doc === undefined ? null : typeof doc === 'string' ? { description: doc } : doc;

/**
 * Pure: why `answer` is outside what its route documents, or null when it is within. Checked: a
 * success (2xx) must be documented for its status, and its JSON body must pass the schema
 * documented there (a status documented without one must come without a body). Errors keep
 * their common shape and are not checked here; nor are requests no route documents (unknown
 * paths, the image routes).
 */
export function answerOutsideSchema(
  routes: readonly RouteDoc[],
  answer: ReceivedAnswer,
): string | null {
  if (answer.status < 200 || answer.status >= 300) return null;
  const route = routeOfRequest(routes, answer.method, answer.url);
  if (!route) return null;
  const label = `${answer.method.toUpperCase()} ${answer.url.split('?')[0]} answered ${answer.status}`;
  const doc = responseDoc(route.responses[answer.status]);
  if (!doc) return `${label}, a status its route (${route.path}) does not document`;
  if (doc.mediaType) return null;
  if (!doc.body)
    return answer.body === null || answer.body === ''
      ? null
      : `${label}, outside its schema: a body where none is documented`;
  const parsed = doc.body.safeParse(answer.body);
  if (parsed.success) return null;
  const issues = parsed.error.issues
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  return `${label}, outside its schema: ${issues}`;
}

/** Throws when `answer` is outside its route's schema (for the API suites' harnesses). */
export function assertAnswerInSchema(routes: readonly RouteDoc[], answer: ReceivedAnswer): void {
  const problem = answerOutsideSchema(routes, answer);
  if (problem) throw new Error(problem);
}
