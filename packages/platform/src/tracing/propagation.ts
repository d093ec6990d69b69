/**
 * The W3C trace context (`traceparent`, `tracestate`) as it travels with an event: stored with
 * the append's events (the commit document of the MongoDB store, beside their correlation id),
 * read back by the outbox relay, sent in the Kafka message headers, and read by the consumer
 * that applies the event. Pure functions over a context: they work whether or not the process
 * traces (without a span in the context there is nothing to carry).
 */
import {
  context as contextApi,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  trace,
  type Context,
  type SpanContext,
  type TextMapGetter,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

import type { TraceContext } from '@rewear/ports';

/** A span's context in its W3C text form. */
export type TraceCarrier = TraceContext;

const w3c = new W3CTraceContextPropagator();

/** The context's span as a carrier, or undefined when the context holds no valid span. */
export function traceCarrierOf(ctx: Context = contextApi.active()): TraceCarrier | undefined {
  const carrier: Record<string, string> = {};
  w3c.inject(ctx, carrier, defaultTextMapSetter);
  if (!carrier.traceparent) return undefined;
  return carrier.tracestate
    ? { traceparent: carrier.traceparent, tracestate: carrier.tracestate }
    : { traceparent: carrier.traceparent };
}

/**
 * A context whose (remote) parent is the carrier's span; `base` unchanged when the carrier is
 * missing or not a valid traceparent.
 */
export function contextFromCarrier(
  carrier: Partial<TraceCarrier> | null | undefined,
  base: Context = ROOT_CONTEXT,
): Context {
  if (!carrier || typeof carrier.traceparent !== 'string') return base;
  return w3c.extract(base, carrier, defaultTextMapGetter);
}

/** The span context a carrier names, or null. */
export function spanContextOfCarrier(
  carrier: Partial<TraceCarrier> | null | undefined,
): SpanContext | null {
  const spanContext = trace.getSpanContext(contextFromCarrier(carrier));
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext : null;
}

/** Kafka message headers as kafkajs hands them over: strings or buffers, one or several. */
export type MessageHeaders = Record<string, Buffer | string | (Buffer | string)[] | undefined>;

const headerGetter: TextMapGetter<MessageHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get(carrier, key) {
    const value = carrier[key];
    if (value === undefined) return undefined;
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined ? undefined : first.toString();
  },
};

/** The message headers that carry the context's span (none when it holds none). */
export function traceHeadersOf(ctx: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  w3c.inject(ctx, headers, defaultTextMapSetter);
  return headers;
}

/** The span context of a Kafka message's `traceparent` header, or null. */
export function spanContextOfHeaders(headers: MessageHeaders | undefined): SpanContext | null {
  if (!headers || headers.traceparent === undefined) return null;
  const spanContext = trace.getSpanContext(w3c.extract(ROOT_CONTEXT, headers, headerGetter));
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext : null;
}

/** At most this many traces get an apply span of one batch (a batch of many traced events). */
export const MAX_BATCH_TRACES = 32;

/**
 * The parents of the spans that handle a batch of messages: one per trace the batch's messages
 * belong to, that trace's first message's span, up to MAX_BATCH_TRACES. Each trace gets its own
 * child span: a batch that holds a cart's creation and the add-to-cart after it (one stream, one
 * partition) shows its handling in both traces, where one span with links showed it in the first
 * trace only (Jaeger shows a link as a reference, not as a child).
 */
export function batchParents(spanContexts: Iterable<SpanContext | null>): SpanContext[] {
  const parents = new Map<string, SpanContext>();
  for (const spanContext of spanContexts) {
    if (!spanContext || parents.has(spanContext.traceId)) continue;
    if (parents.size >= MAX_BATCH_TRACES) break;
    parents.set(spanContext.traceId, spanContext);
  }
  return [...parents.values()];
}
