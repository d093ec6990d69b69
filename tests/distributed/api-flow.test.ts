/**
 * The storefront's main flows through HTTP on the distributed engines: MongoDB event store,
 * outbox relay, Kafka, MongoDB read models (FerretDB here), with real users of the Auth emulator
 * and the simulated card processor. The stack is composed as the server composes it, with its
 * own database, Kafka topics and consumer groups for this run. Every read after a command sends
 * the command's position as the consistency token, so no read polls.
 * Runs where KAFKA_BROKERS and MONGODB_URI answer; otherwise skipped with the reason printed.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel } from 'kafkajs';
import { CONSISTENCY_HEADER } from '@rewear/contracts';
import {
  createRateLimiter,
  loadConfig,
  startProjections,
  type Config,
  type Platform,
  type ProjectionRuntime,
  createFirebaseIdentityVerifier,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { openMongoReadModelStore } from '@rewear/mongodb';
import { topicsOf } from '@rewear/kafka';
import {
  createCommandApi,
  createSimulatedProcessorRouter,
  paymentGatewayFromConfig,
} from '@rewear/command-api';
import { createQueryApi } from '@rewear/query-api';
import { createProjectors } from '@rewear/projectors';
import { createServerApp } from '@rewear/server';
import { TEST_RATE_LIMITS, shipping } from '@rewear/command-api/testing';
import {
  kafkaAvailability,
  mongoAvailability,
  reportSkip,
  createTestUser,
  startAuthEmulatorForTests,
  TEST_PROJECT_ID,
  type TestUser,
} from '@rewear/testing';

const [kafka, mongo] = await Promise.all([kafkaAvailability(), mongoAvailability()]);
const reachable = kafka.available && mongo.available;
reportSkip('API flows on Kafka + MongoDB', kafka.available ? mongo : kafka);

const namespace = `api${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const quiet = { info() {}, warn() {}, error: console.error };
const card = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
// A word no other listing holds, so search answers are this run's alone.
const word = `quokka${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)}`;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

let base = '';
let config: Config;
let dataDir = '';
let platform: Platform | null = null;
let runtime: ProjectionRuntime | null = null;
let server: http.Server | null = null;
let closePayments: (() => Promise<unknown> | unknown) | null = null;
let stopEmulator: (() => Promise<void>) | null = null;
let seller: TestUser;
let buyer: TestUser;
let brandId = '';

async function call(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; after?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.after !== undefined) headers[CONSISTENCY_HEADER] = String(options.after);
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const answer = {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    headers: response.headers,
  };
  // A read that outran the projections would test nothing: say so instead of comparing stale data.
  if (options.after !== undefined)
    expect(
      response.headers.get('x-consistency-timeout'),
      `${method} ${url} waited in vain`,
    ).toBeNull();
  return answer;
}

/**
 * A read after a command, with the command's position as the consistency token: answered once
 * every projector has processed that position on every Kafka partition, so it is checked once,
 * never repeated. A command's events may land on several topics (an order: the order, the
 * listings' stock, the cart); a read answered before the lower ones are applied fails here.
 */
async function expectRead(
  url: string,
  options: { token?: string; after: number },
  check: (answer: Answer) => void,
): Promise<Answer> {
  const answer = await call('GET', url, options);
  check(answer);
  return answer;
}

/** A command's answer: its status checked, its position (the consistency token) returned. */
async function command(
  method: string,
  url: string,
  token: string,
  body: unknown,
  status = 200,
): Promise<{ body: any; position: number }> {
  const answer = await call(method, url, { token, body });
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(status);
  expect(answer.headers.get('x-event-position'), `${method} ${url} carries its position`).toMatch(
    /^\d+$/,
  );
  const position = Number(answer.headers.get('x-event-position') ?? answer.body?.position);
  return { body: answer.body, position };
}

