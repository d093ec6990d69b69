/**
 * Every route of the OpenAPI document (and the operator endpoints), on the one-process server
 * with real identities from the Auth emulator, gets random, deep, wide and hostile JSON bodies,
 * path parameters and query strings, anonymously and as a signed-in user: no answer is a 5xx.
 * Bodies follow the route's own schema part of the time, so some get past validation and reach
 * the handlers. Bounded: a few runs per route and caller, a few hundred requests in all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS, loadConfig } from '@rewear/platform';
import { commandRoutes, paymentRoutes } from '@rewear/command-api';
import { opsReadRoutes, queryRoutes } from '@rewear/query-api';
import {
  createTestUser,
  startAuthEmulatorForTests,
  TEST_PROJECT_ID,
  type TestUser,
} from '@rewear/testing';
import { buildOpenApiDocument } from '../src/openapi.ts';
import { startStack, type RunningStack } from '../src/stack.ts';

const OPS_TOKEN = 'fuzz-ops-token';
/** FUZZ_RUNS=50 for a longer search; the default keeps the suite under a minute. */
const RUNS_PER_ROUTE_AND_CALLER = Number(process.env.FUZZ_RUNS ?? 4);
/** Answers by status, printed at the end: how much got past validation. */
const statuses = new Map<number, number>();

type Schema = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: Schema }>;
  body: Schema | null;
  operator: boolean;
}

const doc = buildOpenApiDocument([
  ...commandRoutes,
  ...paymentRoutes,
  ...queryRoutes,
  ...opsReadRoutes,
]);
const operations: Operation[] = Object.entries(doc.paths).flatMap(([route, methods]) =>
  Object.entries(methods as Record<string, Schema>).map(([method, op]) => {
    const parameters = (op.parameters ?? []) as Array<{ name: string; in: string; schema: Schema }>;
    return {
      method: method.toUpperCase(),
      path: route,
      pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
      query: parameters.filter((p) => p.in === 'query'),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
      // The operators' routes get the operators' token from the signed-in caller.
      operator: JSON.stringify(op.security ?? []).includes('opsToken'),
    };
  }),
);
// The projection endpoints are not in the public document; they take bodies too.
const opsOperations: Operation[] = [
  ['POST', '/api/ops/replay'],
  ['POST', '/api/ops/rebuild'],
  ['GET', '/api/ops/status'],
  ['GET', '/api/ops/dead-letters/{projector}'],
  ['GET', '/api/ops/streams/{streamId}'],
].map(([method, route]) => ({
  method: method!,
  path: route!,
  pathParams: [...route!.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
  query: [{ name: 'limit', schema: { type: 'string', pattern: '^\\d+$' } }],
  body: route === '/api/ops/replay' ? { type: 'object' } : null,
  operator: true,
}));

const dataDir = mkdtempSync(path.join(tmpdir(), 'rewear-fuzz-'));
const previousOpsToken = process.env.OPS_TOKEN;
let stopEmulator: () => Promise<void>;
let stack: RunningStack;
let user: TestUser;
/** Values the server knows (a user's id, seeded product ids): random input rarely hits them. */
let known: string[] = [];
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  process.env.OPS_TOKEN = OPS_TOKEN;
  stack = await startStack(
    {
      // Limits raised so the requests reach the routes rather than stop at 429.
      ...loadConfig({ RATE_LIMIT_PER_ADDRESS: '100000/1m', RATE_LIMIT_PER_USER: '100000/1m' }),
      dataDir,
      firebaseProjectId: TEST_PROJECT_ID,
      firebaseAuthEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
      seedOnFirstStart: true,
      seedListings: 24,
    },
    { role: 'all', port: 0, host: '127.0.0.1', clientDist: null, log: () => {} },
  );
  const deadline = Date.now() + 60_000;
  while (!stack.ready() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  user = await createTestUser();
  const products = (await (await fetch(`${stack.url}/api/products?limit=5`)).json()) as Array<{
    id: string;
  }>;
  known = [user.uid, ...products.map((p) => p.id), 'S', 'Tops', 'catalogue'];
}, 180_000);

