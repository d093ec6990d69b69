/**
 * One add-to-cart traced end to end on the distributed topology (two command-api, two query-api,
 * the projectors, nginx, on the real engines), its spans exported by OTLP to a real Jaeger
 * (scripts/engines/install-jaeger.sh): the browser's request through the router to command-api,
 * the append, the outbox relay's publishing, Kafka, the projectors' apply, and the read of the
 * cart that waited for it in query-api, all in the one trace the browser's traceparent started,
 * linked parent to child across the processes. Skipped, with the reason, without the engines or
 * without the Jaeger binary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineEnvFrom,
  freePort,
  REPO_ROOT,
  startTopology,
  type Topology,
} from '../../scripts/distributed/topology.ts';
import {
  createTestUser,
  kafkaAvailability,
  meiliAvailability,
  mongoAvailability,
  reportSkip,
  type TestUser,
} from '@rewear/testing';

const SUITE = 'one add-to-cart traced across the distributed topology into Jaeger';
const engines = await Promise.all([kafkaAvailability(), mongoAvailability(), meiliAvailability()]);
const missingEngine = engines.find((engine) => !engine.available);
if (missingEngine) reportSkip(SUITE, missingEngine);
// Where install-jaeger.sh keeps the binary (outside the checkout, so a fresh clone finds it).
const jaegerBinary = [
  process.env.JAEGER_BIN,
  path.join(
    process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
    'rewear-engines/jaeger-v1.76.0/jaeger',
  ),
].find((file): file is string => !!file && existsSync(file));
if (!missingEngine && !jaegerBinary)
  console.warn(`[skipped] ${SUITE}: no Jaeger binary (bash scripts/engines/install-jaeger.sh)`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const print = (line: string) => console.log(`[traces] ${line}`);

let topology: Topology;
let jaeger: ChildProcess | null = null;
let jaegerUrl = '';
let workDir = '';
let buyer: TestUser;

/** Jaeger on free ports with the project's configuration (OTLP over HTTP in, memory storage). */
async function startJaeger(): Promise<string> {
  const [otlpPort, queryPort, grpcPort] = [await freePort(), await freePort(), await freePort()];
  jaegerUrl = `http://127.0.0.1:${queryPort}`;
  let output = '';
  const child = spawn(
    jaegerBinary!,
    ['--config', path.join(REPO_ROOT, 'scripts/engines/jaeger.yaml')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        JAEGER_OTLP_HTTP_ENDPOINT: `127.0.0.1:${otlpPort}`,
        JAEGER_QUERY_HTTP_ENDPOINT: `127.0.0.1:${queryPort}`,
        JAEGER_QUERY_GRPC_ENDPOINT: `127.0.0.1:${grpcPort}`,
      },
    },
  );
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  jaeger = child;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`jaeger exited:\n${output}`);
    const ready = await fetch(`${jaegerUrl}/api/services`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return `http://127.0.0.1:${otlpPort}`;
    if (Date.now() > deadline) throw new Error(`jaeger was not ready in 30 s:\n${output}`);
    await sleep(200);
  }
}

async function stopJaeger(): Promise<void> {
  const child = jaeger;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  if (!(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]))) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** The browser's side of a request: its own span id under the user action's trace id. */
const traceparent = (traceId: string) => `00-${traceId}-${randomBytes(8).toString('hex')}-01`;

async function call(
  method: string,
  url: string,
  options: { traceparent: string; body?: unknown; after?: number },
) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${buyer.idToken}`,
    traceparent: options.traceparent,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.after !== undefined) headers['x-consistency-token'] = String(options.after);
  const response = await fetch(`${topology.url}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status >= 300)
    throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return { body: JSON.parse(text), headers: response.headers };
}

interface JaegerSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references: Array<{ refType: string; traceID: string; spanID: string }>;
  processID: string;
  tags: Array<{ key: string; value: unknown }>;
}
interface JaegerTrace {
  traceID: string;
  spans: JaegerSpan[];
  processes: Record<string, { serviceName: string }>;
}

/** A span as the test reads it: its service and its parent's span id. */
interface Seen {
  id: string;
  name: string;
  service: string;
  parent: string | null;
  links: string[];
  tags: Record<string, unknown>;
}

async function traceOf(traceId: string): Promise<Seen[]> {
  const response = await fetch(`${jaegerUrl}/api/traces/${traceId}`, {
    signal: AbortSignal.timeout(5000),
  });
  if (response.status === 404) return [];
  const body = (await response.json()) as { data?: JaegerTrace[] };
  const found = body.data?.[0];
  if (!found) return [];
  return found.spans.map((span) => ({
    id: span.spanID,
    name: span.operationName,
    service: found.processes[span.processID]?.serviceName ?? '?',
    parent: span.references.find((r) => r.refType === 'CHILD_OF')?.spanID ?? null,
    links: span.references.filter((r) => r.refType !== 'CHILD_OF').map((r) => r.spanID),
    tags: Object.fromEntries(span.tags.map((tag) => [tag.key, tag.value])),
  }));
}

