/**
 * What one traced request costs the server's thread, CPU time per request span: the W3C
 * `traceparent` read, the span started, its context kept for the code after it, its attributes,
 * its end (the middleware itself, on a request that is answered at once), and the batch processor's protobuf export by OTLP to the endpoint set
 * (OTEL_EXPORTER_OTLP_ENDPOINT; a real Jaeger, scripts/engines/jaeger.sh start). The same loop
 * with tracing off is the baseline. Counts CPU time (process.cpuUsage), so other work on the
 * machine does not inflate it as it does a latency. Each request brings a trace of its own, so
 * OTEL_TRACES_SAMPLER_ARG (e.g. 0.1) keeps that share of them, as in production.
 *   OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 npx tsx scripts/bench/span-cost.ts [spans]
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Context } from 'koa';
import { configureTracing, flushTracing, shutdownTracing, traceRequests } from '@rewear/platform';

const SPANS = Number(process.argv[2] ?? 50_000);
const next = async () => {};

/** A browser's traceparent (marked sampled) of a trace of its own, as each command brings. */
const traceparentOf = (i: number) =>
  `00-${i.toString(16).padStart(8, '0')}${randomBytes(12).toString('hex')}-00f067aa0ba902b7-01`;

/** One request through the tracing middleware (a pass-through while tracing is off), answered. */
async function oneRequest(middleware: ReturnType<typeof traceRequests>, i: number) {
  const res = Object.assign(new EventEmitter(), { statusCode: 200 });
  const ctx = {
    method: 'GET',
    path: `/api/products/p${i}`,
    headers: { traceparent: traceparentOf(i) },
    state: { requestId: `request-${i}` },
    res,
    _matchedRoute: '/api/products/:id',
  } as unknown as Context;
  await middleware(ctx, next);
  res.emit('close');
}

async function measure(label: string): Promise<number> {
  const middleware = traceRequests();
  // Warm-up, then the timed loop in slices (the batch processor exports between them, as it
  // does between requests), then the flush of what is left: its CPU counts too.
  for (let i = 0; i < 5_000; i++) await oneRequest(middleware, i);
  await flushTracing();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < SPANS; i += 500) {
    for (let j = i; j < i + 500; j++) await oneRequest(middleware, j);
    await new Promise((resolve) => setImmediate(resolve));
  }
  await flushTracing();
  const used = process.cpuUsage(cpu);
  const us = (used.user + used.system) / SPANS;
  console.log(
    `${label}: ${SPANS} requests, ${us.toFixed(1)} µs of CPU each (wall ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return us;
}

const off = await measure('tracing off');
if (!configureTracing({ service: 'span-cost' })) {
  console.log('tracing is off: set OTEL_EXPORTER_OTLP_ENDPOINT to measure it on');
  process.exit(0);
}
const on = await measure(
  `tracing on (OTLP export, sampling ${process.env.OTEL_TRACES_SAMPLER_ARG ?? '1'})`,
);
console.log(`a traced request costs ${(on - off).toFixed(1)} µs of CPU more`);
await shutdownTracing();
