/**
 * The HTTP request's span (kind server): continues the caller's W3C `traceparent` (a browser, a
 * router that traces, another service), else starts a trace. Mounted outermost, before the
 * request logger, which then writes this span's trace id. Its context is left on `ctx.state.trace`
 * for the code after it: the append and the consistency wait are its children. Attributes: the
 * method, the route's template (`/api/cart/items/:id`, else the path: never the query string),
 * the status, the request id. Nothing else of the request: no body, query, header, email or token.
 */
import { propagation, ROOT_CONTEXT, SpanKind, trace, type Context } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';
import type { TraceContext } from '@rewear/ports';
import { markFailed, tracer, tracingEnabled } from './tracing.ts';
import { contextFromCarrier, traceCarrierOf } from './propagation.ts';

/** What the request span leaves for the code after it. */
export interface TraceState {
  /** The request span's context (only while tracing is on). */
  trace?: TraceContext;
}

/** The request span of `ctx` as a parent context (the root one when the request is not traced). */
export const requestTraceContext = (ctx: { state: TraceState }): Context =>
  contextFromCarrier(ctx.state.trace);

/** A pass-through while tracing is off. */
export function traceRequests(): Middleware {
  if (!tracingEnabled()) return (_ctx, next) => next();
  return async (ctx, next) => {
    const method = ctx.method;
    const path = ctx.path;
    const parent = propagation.extract(ROOT_CONTEXT, ctx.headers);
    const span = tracer().startSpan(
      method,
      { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: method } },
      parent,
    );
    (ctx.state as TraceState).trace = traceCarrierOf(trace.setSpan(parent, span));
    let failure: unknown;
    // Ended when the answer has gone (or the connection closed), as the request's log line.
    ctx.res.once('close', () => {
      const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const route = typeof matched === 'string' && matched !== '' ? matched : path;
      const status = ctx.res.statusCode;
      span.updateName(`${method} ${route}`);
      span.setAttribute(ATTR_HTTP_ROUTE, route);
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      const requestId = (ctx.state as { requestId?: unknown }).requestId;
      if (typeof requestId === 'string') span.setAttribute('rewear.request_id', requestId);
      if (status >= 500) markFailed(span, failure ?? new Error(`status ${status}`));
      span.end();
    });
    try {
      await next();
    } catch (error) {
      failure = error;
      throw error;
    }
  };
}
