import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_STREAM } from '@rewear/contracts';
import { createOpsRouter, startProjections, type ProjectionRuntime } from '../src/runtime/index.ts';
import { embeddedPlatform, type TestPlatform } from './support/embedded.ts';
import { appendListing, cartsProjector, catalogueProjector } from './support/fixtures.ts';

const TOKEN = 'test-ops-token';
let platform: TestPlatform;
let runtime: ProjectionRuntime;
let server: Server;
let base: string;

function serve(app: Koa): Promise<Server> {
  return new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
}

beforeAll(async () => {
  platform = embeddedPlatform();
  runtime = await startProjections({
    platform,
    projectors: [catalogueProjector, cartsProjector],
    log: { info() {}, warn() {}, error() {} },
  });
  for (let i = 0; i < 5; i++) await appendListing(platform.eventStore, i);
  await runtime.catchUp(5000);
  const app = new Koa();
  const router = createOpsRouter(runtime, platform.eventStore, { token: TOKEN });
  app.use(router.routes()).use(router.allowedMethods());
  server = await serve(app);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ops`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await runtime.stop();
  await platform.remove();
});

const call = (
  path: string,
  init: RequestInit & { token?: string | null; operator?: string } = {},
) => {
  const { token = TOKEN, operator, ...rest } = init;
  return fetch(`${base}${path}`, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(operator ? { 'x-operator': operator } : {}),
    },
  });
};

interface StreamEvent {
  type: string;
  actor: string | null;
  occurredAt: string;
  data: Record<string, unknown>;
}
const operatorEvents = async (): Promise<StreamEvent[]> => {
  const res = await call(`/streams/${OPERATOR_STREAM}`);
  return res.status === 404 ? [] : ((await res.json()).events as StreamEvent[]);
};

describe('operator endpoints', () => {
  it('answers 401 without a token and with a wrong one, of the same length or another', async () => {
    const none = await call('/status', { token: null });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      message: expect.stringMatching(/Operator token required/),
    });
    const sameLength = 'x'.repeat(TOKEN.length);
    for (const guess of [sameLength, `${TOKEN.slice(0, -1)}X`, 'guess', `${TOKEN}-and-more`]) {
      const wrong = await call('/status', { token: guess });
      expect(wrong.status, guess).toBe(401);
      expect(await wrong.json()).toEqual({ message: 'Operator token is not valid' });
    }
    const rebuild = await call('/rebuild', {
      method: 'POST',
      token: 'x'.repeat(TOKEN.length),
      body: JSON.stringify({ projector: 'test-catalogue' }),
    });
    expect(rebuild.status).toBe(401);
    expect(await operatorEvents()).toEqual([]);
    expect((await runtime.status()).find((s) => s.projector === 'test-catalogue')?.generation).toBe(
      1,
    );
  });

  it('answers 403 for every token when the server has no OPS_TOKEN', async () => {
    const app = new Koa();
    const router = createOpsRouter(runtime, platform.eventStore, { token: null });
    app.use(router.routes());
    const closed = await serve(app);
    try {
      const port = (closed.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/ops/status`, {
        headers: { authorization: 'Bearer anything' },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toMatch(/OPS_TOKEN is not set/);
    } finally {
      await new Promise((resolve) => closed.close(resolve));
    }
  });

  it('reports every projector with checkpoint, head, lag, dead letters and generation', async () => {
    const res = await call('/status');
    expect(res.status).toBe(200);
    const { projectors } = await res.json();
    const head = await platform.eventStore.headPosition();
    expect(projectors).toEqual([
      expect.objectContaining({
        projector: 'test-catalogue',
        generation: 1,
        checkpoint: { all: head },
        headPosition: head,
        lag: 0,
        deadLetters: 0,
      }),
      expect.objectContaining({
        projector: 'test-carts',
        generation: 1,
        headPosition: head,
        lag: 0,
      }),
    ]);
  });

  it('replays a projector from a position', async () => {
    await runtime.readSide.collection('listings').delete('l4');
    const [created] = await platform.eventStore.readStream('listing-l4');
    const before = Date.now();
    const res = await call('/replay', {
      method: 'POST',
      operator: 'ada',
      body: JSON.stringify({ projector: 'test-catalogue', fromPosition: created!.position }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      projector: 'test-catalogue',
      fromPosition: created!.position,
      events: 2,
    });
    expect(await runtime.readSide.collection('listings').findOne({ _id: 'l4' })).toMatchObject({
      priceCents: 504,
    });
    // Recorded: who (the X-Operator name and the address) and when, in the operator stream.
    const events = await operatorEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ProjectionReplayed',
      actor: 'operator:ada',
      data: {
        operator: 'ada',
        address: expect.stringMatching(/127\.0\.0\.1/),
        projector: 'test-catalogue',
        generation: 1,
        fromPosition: created!.position,
        events: 2,
      },
    });
    expect(Date.parse(events[0]!.occurredAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(events[0]!.occurredAt)).toBeLessThanOrEqual(Date.now());
  });

  it('rejects bad replay requests with 400 and unknown projectors with 404', async () => {
    const bad = await call('/replay', {
      method: 'POST',
      body: JSON.stringify({ projector: 'test-catalogue', fromPosition: -1 }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/fromPosition/);
    const unknown = await call('/rebuild', {
      method: 'POST',
      body: JSON.stringify({ projector: 'nope' }),
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Unknown projector: nope' });
    // Nothing done, nothing recorded.
    expect(await operatorEvents()).toHaveLength(1);
  });

  it('rebuilds a projector into a new generation', async () => {
    const res = await call('/rebuild', {
      method: 'POST',
      body: JSON.stringify({ projector: 'test-catalogue' }),
    });
    expect(res.status).toBe(200);
    // The log: 10 listing events and the replay's operator event (which no projector reads).
    expect(await res.json()).toMatchObject({
      projector: 'test-catalogue',
      generation: 2,
      previousGeneration: 1,
      events: 11,
    });
    expect(await runtime.readSide.collection('listings').count()).toBe(5);
    const events = await operatorEvents();
    expect(events.map((e) => e.type)).toEqual(['ProjectionReplayed', 'ProjectionRebuilt']);
    expect(events[1]).toMatchObject({
      actor: 'operator:operator',
      data: {
        operator: 'operator',
        address: expect.stringMatching(/127\.0\.0\.1/),
        projector: 'test-catalogue',
        generation: 2,
        previousGeneration: 1,
        events: 11,
      },
    });
  });

  it('shows the history of one stream, and 404 for an empty one', async () => {
    const res = await call('/streams/listing-l2');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ streamId: 'listing-l2', version: 2 });
    expect(body.events.map((e: { type: string }) => e.type)).toEqual([
      'ListingCreated',
      'ListingUpdated',
    ]);
    const missing = await call('/streams/listing-none');
    expect(missing.status).toBe(404);
  });
});
