/**
 * Metrics (docs/operations.md, "Metrics"): the one-process server serves GET /metrics in the
 * Prometheus text format to the operators' token only, read back here with a parser of that
 * format: requests timed under their route template, commands accepted and refused, events
 * appended, searches, each projector's positions and lag per generation, Node's own metrics.
 * No label holds a raw path or an id. Without OPS_TOKEN the server answers 403, like /api/ops.
 *
 * The parser (parse-prometheus-text-format) reads counters and gauges with their labels, but
 * folds a histogram's labelled series into one: histograms are checked as families in the text
 * and, series by series, in the stack's own registry (prom-client's getMetricsAsJSON).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parsePrometheus, { type ParsedFamily } from 'parse-prometheus-text-format';
import { IDEMPOTENCY_HEADER } from '@rewear/contracts';
import { createProjectors } from '@rewear/projectors';
import {
  loadConfig,
  routeTemplate,
  UNMATCHED_ROUTE,
  CLIENT_ROUTE,
  type Metrics,
} from '@rewear/platform';
import { startStack, type RunningStack } from '../src/stack.ts';

const OPS_TOKEN = 'metrics-ops-token';
const dataDir = mkdtempSync(path.join(tmpdir(), 'rewear-metrics-'));
const bareDir = mkdtempSync(path.join(tmpdir(), 'rewear-metrics-bare-'));
const previousOpsToken = process.env.OPS_TOKEN;
let stack: RunningStack;

/** A project that is not `demo-`: no Auth emulator is started; every request here is a visitor's. */
const configFor = (dir: string, seedListings: number) => ({
  ...loadConfig({}),
  dataDir: dir,
  firebaseProjectId: 'rewear-metrics-test',
  seedOnFirstStart: seedListings > 0,
  seedListings,
});

beforeAll(async () => {
  process.env.OPS_TOKEN = OPS_TOKEN;
  stack = await startStack(configFor(dataDir, 30), {
    role: 'all',
    port: 0,
    host: '127.0.0.1',
    clientDist: null,
    log: () => {},
  });
  const deadline = Date.now() + 60_000;
  while (!stack.ready() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}, 120_000);

afterAll(async () => {
  await stack?.close();
  if (previousOpsToken === undefined) delete process.env.OPS_TOKEN;
  else process.env.OPS_TOKEN = previousOpsToken;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bareDir, { recursive: true, force: true });
});

const scrape = (base: string, authorization?: string) =>
  fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });

