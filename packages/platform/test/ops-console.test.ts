/**
 * The operator console's side of /api/ops: people signed in with a role (the ID token's custom
 * claim, read by the identity port) beside the shared token; dead letters retried and skipped,
 * each recorded; a stream paged, and the streams of one user found.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_STREAM } from '@rewear/contracts';
import { createOpsRouter, startProjections, type ProjectionRuntime } from '../src/runtime/index.ts';
import {
  InvalidTokenError,
  type AuthenticatedUser,
  type IdentityVerifier,
} from '../src/identity.ts';
import { embeddedPlatform, type TestPlatform } from './support/embedded.ts';
import { appendListing, cartsProjector, catalogueProjector } from './support/fixtures.ts';

const TOKEN = 'console-ops-token';
const people: Record<string, AuthenticatedUser> = {
  'id-token-shopper': { uid: 'shopper-uid', email: null, name: null, picture: null, role: null },
  'id-token-support': {
    uid: 'support-uid',
    email: null,
    name: null,
    picture: null,
    role: 'support',
  },
  'id-token-moderator': {
    uid: 'moderator-uid',
    email: null,
    name: null,
    picture: null,
    role: 'moderator',
  },
  'id-token-operator': {
    uid: 'operator-uid',
    email: null,
    name: null,
    picture: null,
    role: 'operator',
  },
};
/** Stands in for Firebase: a known token is its person, anything else does not verify. */
const identity: IdentityVerifier = {
  async verify(idToken) {
    const person = people[idToken];
    if (!person) throw new InvalidTokenError('auth/argument-error');
    return person;
  },
};

let platform: TestPlatform;
let runtime: ProjectionRuntime;
let server: Server;
let base: string;