describe.skipIf(missingEngine || !jaegerBinary)(SUITE, () => {
  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'rewear-traces-'));
    const started = Date.now();
    const otlp = await startJaeger();
    print(`Jaeger ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    topology = await startTopology({
      engines: engineEnvFrom(process.env),
      port: await freePort(),
      namespace: `traces${Date.now().toString(36)}`,
      workDir,
      seedListings: 3,
      replicas: { commandApi: 1, queryApi: 1 },
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp },
    });
    buyer = await createTestUser();
    print(`topology and a signed-in user ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 300_000);

  afterAll(async () => {
    await topology?.stop();
    await stopJaeger();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, 120_000);

  it('finds the add-to-cart’s spans in one trace, from command-api to the projectors to query-api', async () => {
    const started = Date.now();
    const products = await call('GET', '/api/products?limit=1', {
      traceparent: traceparent(randomBytes(16).toString('hex')),
    });
    const productId = (products.body.data ?? products.body.products ?? products.body)[0]?.id;
    expect(productId, JSON.stringify(products.body).slice(0, 300)).toBeTruthy();
    const cart = await call('POST', '/api/cart/create', {
      traceparent: traceparent(randomBytes(16).toString('hex')),
      body: { userId: buyer.uid },
    });

    // The user action's trace: the add and the read of the cart that waits for it.
    const traceId = randomBytes(16).toString('hex');
    const addParent = traceparent(traceId);
    const added = await call('POST', '/api/cart/add-item', {
      traceparent: addParent,
      body: { cartId: cart.body.id, productId, quantity: 1 },
    });
    const position = Number(added.headers.get('x-event-position'));
    expect(position).toBeGreaterThan(0);
    const readParent = traceparent(traceId);
    const read = await call('GET', `/api/cart/user/${buyer.uid}`, {
      traceparent: readParent,
      after: position,
    });
    expect(read.headers.get('x-consistency-timeout')).toBeNull();
    expect(JSON.stringify(read.body)).toContain(productId);

    // The services send their spans in batches every second: asked until the chain is there.
    const wanted = (spans: Seen[]) =>
      [
        'POST /api/cart/add-item',
        'event-store append',
        'publish ',
        'apply ',
        'GET /api/cart/user/:userId',
        'consistency wait',
      ].every((name) => spans.some((span) => span.name.startsWith(name)));
    let spans: Seen[] = [];
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      spans = await traceOf(traceId);
      if (wanted(spans)) break;
      await sleep(500);
    }
    for (const span of spans)
      print(`${span.service.padEnd(12)} ${span.name} (${span.id} ← ${span.parent ?? 'browser'})`);
    print(
      `trace ${traceId}: ${spans.length} spans, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const byId = new Map(spans.map((span) => [span.id, span]));
    const one = (what: string, match: (span: Seen) => boolean) => {
      const found = spans.filter(match);
      expect(found.length, `${what} in ${spans.map((s) => s.name).join(', ')}`).toBeGreaterThan(0);
      return found[0]!;
    };
    // command-api: the request, continuing the browser's span, and the append in it.
    const command = one(
      'the add-to-cart request in command-api',
      (s) => s.service === 'command-api' && s.name === 'POST /api/cart/add-item',
    );
    expect(command.parent).toBe(addParent.split('-')[2]);
    const append = one('the append', (s) => s.name === 'event-store append');
    expect(append.service).toBe('command-api');
    expect(append.parent).toBe(command.id);
    expect(append.tags['rewear.position']).toBe(position);
    // The outbox relay (whichever process holds its lease) publishes as a child of the append.
    const publish = one('the publishing to Kafka', (s) => s.name.startsWith('publish '));
    expect(publish.parent).toBe(append.id);
    expect(publish.tags['messaging.system']).toBe('kafka');
    // The projectors apply it, children of the publishing span (its context in the headers).
    const applies = spans.filter((s) => s.name.startsWith('apply '));
    expect(applies.length).toBeGreaterThan(0);
    for (const apply of applies) {
      expect(apply.service).toBe('projectors');
      expect(apply.parent).toBe(publish.id);
    }
    expect(applies.map((s) => s.name).some((name) => name.endsWith('carts'))).toBe(true);
    // query-api: the read continues the browser's trace and waited for the projections.
    const query = one(
      'the read of the cart in query-api',
      (s) => s.service === 'query-api' && s.name === 'GET /api/cart/user/:userId',
    );
    expect(query.parent).toBe(readParent.split('-')[2]);
    const wait = one('the consistency wait', (s) => s.name === 'consistency wait');
    expect(wait.parent).toBe(query.id);
    expect(wait.tags['rewear.consistency.reached']).toBe(true);
    // Every span of the trace hangs from another one of it, or from the browser's.
    for (const span of spans)
      expect(
        span.parent === null ||
          byId.has(span.parent) ||
          [addParent, readParent].some((p) => p.split('-')[2] === span.parent),
        `${span.name}'s parent ${span.parent}`,
      ).toBe(true);
    // Ids only: no email of the buyer in any span.
    expect(JSON.stringify(spans)).not.toContain(buyer.email);
  });
});