afterAll(async () => {
  const tally = [...statuses].sort(([a], [b]) => a - b);
  console.log(`[fuzz] answers by status: ${tally.map(([s, n]) => `${s}×${n}`).join(', ')}`);
  agent.destroy();
  await stack?.close();
  if (previousOpsToken === undefined) delete process.env.OPS_TOKEN;
  else process.env.OPS_TOKEN = previousOpsToken;
  await stopEmulator?.();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Sends a request as given (GET with a body too, which fetch refuses); status and body text. */
function send(request: Sent): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${stack.url}${request.url}`,
      { method: request.method, headers: request.headers, agent },
      (res) => {
        // An event stream (the live notifications) stays open: its status is the answer.
        if (res.headers['content-type']?.startsWith('text/event-stream')) {
          const status = res.statusCode ?? 0;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          res.destroy();
          resolve({ status, text: '' });
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          resolve({ status, text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

const knownValue = () => fc.constantFrom(...known);

/** Values shaped by a JSON Schema (from the route's zod schema), often valid, sometimes not. */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(variants) && variants.length > 0)
    return fc.oneof(...variants.map((v) => fromSchema(v, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return fromSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, inner]) => [key, fromSchema(inner, depth + 1)]),
      );
      const required = ((schema.required ?? []) as string[]).filter((k) => k in model);
      return fc.record(model, { requiredKeys: required });
    }
    case 'array':
      return fc.array(fromSchema(schema.items as Schema, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string':
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.string());
      if (schema.pattern === '^\\d+$') return fc.oneof(fc.nat(2000).map(String), fc.string());
      return fc.oneof(
        knownValue(),
        fc.string({ minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 }),
        fc.string({ unit: 'binary', maxLength: 40 }),
      );
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 }),
        fc.integer(),
      );
    case 'number':
      return fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
        fc.constantFrom(0, 0.01, 19.99, 1e21, -0),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '$gt',
  '$ne',
  'toString',
  'hasOwnProperty',
  'valueOf',
];
const L = INPUT_LIMITS;

/** Deep, wide, long and hostile JSON texts, and texts that are not JSON at all. */
const hostileBody: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: L.depth - 2, max: 12_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc
    .integer({ min: L.depth - 2, max: 12_000 })
    .map((n) => '{"email":'.repeat(n) + '"a@b.co"' + '}'.repeat(n)),
  fc
    .integer({ min: L.keysPerObject - 5, max: 5_000 })
    .map((n) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`),
  fc
    .integer({ min: L.arrayLength - 5, max: 60_000 })
    .map((n) => `{"items":[${new Array(n).fill('0').join(',')}]}`),
  fc
    .integer({ min: L.stringLength - 5, max: 300_000 })
    .map((n) => JSON.stringify({ email: 'x'.repeat(n), name: 'y' })),
  fc
    .tuple(fc.constantFrom(...HOSTILE_KEYS), fc.jsonValue({ maxDepth: 3 }))
    .map(([key, value]) => `{"a":{${JSON.stringify(key)}:${JSON.stringify(value)}}}`),
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('', 'null', '1', '"x"', '{', '[1,', '{"a":1}}', '\ufeff{}', 'true', '[]'),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

function bodyFor(op: Operation): fc.Arbitrary<string | undefined> {
  const shaped = fromSchema(op.body ?? undefined);
  return fc.oneof(
    { weight: 3, arbitrary: shaped.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom(...HOSTILE_KEYS), fc.jsonValue({ maxDepth: 2 }))
        .map(([valid, key, value]) => {
          const text = JSON.stringify(valid) ?? 'null';
          if (!text.startsWith('{') || text === '{}')
            return `{${JSON.stringify(key)}:${JSON.stringify(value)}}`;
          return `${text.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(value)}}`;
        }),
    },
    { weight: 3, arbitrary: hostileBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** A path segment: a known id, random text (encoded), or raw hostile text. */
const segment: fc.Arbitrary<string> = fc.oneof(
  knownValueLater(),
  fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%00', '$where', '__proto__', 'a%2Fb'),
  fc.integer({ min: 129, max: 3000 }).map((n) => 'x'.repeat(n)),
);
/** knownValue once `known` is filled (the arbitraries are built before the server starts). */
function knownValueLater(): fc.Arbitrary<string> {
  return fc.nat().map((i) => (known.length ? known[i % known.length]! : 'none'));
}

function queryFor(op: Operation): fc.Arbitrary<string> {
  const named = op.query.length
    ? fc
        .array(
          fc.oneof(
            ...op.query.map((q) =>
              fc.tuple(
                fc.constant(q.name),
                fc.oneof(
                  fromSchema(q.schema).map(String),
                  fc.string({ maxLength: 40 }),
                  knownValueLater(),
                ),
              ),
            ),
          ),
          { maxLength: 6 },
        )
        .map((pairs) => new URLSearchParams(pairs).toString())
    : fc.constant('');
  const random = fc
    .array(fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 })), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs).toString());
  const hostile = fc.oneof(
    fc.constantFrom(
      'a[b]=1',
      'price[$gt]=0',
      '$where=1',
      '__proto__=1',
      'constructor=x&prototype=y',
      '%',
      'q=%E0%A4%A',
      'limit=%zz',
      'limit=-1',
      'limit=99999999999999999999',
      'offset=1e9',
      'page=NaN',
    ),
    fc
      .integer({ min: L.queryParameters - 3, max: 1_500 })
      .map((n) =>
        Array.from({ length: n }, (_, i) => `${op.query[0]?.name ?? 'a'}=${i}`).join('&'),
      ),
    fc
      .integer({ min: L.queryValueLength - 5, max: 12_000 })
      .map((n) => `${op.query[0]?.name ?? 'q'}=${'x'.repeat(n)}`),
  );
  return fc.oneof(named, random, hostile);
}