describe.skipIf(!reachable)('API flows on Kafka + MongoDB', () => {
  beforeAll(async () => {
    stopEmulator = await startAuthEmulatorForTests();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'rewear-api-flow-'));
    config = {
      ...loadConfig(process.env),
      mongodbDatabase: namespace,
      dataDir,
      meiliUrl: null,
      stripeSecretKey: null,
      seedOnFirstStart: false,
      firebaseProjectId: TEST_PROJECT_ID,
      firebaseAuthEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    };
    platform = await createPlatform(config, { namespace });
    expect(platform.engines).toMatchObject({
      eventStore: 'mongodb',
      bus: 'kafka',
      readModels: 'mongodb',
    });
    runtime = await startProjections({
      platform,
      projectors: createProjectors().all,
      log: quiet,
      subscriptionPrefix: `${namespace}-`,
    });
    const identity = createFirebaseIdentityVerifier({ projectId: TEST_PROJECT_ID });
    const payments = paymentGatewayFromConfig(config);
    closePayments = () => payments.simulated?.close();
    const commandApi = createCommandApi({
      eventStore: platform.eventStore,
      identity,
      payments: payments.gateway,
      photos: platform.photos,
      config,
      readSide: runtime.readSide,
      // Many commands from one address in seconds: past the default limits.
      rateLimiter: createRateLimiter(TEST_RATE_LIMITS),
    });
    const queryApi = createQueryApi({
      readSide: runtime.readSide,
      progress: runtime,
      identity,
      photos: platform.photos,
    });
    const app = createServerApp({
      queryApi,
      commandApi,
      routers: payments.simulated ? [createSimulatedProcessorRouter(payments.simulated)] : [],
      clientDist: null,
    });
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    [seller, buyer] = await Promise.all([createTestUser(), createTestUser()]);
    brandId = (
      await command(
        'POST',
        '/api/brands/find-or-create',
        seller.idToken,
        { name: `Brand ${namespace}` },
        201,
      )
    ).body.id;
  }, 120_000);

  afterAll(async () => {
    try {
      await cleanUp();
    } finally {
      // Whatever failed above, this process's lease on the shared emulator goes.
      await stopEmulator?.();
    }
  }, 60_000);

  async function cleanUp() {
    if (server)
      await new Promise<void>(
        (resolve) => (server!.close(() => resolve()), server!.closeAllConnections()),
      );
    await runtime?.stop();
    await platform?.close();
    await closePayments?.();
    if (config?.mongodbUri) {
      const store = await openMongoReadModelStore({ uri: config.mongodbUri, database: namespace });
      for (const name of await store.listCollections()) await store.collection(name).drop();
      await store.close();
    }
    if (config?.kafkaBrokers) {
      const admin = new Kafka({
        clientId: 'api-flow-cleanup',
        brokers: config.kafkaBrokers,
        logLevel: logLevel.NOTHING,
      }).admin();
      await admin.connect();
      await admin.deleteTopics({ topics: topicsOf(namespace) }).catch(() => {});
      await admin.disconnect();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }

  async function newListing(title: string, price: number, stock: number) {
    const created = await command(
      'POST',
      '/api/products',
      seller.idToken,
      {
        title,
        price,
        description: 'Blue, light wear',
        brand_id: brandId,
        category_id: 5,
        condition_ids: 3,
        size_ids: [3],
        color_ids: [2],
        image: 'https://example.com/jacket.jpg',
        stock,
      },
      201,
    );
    return { id: created.body.product_id as string, position: created.position };
  }

  const ids = (answer: Answer) =>
    (answer.body as Array<{ product_id: string }>).map((p) => p.product_id);

  it('sells a listing: catalogue and search, cart, order, payment, stock gone', async () => {
    const listing = await newListing(`Denim ${word} jacket`, 25, 2);

    // The catalogue and the search index show the listing as soon as its position is projected.
    await expectRead(`/api/products/${listing.id}`, { after: listing.position }, (a) =>
      expect(a).toMatchObject({
        status: 200,
        body: { product_id: listing.id, price: 25, stock: 2, num_likes: 0 },
      }),
    );
    await expectRead(`/api/products/seller/${seller.uid}`, { after: listing.position }, (a) =>
      expect(ids(a)).toContain(listing.id),
    );
    await expectRead(`/api/search?query=${word}`, { after: listing.position }, (a) =>
      expect(ids(a)).toEqual([listing.id]),
    );

    // Into the cart.
    const cart = await command(
      'POST',
      '/api/cart/create',
      buyer.idToken,
      { userId: buyer.uid },
      201,
    );
    const added = await command('POST', '/api/cart/add-item', buyer.idToken, {
      cartId: cart.body.id,
      productId: listing.id,
      quantity: 2,
    });
    await expectRead(
      `/api/cart/user/${buyer.uid}`,
      { token: buyer.idToken, after: added.position },
      (a) =>
        expect(a.body).toMatchObject({
          id: cart.body.id,
          products: [{ product_id: listing.id, quantity: 2 }],
        }),
    );

    // Order, pay with the simulated processor, confirm the payment.
    const placed = await command(
      'POST',
      '/api/orders',
      buyer.idToken,
      {
        userId: buyer.uid,
        orderItems: [{ productId: listing.id, quantity: 2, unitPrice: 25 }],
        shippingInfo: shipping,
      },
      201,
    );
    expect(placed.body.order).toMatchObject({ status: 'pending', total_price: 50 });
    const orderId = placed.body.order.id as string;
    await expectRead(
      `/api/orders/${orderId}`,
      { token: buyer.idToken, after: placed.position },
      (a) =>
        expect(a.body).toMatchObject([
          { order_id: orderId, status: 'pending', product_id: listing.id, quantity: 2 },
        ]),
    );
    await expectRead(
      `/api/products/${listing.id}/availability?quantity=1`,
      { after: placed.position },
      (a) => expect(a.body).toMatchObject({ available: 0, isAvailable: false }),
    );

    const confirmed = await call('POST', '/api/payments/simulated/confirm', {
      body: { clientSecret: placed.body.clientSecret, card },
    });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { paymentIntent: { status: 'succeeded' } },
    });
    const paid = await command('PUT', `/api/orders/${orderId}/update-payment`, buyer.idToken, {
      stripePaymentId: placed.body.paymentIntentId,
    });
    expect(paid.body.order).toEqual({ id: orderId, status: 'paid' });

    await expectRead(
      `/api/orders/user/${buyer.uid}`,
      { token: buyer.idToken, after: paid.position },
      (a) => expect(a.body).toMatchObject([{ order_id: orderId, status: 'paid', total_price: 50 }]),
    );
    await expectRead(`/api/products/${listing.id}`, { after: paid.position }, (a) =>
      expect(a.body.stock).toBe(0),
    );
    await expectRead(`/api/search?query=${word}`, { after: paid.position }, (a) =>
      expect(a.body).toEqual([]),
    );
    await expectRead(
      `/api/cart/user/${buyer.uid}`,
      { token: buyer.idToken, after: paid.position },
      (a) => expect(a.body.products).toEqual([]),
    );
    // Nothing left to sell.
    const late = await call('POST', '/api/orders', {
      token: buyer.idToken,
      body: {
        userId: buyer.uid,
        orderItems: [{ productId: listing.id, quantity: 1, unitPrice: 25 }],
        shippingInfo: shipping,
      },
    });
    expect(late.status).toBe(409);
  }, 120_000);

  it('keeps the wishlist and the listing’s likes in step', async () => {
    const listing = await newListing(`Wool ${word} coat`, 80, 1);
    const liked = await command(
      'POST',
      '/api/wishlist',
      buyer.idToken,
      { userId: buyer.uid, productId: listing.id },
      201,
    );
    await expectRead(
      `/api/wishlist/user/${buyer.uid}`,
      { token: buyer.idToken, after: liked.position },
      (a) => expect(a.body).toMatchObject([{ product_id: listing.id, price: 80 }]),
    );
    await expectRead(`/api/products/${listing.id}`, { after: liked.position }, (a) =>
      expect(a.body.num_likes).toBe(1),
    );
    // Someone else's wishlist is not theirs to read.
    expect(
      (await call('GET', `/api/wishlist/user/${buyer.uid}`, { token: seller.idToken })).status,
    ).toBe(403);

    const removed = await command(
      'DELETE',
      `/api/wishlist/user/${buyer.uid}/product/${listing.id}`,
      buyer.idToken,
      undefined,
    );
    await expectRead(
      `/api/wishlist/user/${buyer.uid}`,
      { token: buyer.idToken, after: removed.position },
      (a) => expect(a.body).toEqual([]),
    );
    await expectRead(`/api/products/${listing.id}`, { after: removed.position }, (a) =>
      expect(a.body.num_likes).toBe(0),
    );
  }, 120_000);
});
