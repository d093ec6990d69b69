/**
 * A command API on the embedded engines for API tests: a SQLite event log in a temp folder,
 * the simulated payment processor, real ID tokens from the Firebase Auth emulator, an
 * adjustable clock and a random free port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  assertAnswerInSchema,
  createFilePhotoStore,
  createFirebaseIdentityVerifier,
  createRateLimiter,
  type CommandMetrics,
  type RateLimiter,
  type RateLimits,
  type PhotoStore,
} from '@rewear/platform';
import {
  createSqliteIdempotencyStore,
  openSqliteEventLog,
  type SqliteEventLog,
} from '@rewear/sqlite';
import {
  createSimulatedPaymentGateway,
  type SimulatedPaymentGateway,
} from '../../src/payments/index.ts';
import {
  commandRoutes,
  createCommandApi,
  paymentRoutes,
  type CommandApi,
} from '../../src/index.ts';
import { TEST_PROJECT_ID } from '@rewear/testing';

/**
 * The API suites send many commands from one address in a few seconds, far past the default
 * limits: they run under these, and the rate-limit suite passes its own.
 */
export const TEST_RATE_LIMITS: RateLimits = {
  perAddress: [{ points: 100_000, windowMs: 60_000 }],
  perUser: [{ points: 100_000, windowMs: 60_000 }],
};

/** The operators' token the harness's API is given (the /api/ops routes). */
export const OPS_TOKEN = 'harness-ops-token';

export interface Harness {
  url: string;
  app: CommandApi;
  log: SqliteEventLog;
  payments: SimulatedPaymentGateway;
  /** Where the API writes uploaded photos. */
  photos: PhotoStore;
  /** Moves the clock used by the API and the payment processor. */
  advance(ms: number): void;
  now(): Date;
  call(
    method: string,
    route: string,
    options?: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      /** Sent as it is (JSON content type unless `headers` say otherwise). */
      raw?: string | Buffer;
    },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/** The routes whose answers the harness checks: the commands and the simulated card processor's. */
const answerRoutes = [...commandRoutes, ...paymentRoutes];

export async function startHarness(
  options: {
    webhook?: boolean;
    rateLimiter?: RateLimiter;
    opsToken?: string | null;
    metrics?: CommandMetrics;
  } = {},
): Promise<Harness> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'command-api-test-'));
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const log = openSqliteEventLog({ file: path.join(dir, 'events.sqlite') });
  let app: CommandApi | null = null;
  const payments = createSimulatedPaymentGateway({
    file: ':memory:',
    now,
    webhook: options.webhook
      ? async ({ rawBody, signature }) => void (await app!.handlePaymentWebhook(rawBody, signature))
      : undefined,
  });
  const photos = createFilePhotoStore(path.join(dir, 'photos'));
  const idempotency = createSqliteIdempotencyStore(path.join(dir, 'idempotency.sqlite'), { now });
  app = createCommandApi({
    eventStore: log,
    identity: createFirebaseIdentityVerifier({ projectId: TEST_PROJECT_ID }),
    payments,
    photos,
    config: { reservationTtlMs: 15 * 60 * 1000 },
    clock: now,
    idempotency,
    rateLimiter: options.rateLimiter ?? createRateLimiter(TEST_RATE_LIMITS),
    opsToken: options.opsToken === undefined ? OPS_TOKEN : options.opsToken,
    metrics: options.metrics ?? null,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app!.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    app,
    log,
    payments,
    photos,
    advance: (ms) => void (offset += ms),
    now,
    async call(method, route, { token, body, headers, raw } = {}) {
      const response = await fetch(url + route, {
        method,
        headers: {
          ...(body !== undefined || raw !== undefined
            ? { 'content-type': 'application/json' }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body:
          raw === undefined
            ? body === undefined
              ? undefined
              : JSON.stringify(body)
            : typeof raw === 'string'
              ? raw
              : new Uint8Array(raw),
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      // Every answer a suite receives is checked against its route's documented schema.
      assertAnswerInSchema(answerRoutes, {
        method,
        url: route,
        status: response.status,
        body: parsed,
        contentType: response.headers.get('content-type'),
      });
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await idempotency.close();
      payments.close();
      await log.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Event types appended since `position`. */
export async function eventsAfter(log: SqliteEventLog, position: number) {
  return log.readAll(position, 10_000);
}

export const listingBody = (over: Record<string, unknown> = {}) => ({
  title: 'Vintage denim jacket',
  price: 25,
  description: 'Blue, light wear',
  category_id: 5,
  condition_ids: 3,
  size_ids: [3],
  color_ids: [2],
  image: 'https://example.com/jacket.jpg',
  stock: 1,
  ...over,
});

export const shipping = {
  name: 'Ada',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'ada@example.com',
};