function requestFor(op: Operation, caller: 'visitor' | 'user'): fc.Arbitrary<Sent> {
  return fc
    .record({
      segments: fc.array(segment, {
        minLength: op.pathParams.length,
        maxLength: op.pathParams.length,
      }),
      query: queryFor(op),
      body: bodyFor(op),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        null,
      ),
      idempotencyKey: fc.option(fc.string({ maxLength: 300 }), { freq: 4 }),
    })
    .map(({ segments, query, body, contentType, idempotencyKey }) => {
      let i = 0;
      const route = op.path.replace(/\{\w+\}/g, () => segments[i++]!);
      const headers: Record<string, string> = {};
      if (contentType && body !== undefined) headers['content-type'] = contentType;
      // Framed even on GET and DELETE, so the body reaches the server as a body.
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      if (caller === 'user')
        headers.authorization = `Bearer ${op.operator ? OPS_TOKEN : user.idToken}`;
      if (idempotencyKey !== null && /^[\x21-\x7e]*$/.test(idempotencyKey))
        headers['idempotency-key'] = idempotencyKey;
      return {
        method: op.method,
        url: route + (query ? `?${query}` : ''),
        headers,
        body,
      };
    });
}

const describeRequest = (r: Sent) =>
  `${r.method} ${r.url.slice(0, 300)} ${JSON.stringify(r.headers)} body ${
    r.body === undefined ? '(none)' : `${r.body.length} chars: ${r.body.slice(0, 300)}`
  }`;

describe('no 5xx for random, deep, wide and hostile input on any route', () => {
  it('covers every route of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(10);
  });

  it('answers the 10,000-deep body with 400 and the message, on commands and payments', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const message = `The request body is nested too deeply (at most ${L.depth} levels)`;
    // 5,000 deep where the body may be at most 16 KB (the simulated processor's confirmation).
    const deepSmall = '['.repeat(5_000) + ']'.repeat(5_000);
    for (const [url, headers, body] of [
      ['/api/newsletter/subscribe', {}, deep],
      ['/api/payments/webhook', {}, deep],
      ['/api/payments/simulated/confirm', {}, deepSmall],
      ['/api/users/register', { authorization: `Bearer ${user.idToken}` }, deep],
      ['/api/ops/replay', { authorization: `Bearer ${OPS_TOKEN}` }, deep],
    ] as const) {
      const answer = await send({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect({ url, status: answer.status, body: JSON.parse(answer.text) }).toEqual({
        url,
        status: 400,
        body: { message },
      });
    }
    // Who is asking still comes first: a visitor to a signed-in route gets 401.
    const visitor = await send({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(visitor.status).toBe(401);
    // And on the query side, a query string beyond the limits.
    const many = Array.from({ length: L.queryParameters + 1 }, (_, i) => `size=${i}`).join('&');
    const query = await send({ method: 'GET', url: `/api/products?${many}`, headers: {} });
    expect(query.status).toBe(400);
    expect(JSON.parse(query.text)).toEqual({
      message: `The query has too many parameters (at most ${L.queryParameters})`,
    });
  });

  for (const op of [...operations, ...opsOperations]) {
    it(`${op.method} ${op.path}`, async () => {
      for (const caller of ['visitor', 'user'] as const) {
        await fc.assert(
          fc.asyncProperty(requestFor(op, caller), async (request) => {
            const answer = await send(request);
            if (answer.status >= 500)
              throw new Error(`${answer.status} ${answer.text} for ${describeRequest(request)}`);
          }),
          { numRuns: RUNS_PER_ROUTE_AND_CALLER, endOnFailure: false },
        );
      }
    });
  }
});
