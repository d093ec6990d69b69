/**
 * Bounds on what one request may carry, checked before anything else reads it: a JSON body
 * (nesting, keys, list and text lengths) and a query string (parameters, value lengths). The
 * body is walked with an explicit stack, so no body, however deep, can exhaust the call stack
 * (a 10,000-deep `[[[…]]]` once did, through a recursive key check). Nothing is changed: a
 * request within the limits goes on as sent; one beyond answers 400 saying which limit.
 */
import type { Middleware } from 'koa';
import { badRequest } from './errors.ts';

/**
 * The limits, generous for every real request: the listing wizard, a checkout of many items,
 * the catalogue filters, a processor's webhook event. Each is a few times what those need.
 */
export const INPUT_LIMITS = {
  /** Nesting of objects and lists: a checkout is 3 levels deep, a Stripe event about 6. */
  depth: 32,
  /** Keys of one object: a listing has 15 fields, a Stripe PaymentIntent about 60. */
  keysPerObject: 200,
  /** Keys of all objects of one body: a checkout of 200 items has about 400. */
  totalKeys: 10_000,
  /** Items of one list: a checkout has at most 200 items, a collection 200 products. */
  arrayLength: 1_000,
  /** Characters of one text: the longest field is a listing's description, 5,000. */
  stringLength: 10_000,
  /** Characters of one key (body or query): field names are short, Stripe metadata keys 40. */
  keyLength: 200,
  /** Parameters of a query string, repeats included: the catalogue's filters are about 12. */
  queryParameters: 100,
  /** Characters of one query value: a search is at most 200, a filter list a few hundred. */
  queryValueLength: 2_000,
} as const;

/** Keys no request needs and that merging code could read as an object's prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const quoted = (key: string) => `"${key.slice(0, 40)}${key.length > 40 ? '…' : ''}"`;

/**
 * Why `value` (a parsed JSON body, path or query object) is beyond the limits, in words, or
 * null when it is within them. `what` names it in the message ('request body', 'query').
 */
export function inputProblem(value: unknown, what = 'request body'): string | null {
  const L = INPUT_LIMITS;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  let totalKeys = 0;
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop()!;
    if (typeof item === 'string') {
      if (item.length > L.stringLength)
        return `The ${what} has a text that is too long (at most ${L.stringLength} characters)`;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth > L.depth) return `The ${what} is nested too deeply (at most ${L.depth} levels)`;
    if (Array.isArray(item)) {
      if (item.length > L.arrayLength)
        return `The ${what} has a list that is too long (at most ${L.arrayLength} items)`;
      for (const inner of item) stack.push({ value: inner, depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(item);
    if (keys.length > L.keysPerObject)
      return `The ${what} has an object with too many keys (at most ${L.keysPerObject})`;
    totalKeys += keys.length;
    if (totalKeys > L.totalKeys)
      return `The ${what} has too many keys (at most ${L.totalKeys} in all)`;
    for (const key of keys) {
      if (key.length > L.keyLength)
        return `The ${what} has a key that is too long (at most ${L.keyLength} characters)`;
      if (key.startsWith('$')) return `Invalid ${what}: keys starting with "$" are not allowed`;
      if (FORBIDDEN_KEYS.has(key))
        return `The ${what} has a key that is not allowed: ${quoted(key)}`;
      stack.push({ value: (item as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return null;
}

/** Throws 400 when `value` is beyond the limits (see inputProblem). */
export function assertWithinLimits(value: unknown, what = 'request body'): void {
  const problem = inputProblem(value, what);
  if (problem) throw badRequest(problem);
}

/**
 * Why a raw query string (without its `?`) is beyond the limits, or null. Read from the raw
 * text, once, before anything parses it into an object.
 */
export function queryProblem(querystring: string): string | null {
  if (!querystring) return null;
  const L = INPUT_LIMITS;
  let count = 0;
  for (const [key, value] of new URLSearchParams(querystring)) {
    if (++count > L.queryParameters)
      return `The query has too many parameters (at most ${L.queryParameters})`;
    if (key.length > L.keyLength)
      return `The query has a parameter name that is too long (at most ${L.keyLength} characters)`;
    if (FORBIDDEN_KEYS.has(key)) return `Invalid query: parameter ${quoted(key)} is not allowed`;
    if (value.length > L.queryValueLength)
      return `The query parameter ${quoted(key)} is too long (at most ${L.queryValueLength} characters)`;
  }
  return null;
}

/** Throws 400 when a raw query string is beyond the limits (see queryProblem). */
export function assertQueryWithinLimits(querystring: string): void {
  const problem = queryProblem(querystring);
  if (problem) throw badRequest(problem);
}

/**
 * Checks the query string and, once a body parser has run, the parsed body: mount it right
 * after the body parser of every route that reads one.
 */
export function boundedInput(): Middleware {
  return async (ctx, next) => {
    assertQueryWithinLimits(ctx.querystring);
    const body = (ctx.request as { body?: unknown }).body;
    if (body !== undefined) assertWithinLimits(body, 'request body');
    await next();
  };
}
