/**
 * Traces (OpenTelemetry): off unless OTEL_EXPORTER_OTLP_ENDPOINT,
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_TRACES_EXPORTER says where spans go. Off, the API's
 * no-op tracer answers every call: no span is made, nothing is stored with events, no header is
 * added to Kafka messages. On, each process exports its spans by OTLP (protobuf over HTTP) in
 * batches, named by `service.name` (command-api, query-api, projectors, or server for the
 * one-process storefront), and the W3C trace context (`traceparent`) joins them into one trace.
 */
import {
  INVALID_SPAN_CONTEXT,
  propagation,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
  type SpanOptions,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { loggerFor } from '../logging/logger.ts';

/** What tracing the environment asks for: null when tracing is off. */
export interface TracingSettings {
  exporter: 'otlp' | 'console';
  /** Share of traces kept, decided by the trace id alone (see samplerFor). */
  ratio: number;
}

/**
 * Tracing is on when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), or OTEL_TRACES_EXPORTER names `otlp` or `console`;
 * OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none turns it off whatever else is set.
 * OTEL_TRACES_SAMPLER_ARG (0 to 1) keeps that share of traces (default all).
 */
export function tracingSettingsFrom(env: NodeJS.ProcessEnv = process.env): TracingSettings | null {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  const named = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (named === 'none') return null;
  const endpoint =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  let exporter: TracingSettings['exporter'] | null = null;
  if (named === 'console') exporter = 'console';
  else if (named === 'otlp' || endpoint) exporter = 'otlp';
  if (!exporter) return null;
  const arg = Number(env.OTEL_TRACES_SAMPLER_ARG);
  const ratio = env.OTEL_TRACES_SAMPLER_ARG && arg >= 0 && arg <= 1 ? arg : 1;
  return { exporter, ratio };
}

/**
 * Keeps `ratio` of the traces. The decision depends on the trace id alone, so every process makes
 * the same one for a trace (command-api, the projectors behind Kafka, query-api) and a trace is
 * kept whole or not at all. A parent's sampled flag from outside (a browser's traceparent says
 * sampled) does not force a trace to be kept: the ratio still applies, or any client could have
 * every one of its requests traced. A parent marked not sampled is not kept.
 */
export function samplerFor(ratio: number): Sampler {
  if (ratio >= 1) return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  const byTraceId = new TraceIdRatioBasedSampler(ratio);
  return new ParentBasedSampler({ root: byTraceId, remoteParentSampled: byTraceId });
}

let provider: TracerProvider | null = null;
let enabled = false;

/** Whether this process records spans (configureTracing found tracing asked for). */
export const tracingEnabled = () => enabled;

export interface TracingOptions {
  /** `service.name`: command-api, query-api, projectors, or server. */
  service: string;
  env?: NodeJS.ProcessEnv;
  /** Where spans go instead of the configured exporter (tests). */
  exporter?: SpanExporter;
}

/**
 * Sets up the process's tracer provider and W3C propagator when the environment
 * asks for traces (or an exporter is given); otherwise does nothing and returns false. Once.
 */
export function configureTracing(options: TracingOptions): boolean {
  if (provider) return true;
  const settings = options.exporter
    ? { exporter: 'otlp' as const, ratio: 1 }
    : tracingSettingsFrom(options.env);
  if (!settings) return false;
  const exporter =
    options.exporter ??
    (settings.exporter === 'console' ? new ConsoleSpanExporter() : new OTLPTraceExporter());
  provider = new TracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.service,
      [ATTR_SERVICE_VERSION]: process.env.npm_package_version ?? '0.1.0',
    }),
    sampler: samplerFor(settings.ratio),
    spanProcessors: [
      // Sent in batches off the request path; a queue that overflows drops spans, never waits.
      new BatchSpanProcessor({ exporter, maxQueueSize: 4096, scheduledDelayMillis: 1000 }),
    ],
  });
  // No context manager: an active span would need AsyncLocalStorage, whose hooks on every
  // promise cost more than the spans themselves (Node 20). Parents are passed explicitly instead:
  // the request's on `ctx.state.trace`, the append's in its options, an event's in its commit
  // and message headers.
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  enabled = true;
  loggerFor('tracing').info(
    `[tracing] spans of ${options.service} go to ${settings.exporter === 'console' ? 'the console' : 'OTLP'}`,
  );
  return true;
}

/** Sends the spans still queued (before exit; tests read the backend after it). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/** Flushes and stops the exporter; spans made afterwards go nowhere. */
export async function shutdownTracing(): Promise<void> {
  const current = provider;
  provider = null;
  enabled = false;
  if (!current) return;
  await current.shutdown();
  trace.disable();
  propagation.disable();
}

/** The tracer the project's spans come from (the API's no-op one while tracing is off). */
export const tracer = (): Tracer => trace.getTracer('rewear');

/**
 * Runs `work` in a new span under `parent`; the span ends when `work` settles, with an error status
 * when it throws. Without tracing, just runs `work` (with a span that records nothing).
 */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  parent: Context,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  if (!enabled) return work(trace.wrapSpanContext(INVALID_SPAN_CONTEXT));
  const span = tracer().startSpan(name, options, parent);
  try {
    return await work(span);
  } catch (error) {
    markFailed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/**
 * An error status with the error's class name only: an error's message may quote what a user
 * sent (an email, an address), and spans carry ids, never personal data.
 */
export function markFailed(span: Span, error: unknown): void {
  const name = error instanceof Error ? error.name : typeof error;
  span.setAttribute('error.type', name);
  span.setStatus({ code: SpanStatusCode.ERROR, message: name });
}