const command = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** The families of a scrape, by name. */
async function families(): Promise<Map<string, ParsedFamily>> {
  const res = await scrape(stack.url!, `Bearer ${OPS_TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Map(parsePrometheus(await res.text()).map((family) => [family.name, family]));
}

const samplesOf = (all: Map<string, ParsedFamily>, name: string) => {
  const family = all.get(name);
  expect(family, name).toBeDefined();
  return family!.metrics;
};

/** A counter's or gauge's value for the series with these labels (0 when it has none yet). */
const valueOf = (all: Map<string, ParsedFamily>, name: string, labels: Record<string, string>) =>
  Number(
    all
      .get(name)
      ?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ??
      0,
  );

/** A histogram's series in the registry: `_count` of the series with these labels, if any. */
async function histogramCount(
  metrics: Metrics,
  name: string,
  labels: Record<string, string>,
): Promise<number | null> {
  const family = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  expect(family?.type, name).toBe('histogram');
  const sample = family!.values.find(
    (v) =>
      (v as { metricName?: string }).metricName === `${name}_count` &&
      Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value),
  );
  return sample ? sample.value : null;
}

describe('GET /metrics on the one-process server', () => {
  it('times requests under their route template and counts the commands accepted and refused', async () => {
    const before = await families();
    const products = (await (await fetch(`${stack.url}/api/products?limit=3`)).json()) as Array<{
      id: string;
    }>;
    expect(products.length).toBeGreaterThan(0);
    const productId = products[0]!.id;
    for (let i = 0; i < 3; i++)
      expect((await fetch(`${stack.url}/api/products/${productId}`)).status).toBe(200);
    expect((await fetch(`${stack.url}/api/products/no-such-listing-4711`)).status).toBe(404);
    expect((await fetch(`${stack.url}/api/no-such-endpoint/4711`)).status).toBe(404);
    expect((await fetch(`${stack.url}/api/search?q=shirt`)).status).toBe(200);

    const key = { [IDEMPOTENCY_HEADER]: 'metrics-test-key' };
    const subscribe = '/api/newsletter/subscribe';
    expect((await command(subscribe, { email: 'metrics@example.com' }, key)).status).toBe(201);
    const replay = await command(subscribe, { email: 'metrics@example.com' }, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await command(subscribe, { email: 'not an email' })).status).toBe(400);
    // A visitor on a signed-in route: refused before its body is read.
    expect((await command('/api/cart/add-item', { productId, quantity: 1 })).status).toBe(401);

    const after = await families();
    const metrics = stack.metrics!;
    const http = 'rewear_http_request_duration_seconds';
    expect(after.get(http)?.type).toBe('HISTOGRAM');
    const requests = (route: string, status: string) =>
      histogramCount(metrics, http, { method: 'GET', route, status });
    expect(await requests('/api/products/:id', '200')).toBeGreaterThanOrEqual(3);
    expect(await requests('/api/products/:id', '404')).toBeGreaterThanOrEqual(1);
    expect(await requests(UNMATCHED_ROUTE, '404')).toBeGreaterThanOrEqual(1);
    expect(await requests('/api/search', '200')).toBeGreaterThanOrEqual(1);
    // The scrapes are timed too.
    expect(await requests('/metrics', '200')).toBeGreaterThanOrEqual(1);

    // No label anywhere holds a raw path, an id or the email sent. Only the labels are searched:
    // a sample's value (a heap size, a bucket's count) may hold the digits 4711 by chance.
    const text = await (await scrape(stack.url!, `Bearer ${OPS_TOKEN}`)).text();
    const labels = text
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .map((line) => /\{.*\}/.exec(line)?.[0] ?? '')
      .join('\n');
    expect(labels).toContain('route="/api/products/:id"');
    for (const raw of [productId, 'no-such-listing-4711', '4711', 'metrics@example.com'])
      expect(labels).not.toContain(raw);

    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    const route = { method: 'POST', route: subscribe };
    expect(moved('rewear_commands_accepted_total', route)).toBe(2);
    expect(moved('rewear_idempotent_replays_total', route)).toBe(1);
    expect(moved('rewear_commands_refused_total', { ...route, reason: 'invalid' })).toBe(1);
    expect(
      moved('rewear_commands_refused_total', {
        method: 'POST',
        route: '/api/cart/add-item',
        reason: 'unauthenticated',
      }),
    ).toBe(1);
    // One subscription appended (the replay appended nothing), by its event type.
    const appended = samplesOf(after, 'rewear_events_appended_total');
    expect(appended.every((m) => /^[A-Z][A-Za-z]+$/.test(m.labels!.type!))).toBe(true);
    const total = (all: Map<string, ParsedFamily>) =>
      (all.get('rewear_events_appended_total')?.metrics ?? []).reduce(
        (sum, m) => sum + Number(m.value),
        0,
      );
    expect(total(after) - total(before)).toBe(1);

    const search = 'rewear_search_request_duration_seconds';
    expect(after.get(search)?.type).toBe('HISTOGRAM');
    expect(
      await histogramCount(metrics, search, {
        engine: 'embedded',
        index: 'products',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('gives every projector its positions, lag and dead letters per generation', async () => {
    const all = await families();
    const names = createProjectors().all.map((p) => p.name);
    for (const family of [
      'rewear_projector_checkpoint_position',
      'rewear_projector_head_position',
      'rewear_projector_lag_events',
      'rewear_projector_lag_seconds',
      'rewear_projector_dead_letters',
    ]) {
      const samples = samplesOf(all, family);
      expect(samples.map((m) => m.labels?.projector).sort(), family).toEqual([...names].sort());
      for (const sample of samples) {
        expect(sample.labels?.generation, family).toMatch(/^\d+$/);
        expect(Number(sample.value), family).toBeGreaterThanOrEqual(0);
      }
    }
    const head = Number(samplesOf(all, 'rewear_projector_head_position')[0]!.value);
    expect(head).toBeGreaterThan(0);
    // Events applied in this process: the catalogue's projector has applied the seed.
    const applied = samplesOf(all, 'rewear_projector_events_applied_total');
    expect(applied.some((m) => m.labels?.projector === 'catalogue' && Number(m.value) > 0)).toBe(
      true,
    );
    // Not on Kafka here: no consumer metrics; no outbox relay on the embedded log.
    expect(all.has('rewear_kafka_consumer_lag_messages')).toBe(false);
    expect(all.has('rewear_outbox_backlog_events')).toBe(false);
    expect(valueOf(all, 'rewear_live_notification_streams', {})).toBe(0);
  });

  it("carries Node's own metrics: event-loop delay, GC, heap", async () => {
    const all = await families();
    for (const name of [
      'rewear_nodejs_eventloop_lag_p99_seconds',
      'rewear_nodejs_gc_duration_seconds',
      'rewear_nodejs_heap_size_used_bytes',
      'rewear_process_cpu_seconds_total',
    ])
      expect(all.has(name), name).toBe(true);
    // The registry is this stack's own, not prom-client's global one.
    const json = await stack.metrics!.registry.getMetricsAsJSON();
    expect(json.map((m) => m.name)).toContain('rewear_http_request_duration_seconds');
  });

  it("is for operators only: 401 without the token or with another one, a user's included", async () => {
    for (const authorization of [
      undefined,
      `Bearer ${OPS_TOKEN}-not`,
      'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln',
      'Basic b3BzOm9wcw==',
    ]) {
      const res = await scrape(stack.url!, authorization);
      expect(res.status, authorization ?? 'no header').toBe(401);
      const body = (await res.json()) as { message: string };
      expect(body.message).toEqual(expect.any(String));
      expect(JSON.stringify(body)).not.toContain('rewear_');
      // The security headers, as on every answer.
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers 403 on a server without OPS_TOKEN (401 still to a request without a token)', async () => {
    delete process.env.OPS_TOKEN;
    const bare = await startStack(configFor(bareDir, 0), {
      role: 'projectors',
      port: 0,
      host: '127.0.0.1',
      log: () => {},
    });
    process.env.OPS_TOKEN = OPS_TOKEN;
    try {
      const disabled = await scrape(bare.url!, `Bearer ${OPS_TOKEN}`);
      expect(disabled.status).toBe(403);
      expect(((await disabled.json()) as { message: string }).message).toBe(
        'Operator endpoints are disabled: OPS_TOKEN is not set on the server',
      );
      expect((await scrape(bare.url!)).status).toBe(401);
    } finally {
      await bare.close();
    }
  });
});

describe('the route label', () => {
  it("is the matched router's path pattern, never the raw path", () => {
    expect(
      routeTemplate({ matched: '/api/products/:id', path: '/api/products/abc123', status: 200 }),
    ).toBe('/api/products/:id');
    expect(
      routeTemplate({
        matched: '/api/ops/streams/:streamId',
        path: '/api/ops/streams/cart-u_1',
        status: 404,
      }),
    ).toBe('/api/ops/streams/:streamId');
  });

  it('is a fixed label for a path no route matched', () => {
    for (const path of ['/api/products/abc123/x', '/api/u_4711', '/api', '/images/nope/u_4711.svg'])
      expect(routeTemplate({ path, status: 404 }), path).toBe(UNMATCHED_ROUTE);
    expect(routeTemplate({ matched: /^\/api\/u_4711$/, path: '/api/u_4711', status: 200 })).toBe(
      UNMATCHED_ROUTE,
    );
    // The storefront's pages (the single-page app answers any path) and a missing file.
    expect(routeTemplate({ path: '/products/u_4711', status: 200 })).toBe(CLIENT_ROUTE);
    expect(routeTemplate({ path: '/assets/u_4711.js', status: 404 })).toBe(UNMATCHED_ROUTE);
  });

  it('names the paths served without a router by themselves, pictures by their kind', () => {
    expect(routeTemplate({ path: '/metrics', status: 401 })).toBe('/metrics');
    expect(routeTemplate({ path: '/api/health', status: 503 })).toBe('/api/health');
    expect(routeTemplate({ path: '/api/docs/', status: 200 })).toBe('/api/docs');
    expect(routeTemplate({ path: '/images/brands/u_4711.svg', status: 200 })).toBe(
      '/images/brands/:file',
    );
  });
});