beforeAll(async () => {
  platform = embeddedPlatform();
  runtime = await startProjections({
    platform,
    projectors: [catalogueProjector, cartsProjector],
    log: { info() {}, warn() {}, error() {} },
  });
  for (let i = 0; i < 3; i++) await appendListing(platform.eventStore, i);
  await runtime.catchUp(5000);
  const app = new Koa();
  const router = createOpsRouter(runtime, platform.eventStore, { token: TOKEN, identity });
  app.use(router.routes()).use(router.allowedMethods());
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ops`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await runtime.stop();
  await platform.remove();
});

const call = (path: string, token: string | null, body?: unknown) =>
  fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface StreamEvent {
  type: string;
  actor: string | null;
  data: Record<string, unknown>;
}
const operatorEvents = async (): Promise<StreamEvent[]> => {
  const res = await call(`/streams/${OPERATOR_STREAM}`, TOKEN);
  return res.status === 404 ? [] : ((await res.json()).events as StreamEvent[]);
};
const generationOf = async (projector: string) =>
  (await runtime.status()).find((s) => s.projector === projector)!.generation;

describe('who may use the operator endpoints', () => {
  it('a visitor is 401, a token that verifies as nothing 401, a shopper 403 on reads and writes', async () => {
    expect((await call('/status', null)).status).toBe(401);
    expect((await call('/status', 'not-a-token')).status).toBe(401);
    const read = await call('/status', 'id-token-shopper');
    expect(read.status).toBe(403);
    expect((await read.json()).message).toBe('Operators only: this account has no operator role');
    const before = await platform.eventStore.headPosition();
    const rebuild = await call('/rebuild', 'id-token-shopper', { projector: 'test-catalogue' });
    expect(rebuild.status).toBe(403);
    expect(await platform.eventStore.headPosition()).toBe(before);
    expect(await generationOf('test-catalogue')).toBe(1);
    // A moderator decides reports, and is no operator: the console is closed to them too.
    const moderator = await call('/status', 'id-token-moderator');
    expect(moderator.status).toBe(403);
    expect((await moderator.json()).message).toBe(
      'Operators only: this account has no operator role',
    );
  });

  it('support reads every screen but cannot act: 403 and nothing changes', async () => {
    for (const path of ['/status', '/whoami', '/dead-letters', '/streams/listing-l1'])
      expect((await call(path, 'id-token-support')).status, path).toBe(200);
    expect(await (await call('/whoami', 'id-token-support')).json()).toEqual({
      via: 'account',
      operator: 'support-uid',
      uid: 'support-uid',
      role: 'support',
    });
    const before = await platform.eventStore.headPosition();
    for (const [path, body] of [
      ['/rebuild', { projector: 'test-catalogue' }],
      ['/replay', { projector: 'test-catalogue', fromPosition: 1 }],
      ['/dead-letters/test-carts/any/skip', {}],
    ] as const) {
      const res = await call(path, 'id-token-support', body);
      expect(res.status, path).toBe(403);
      expect((await res.json()).message).toMatch(/support account can look but not act/);
    }
    expect(await platform.eventStore.headPosition()).toBe(before);
    expect(await generationOf('test-catalogue')).toBe(1);
  });

  it('an operator acts, recorded with their uid and role; the shared token still works, as before', async () => {
    const res = await call('/rebuild', 'id-token-operator', { projector: 'test-catalogue' });
    expect(res.status).toBe(200);
    expect(await generationOf('test-catalogue')).toBe(2);
    const [rebuilt] = (await operatorEvents()).filter((e) => e.type === 'ProjectionRebuilt');
    expect(rebuilt).toMatchObject({
      actor: 'operator:operator-uid',
      data: { operator: 'operator-uid', uid: 'operator-uid', role: 'operator' },
    });
    expect((await call('/whoami', TOKEN)).status).toBe(200);
    const byToken = await call('/replay', TOKEN, { projector: 'test-catalogue', fromPosition: 1 });
    expect(byToken.status).toBe(200);
    const replayed = (await operatorEvents()).find((e) => e.type === 'ProjectionReplayed');
    expect(replayed?.data.uid).toBeUndefined();
    expect(replayed?.data.operator).toBe('operator');
  });
});

describe('dead letters', () => {
  it('lists them, retries one (failing again, then applied) and skips another, each recorded', async () => {
    const cartId = `cart-${randomUUID().slice(0, 8)}`;
    // Items added to carts no one created: the projector dead-letters both.
    for (const [stream, productId] of [
      [cartId, 'p1'],
      [`${cartId}-b`, 'p2'],
    ] as const) {
      await platform.eventStore.append(
        `cart-${stream}`,
        [{ type: 'CartItemAdded', data: { cartId: stream, productId, quantity: 1 } }],
        { expectedVersion: 0, actor: 'shopper-uid', correlationId: randomUUID() },
      );
    }
    await runtime.catchUp(5000);
    const listed = await call('/dead-letters', 'id-token-support');
    const { deadLetters } = (await listed.json()) as {
      deadLetters: Array<{ _id: string; projector: string; error: string; streamId: string }>;
    };
    expect(deadLetters.map((d) => d.streamId).sort()).toEqual([
      `cart-${cartId}`,
      `cart-${cartId}-b`,
    ]);
    const first = deadLetters.find((d) => d.streamId === `cart-${cartId}`)!;
    const second = deadLetters.find((d) => d.streamId === `cart-${cartId}-b`)!;
    expect(first).toMatchObject({ projector: 'test-carts', error: `Cart ${cartId} is unknown` });
    const retryPath = `/dead-letters/test-carts/${encodeURIComponent(first._id)}/retry`;

    // Still failing: the letter stays.
    const again = await call(retryPath, 'id-token-operator', {});
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      applied: false,
      error: `Cart ${cartId} is unknown`,
    });
    expect((await runtime.deadLettersOf('test-carts')).map((d) => d._id)).toContain(first._id);

    // The cart exists now: the retry applies the event and the letter is gone.
    await runtime.readSide
      .collection('carts')
      .put({ _id: cartId, userId: 'shopper-uid', items: {} });
    const retried = await call(retryPath, 'id-token-operator', {});
    expect(await retried.json()).toMatchObject({ applied: true, error: null });
    expect(await runtime.readSide.collection('carts').findOne({ _id: cartId })).toMatchObject({
      items: { p1: 1 },
    });
    expect((await runtime.deadLettersOf('test-carts')).map((d) => d._id)).not.toContain(first._id);

    const skipped = await call(
      `/dead-letters/test-carts/${encodeURIComponent(second._id)}/skip`,
      'id-token-operator',
      {},
    );
    expect(skipped.status).toBe(200);
    expect(await runtime.deadLettersOf('test-carts')).toEqual([]);
    expect(await runtime.readSide.collection('carts').findOne({ _id: `${cartId}-b` })).toBeNull();
    const missing = await call(
      `/dead-letters/test-carts/${encodeURIComponent(second._id)}/skip`,
      'id-token-operator',
      {},
    );
    expect(missing.status).toBe(404);

    const recorded = (await operatorEvents()).filter((e) => e.type.startsWith('DeadLetter'));
    expect(recorded.map((e) => [e.type, e.data.applied])).toEqual([
      ['DeadLetterRetried', false],
      ['DeadLetterRetried', true],
      ['DeadLetterSkipped', undefined],
    ]);
    expect(recorded[2]).toMatchObject({
      actor: 'operator:operator-uid',
      data: {
        uid: 'operator-uid',
        role: 'operator',
        projector: 'test-carts',
        deadLetterId: second._id,
        eventType: 'CartItemAdded',
        error: `Cart ${cartId}-b is unknown`,
      },
    });
  });
});

describe('streams', () => {
  it('pages through a stream by version', async () => {
    const res = await call('/streams/listing-l1?from=2&limit=1', 'id-token-support');
    const body = await res.json();
    expect(body).toMatchObject({ streamId: 'listing-l1', version: 2, from: 2, limit: 1 });
    expect(body.events.map((e: { streamVersion: number }) => e.streamVersion)).toEqual([2]);
    expect((await call('/streams/listing-l1?limit=0', TOKEN)).status).toBe(400);
  });

  it("finds a user's streams: named after them, and those they acted on", async () => {
    await platform.eventStore.append(
      'cart-shopper-uid',
      [{ type: 'CartCreated', data: { cartId: 'shopper-uid', userId: 'shopper-uid' } }],
      { expectedVersion: 0, actor: 'shopper-uid', correlationId: randomUUID() },
    );
    const res = await call('/streams?user=shopper-uid', 'id-token-support');
    expect(res.status).toBe(200);
    const { streams } = (await res.json()) as { streams: Array<{ streamId: string }> };
    const ids = streams.map((s) => s.streamId);
    // Named after the user, and the carts the dead-letter test appended as them.
    expect(ids).toContain('cart-shopper-uid');
    expect(ids.filter((id) => id.startsWith('cart-cart-'))).toHaveLength(2);
    expect(ids).not.toContain('listing-l1');
    expect((await call('/streams', TOKEN)).status).toBe(400);
  });
});
