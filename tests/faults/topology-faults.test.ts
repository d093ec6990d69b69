/**
 * Faults on real processes and engines: the distributed topology as processes (two command-api,
 * two query-api, the projectors, nginx) on Kafka, the MongoDB-compatible server and Meilisearch,
 * with real users of the Auth emulator. Engines are stopped and started with the project's own
 * scripts (scripts/engines), so this suite runs alone, after the others (scripts/test.sh), never
 * beside suites that share the engines. Skipped, with the reason, when the engines are not set.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import parsePrometheus from 'parse-prometheus-text-format';
import { openMongoReadModelStore } from '@rewear/mongodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  engineEnvFrom,
  freePort,
  REPO_ROOT,
  startTopology,
  type Service,
  type Topology,
} from '../../scripts/distributed/topology.ts';
import {
  createTestUser,
  type TestUser,
  kafkaAvailability,
  meiliAvailability,
  mongoAvailability,
  reportSkip,
} from '@rewear/testing';
import { shipping } from '@rewear/command-api/testing';

const engines = await Promise.all([kafkaAvailability(), mongoAvailability(), meiliAvailability()]);
const missing = engines.find((engine) => !engine.available);
if (missing) reportSkip('faults on the distributed topology', missing);

const OPS_TOKEN = 'faults-ops-token';
const namespace = `faults${Date.now().toString(36)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What a fault test observed, printed for the record. */
const observe = (line: string) => console.log(`[faults] ${line}`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

let topology: Topology;
let workDir = '';
let seller: TestUser;
let buyers: TestUser[] = [];
let brandId = '';

async function call(
  base: string,
  method: string,
  url: string,
  options: {
    token?: string;
    body?: unknown;
    after?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.after !== undefined) headers['x-consistency-token'] = String(options.after);
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  // The router's own error pages (502 when an upstream died mid-request) are HTML.
  const json = response.headers.get('content-type')?.includes('json');
  return {
    status: response.status,
    body: text && json ? JSON.parse(text) : text || null,
    headers: response.headers,
  };
}

/** A command through the router; fails the test unless it is accepted. */
async function command(method: string, url: string, token: string, body: unknown) {
  const answer = await call(topology.url, method, url, { token, body });
  if (answer.status >= 300)
    throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { body: answer.body, position: Number(answer.headers.get('x-event-position')) };
}

/** Reads with a consistency token until the projections have reached it (bounded). */
async function readAfter(url: string, position: number, token?: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call(topology.url, 'GET', url, { token, after: position }).catch(
      () => null,
    );
    if (answer && answer.status < 500 && !answer.headers.get('x-consistency-timeout'))
      return answer;
    if (Date.now() > deadline)
      throw new Error(`${url} did not reach position ${position} in ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

/** Polls until `check` holds (bounded): what the test waits for after an engine is back. */
async function eventually<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean) {
  const deadline = Date.now() + 120_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read().catch(() => undefined);
    if (last !== undefined && check(last)) return last;
    await sleep(500);
  }
  throw new Error(`${what}: still ${JSON.stringify(last)} after 120 s`);
}

/** An engine script (scripts/engines), waited for: this process does nothing meanwhile. */
function engineScript(script: string, ...args: string[]) {
  execFileSync('bash', [path.join(REPO_ROOT, 'scripts/engines', script), ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 180_000,
  });
}

/**
 * The same, without blocking this process: requests in flight go on meanwhile. Waited for until
 * the script exits (an engine it starts keeps running, holding whatever output it inherited).
 */
function engineScriptAsync(script: string, ...args: string[]): Promise<void> {
  const child = spawn('bash', [path.join(REPO_ROOT, 'scripts/engines', script), ...args], {
    stdio: 'ignore',
    timeout: 180_000,
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

async function newListing(title: string, stock: number) {
  const created = await command('POST', '/api/products', seller.idToken, {
    title,
    price: 20,
    description: 'Soft cotton, worn twice',
    brand_id: brandId,
    category_id: 5,
    condition_ids: 3,
    size_ids: [3],
    color_ids: [2],
    image: 'https://example.com/shirt.jpg',
    stock,
  });
  return { id: created.body.product_id as string, position: created.position };
}

/** One unit of `productId`, ordered (and so reserved) by `buyer`. */
const order = (buyer: TestUser, productId: string) =>
  command('POST', '/api/orders', buyer.idToken, {
    userId: buyer.uid,
    orderItems: [{ productId, quantity: 1, unitPrice: 20 }],
    shippingInfo: shipping,
  });
const like = (buyer: TestUser, productId: string) =>
  command('POST', '/api/wishlist', buyer.idToken, { userId: buyer.uid, productId });

async function projectorStatus(): Promise<
  Array<{ projector: string; generation: number; deadLetters: number; lag: number }>
> {
  const answer = await call(topology.url, 'GET', '/api/ops/status', {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
  });
  if (answer.status !== 200) throw new Error(`ops status answered ${answer.status}`);
  return answer.body.projectors;
}

/**
 * Every document of every live read-model collection, by logical name, in _id order. All
 * projectors are at one generation here (they start together and are rebuilt together).
 */
async function liveReadModels(): Promise<Record<string, unknown[]>> {
  const generations = new Set((await projectorStatus()).map((s) => s.generation));
  expect(generations.size).toBe(1);
  const suffix = `__g${[...generations][0]}`;
  const store = await openMongoReadModelStore({
    uri: process.env.MONGODB_URI!,
    database: namespace,
  });
  try {
    const models: Record<string, unknown[]> = {};
    for (const name of (await store.listCollections()).filter((n) => n.endsWith(suffix)).sort())
      models[name.slice(0, -suffix.length)] = await store
        .collection(name)
        .find({}, { sort: { _id: 1 } });
    return models;
  } finally {
    await store.close();
  }
}

/** What a service serves at /metrics (read with the operators' token). */
async function exposition(service: Service): Promise<string> {
  const response = await fetch(`${service.url}/metrics`, {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200)
    throw new Error(`${service.name} /metrics answered ${response.status}`);
  return response.text();
}

/** One counter or gauge family as a service serves it. */
async function metricSamples(service: Service, name: string) {
  return (
    parsePrometheus(await exposition(service)).find((family) => family.name === name)?.metrics ?? []
  );
}

/** A counter's or gauge's samples added up, optionally of some labels only. */
async function metricTotal(
  service: Service,
  name: string,
  where: (labels: Record<string, string>) => boolean = () => true,
) {
  const samples = await metricSamples(service, name);
  return samples
    .filter((sample) => where(sample.labels ?? {}))
    .reduce((total, sample) => total + Number(sample.value ?? 0), 0);
}

/**
 * Requests a service has answered: the `_count` series of its HTTP duration histogram, added up
 * (the parser above folds a histogram's labelled series into one, so they are read as lines).
 */
async function requestsAnswered(service: Service): Promise<number> {
  const counts = (await exposition(service)).matchAll(
    /^rewear_http_request_duration_seconds_count\{[^}]*\} (\d+)$/gm,
  );
  return [...counts].reduce((total, [, value]) => total + Number(value), 0);
}

interface LoadRequest {
  startedAt: number;
  endedAt: number;
  /** The status, or the error's message when no answer came. */
  outcome: number | string;
}

/**
 * `workers` loops, for `durationMs`, each sending a command (`write`) then a read (`read`)
 * through the router, recording when each request started and ended and how it ended.
 * `during` runs alongside, at `atMs`.
 */
async function underLoad(options: {
  workers: number;
  durationMs: number;
  write: (worker: number) => Promise<Answer>;
  read: (worker: number) => Promise<Answer>;
  atMs: number;
  during: () => Promise<void>;
}): Promise<LoadRequest[]> {
  const requests: LoadRequest[] = [];
  const until = Date.now() + options.durationMs;
  const timed = async (send: () => Promise<Answer>) => {
    const startedAt = Date.now();
    const outcome = await send().then(
      (answer) => answer.status,
      (error: Error) => error.message,
    );
    requests.push({ startedAt, endedAt: Date.now(), outcome });
  };
  const worker = async (n: number) => {
    while (Date.now() < until) {
      await timed(() => options.write(n));
      await timed(() => options.read(n));
    }
  };
  const fault = sleep(options.atMs).then(options.during);
  await Promise.all([...Array.from({ length: options.workers }, (_, n) => worker(n)), fault]);
  return requests;
}

const succeeded = (request: LoadRequest) =>
  typeof request.outcome === 'number' && request.outcome < 400;

/**
 * After each case, whatever it left behind: every engine running and every service healthy.
 * A service that is not healthy in a minute is restarted, so a case that failed (an engine left
 * stopped, the projectors left stuck) does not make the next one fail by waiting on it.
 */
async function restoreTopology() {
  for (const script of ['start-ferretdb.sh', 'start-kafka.sh', 'start-meilisearch.sh'])
    engineScript(script);
  for (const service of topology.services) {
    if (!service.running()) {
      observe(`${service.name} was not running after the case: started again`);
      service.start();
    }
    try {
      await service.waitHealthy(60_000);
    } catch {
      observe(`${service.name} was not healthy a minute after the case: restarted`);
      service.kill('SIGKILL');
      await service.exited();
      service.start();
      await service.waitHealthy(120_000);
    }
  }
}

describe.skipIf(missing)('faults on the distributed topology', () => {
  beforeAll(async () => {
    // FAULTS_LOG_DIR (scripts/faults/repeat.sh): the services' logs are kept there.
    const keep = process.env.FAULTS_LOG_DIR?.trim();
    if (keep) mkdirSync(keep, { recursive: true });
    workDir = keep || mkdtempSync(path.join(os.tmpdir(), 'rewear-faults-'));
    topology = await startTopology({
      engines: engineEnvFrom(process.env),
      port: await freePort(),
      namespace,
      workDir,
      seedListings: 0,
      // Bursts of commands from 127.0.0.1: the rate limits raised for the suite.
      env: { OPS_TOKEN, RATE_LIMIT_PER_ADDRESS: '100000/1m', RATE_LIMIT_PER_USER: '100000/1m' },
    });
    const users = await Promise.all(Array.from({ length: 7 }, () => createTestUser()));
    seller = users[0]!;
    buyers = users.slice(1);
    brandId = (
      await command('POST', '/api/brands/find-or-create', seller.idToken, {
        name: `Brand ${namespace}`,
      })
    ).body.id;
  }, 300_000);

  afterEach(async () => {
    if (topology) await restoreTopology();
  }, 300_000);

  afterAll(async () => {
    await topology?.stop();
    if (workDir && !process.env.FAULTS_LOG_DIR?.trim())
      rmSync(workDir, { recursive: true, force: true });
  }, 120_000);

  it('read-your-writes across replicas: a write through command-api 1 is read through query-api 2', async () => {
    const writer = topology.service('command-api-1');
    const reader = topology.service('query-api-2');
    const listing = await newListing('Linen shirt across replicas', 5);
    for (const buyer of buyers.slice(0, 3)) {
      const answer = await call(writer.url, 'POST', '/api/wishlist', {
        token: buyer.idToken,
        body: { userId: buyer.uid, productId: listing.id },
      });
      expect(answer.status).toBe(201);
      const position = Number(answer.headers.get('x-event-position'));
      // query-api waits up to 2 s for the position, then answers saying it did not reach it (on
      // a loaded machine the first reads after the topology's start can take longer): asked
      // again until it does, and an answer that does not say so must hold the write.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const read = await call(reader.url, 'GET', `/api/wishlist/user/${buyer.uid}`, {
          token: buyer.idToken,
          after: position,
        });
        expect(read.status).toBe(200);
        if (read.headers.get('x-consistency-timeout') === null) {
          expect(read.body.map((item: { product_id: string }) => item.product_id)).toContain(
            listing.id,
          );
          break;
        }
        observe(
          `query-api 2 had not reached position ${position} within its 2 s wait; asking again`,
        );
        expect(Date.now()).toBeLessThan(deadline);
      }
    }
  }, 120_000);

  it('SIGKILL of one command-api and one query-api replica under load: only requests in flight fail, the other replicas serve', async () => {
    // One listing per worker: buyers racing for one listing's stock is another matter.
    const listings = await Promise.all(
      buyers.map((_, n) => newListing(`Denim jacket under load ${n}`, 10_000)),
    );
    await readAfter(
      `/api/products/${listings.at(-1)!.id}`,
      Math.max(...listings.map((l) => l.position)),
    );
    const killed = [topology.service('command-api-1'), topology.service('query-api-2')];
    const survivors = [topology.service('command-api-2'), topology.service('query-api-1')];
    let killedAt = 0;
    let goneAt = 0;
    let survivorsBefore = 0;
    const requests = await underLoad({
      workers: 6,
      durationMs: 8_000,
      write: (n) =>
        call(topology.url, 'POST', '/api/orders', {
          token: buyers[n]!.idToken,
          body: {
            userId: buyers[n]!.uid,
            orderItems: [{ productId: listings[n]!.id, quantity: 1, unitPrice: 20 }],
            shippingInfo: shipping,
          },
        }),
      read: (n) => call(topology.url, 'GET', `/api/products/${listings[n]!.id}`),
      atMs: 3_000,
      during: async () => {
        survivorsBefore = (await Promise.all(survivors.map(requestsAnswered))).reduce(
          (a, b) => a + b,
        );
        killedAt = Date.now();
        for (const service of killed) service.kill('SIGKILL');
        await Promise.all(killed.map((service) => service.exited()));
        goneAt = Date.now();
      },
    });
    const survivorsAfter = (await Promise.all(survivors.map(requestsAnswered))).reduce(
      (a, b) => a + b,
    );
    // In flight: sent before both processes were seen gone (the signal takes a moment to land,
    // and a process that is dying still takes what the router hands it) and not answered before
    // the kill.
    const inFlight = requests.filter((r) => r.startedAt <= goneAt && r.endedAt >= killedAt);
    const failed = requests.filter((r) => !succeeded(r));
    const after = requests.filter((r) => r.startedAt > goneAt);
    observe(
      `${killed.map((s) => s.name).join(' and ')} SIGKILLed under load (6 workers, orders and product reads through the router): ${requests.length} requests, ${inFlight.length} in flight at the kill (${goneAt - killedAt} ms from the signal to both exits), ${failed.length} failed (${failed.map((r) => r.outcome).join(', ') || 'none'}); after it ${after.length} requests, all answered by ${survivors.map((s) => s.name).join(' and ')}, whose request count grew by ${survivorsAfter - survivorsBefore}`,
    );
    expect(killedAt).toBeGreaterThan(0);
    // Only a request the killed processes held can fail; the router sends the rest elsewhere.
    expect(failed.filter((r) => !inFlight.includes(r))).toEqual([]);
    expect(after.length).toBeGreaterThan(20);
    expect(after.every(succeeded)).toBe(true);
    // The survivors' own metrics count every request answered after the kill.
    expect(survivorsAfter - survivorsBefore).toBeGreaterThanOrEqual(after.length);
  }, 180_000);

  it('SIGKILL of the projectors mid-burst: it restarts, catches up, counts nothing twice and equals a rebuild', async () => {
    const listings = await Promise.all([1, 2, 3].map((n) => newListing(`Burst tee ${n}`, 20)));
    const projectors = topology.service('projectors');
    // Every buyer likes every listing and orders one unit of each: 18 likes, 18 units.
    const steps = buyers.flatMap((buyer) =>
      listings.flatMap((listing) => [
        () => like(buyer, listing.id),
        () => order(buyer, listing.id),
      ]),
    );
    let last = 0;
    let killedAt = -1;
    for (let i = 0; i < steps.length; i += 4) {
      const answers = await Promise.all(steps.slice(i, i + 4).map((step) => step()));
      last = Math.max(last, ...answers.map((a) => a.position));
      if (killedAt < 0 && i >= steps.length / 3) {
        projectors.kill('SIGKILL');
        await projectors.exited();
        killedAt = i;
      }
    }
    expect(killedAt).toBeGreaterThan(0);
    const restartedAt = Date.now();
    projectors.start();
    await projectors.waitHealthy(180_000);
    observe(
      `projectors SIGKILLed after ${killedAt} of ${steps.length} commands (the rest answered while it was down); restarted and caught up in ${seconds(restartedAt)}`,
    );

    for (const listing of listings) {
      const product = await readAfter(`/api/products/${listing.id}`, last);
      expect(product.body).toMatchObject({ num_likes: buyers.length });
      const availability = await readAfter(
        `/api/products/${listing.id}/availability?quantity=1`,
        last,
      );
      expect(availability.body).toMatchObject({ available: 20 - buyers.length });
    }
    const statuses = await projectorStatus();
    expect(statuses.filter((s) => s.deadLetters > 0)).toEqual([]);

    // Every read model equals a rebuild of its projector from position 0.
    const before = await liveReadModels();
    for (const { projector } of statuses) {
      const rebuilt = await call(topology.url, 'POST', '/api/ops/rebuild', {
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
        body: { projector },
      });
      expect(rebuilt.status).toBe(200);
    }
    const after = await liveReadModels();
    expect(Object.keys(before).length).toBeGreaterThan(3);
    expect(after).toEqual(before);
    observe(
      `read models equal a rebuild from position 0: ${Object.keys(before).length} collections, ${Object.values(before).reduce((n, docs) => n + docs.length, 0)} documents`,
    );
  }, 300_000);

  it('Kafka restarted mid-burst (down 10 s): every command accepted, every event projected once, the backlog seen and drained', async () => {
    const listing = await newListing('Outage cardigan', 5);
    // Each buyer orders their own listing: buyers racing for one listing's stock is another matter.
    const stocked = await Promise.all(buyers.map((_, n) => newListing(`Outage scarf ${n}`, 500)));
    const ordered = buyers.map(() => 0);
    const projectors = topology.service('projectors');
    const writer = topology.service('command-api-2');
    const backlog = () => metricTotal(writer, 'rewear_outbox_backlog_events');
    const consumerLag = () => metricTotal(projectors, 'rewear_kafka_consumer_lag_messages');
    const joins = () => metricTotal(projectors, 'rewear_kafka_consumer_joins_total');
    const joinsBefore = await joins();
    let last = listing.position;
    let likes = 0;
    let orders = 0;
    let backlogPeak = 0;
    let stoppedAt = 0;
    let startedAt = 0;
    // Each buyer likes the listing once, then orders a unit every 300 ms, until 3 s after Kafka
    // is back: the burst runs through the stop and the start.
    const burst = buyers.map(async (buyer, n) => {
      last = Math.max(last, (await like(buyer, listing.id)).position);
      likes += 1;
      while (!outageOver || Date.now() - startedAt < 3_000) {
        // The outbox keeps what the bus cannot take yet: the commands are still answered.
        last = Math.max(last, (await order(buyer, stocked[n]!.id)).position);
        orders += 1;
        ordered[n]! += 1;
        await sleep(300);
      }
    });
    let outageOver = false;
    const outage = (async () => {
      try {
        await sleep(2_000);
        await engineScriptAsync('stop.sh', 'kafka');
        stoppedAt = Date.now();
        while (Date.now() - stoppedAt < 10_000) {
          backlogPeak = Math.max(backlogPeak, await backlog());
          await sleep(1_000);
        }
        await engineScriptAsync('start-kafka.sh');
      } finally {
        startedAt = Date.now();
        outageOver = true;
      }
    })();
    // Kafka is started again even when a command failed, before the case ends.
    const failure = (await Promise.allSettled([...burst, outage])).find(
      (result) => result.status === 'rejected',
    );
    if (failure) throw failure.reason;
    // Bounded: consumers that waited out the outage rejoin in seconds, not minutes.
    const product = await readAfter(`/api/products/${listing.id}`, last, undefined, 90_000);
    const projectedIn = seconds(startedAt);
    const drained = await eventually('the outbox backlog', backlog, (n) => n === 0);
    const lag = await eventually("the consumers' lag", consumerLag, (n) => n === 0);
    const joinsAfter = await joins();
    observe(
      `Kafka stopped 2 s into a burst from ${buyers.length} buyers and started 10 s later: ${likes + orders} commands, all accepted (${likes} likes, ${orders} orders); outbox backlog peaked at ${backlogPeak} events while it was down, ${drained} after; every event projected ${projectedIn} after Kafka was started again; consumer lag ${lag}; consumer group joins ${joinsBefore} → ${joinsAfter}`,
    );
    expect(backlogPeak).toBeGreaterThan(0);
    expect(product.body).toMatchObject({ num_likes: buyers.length });
    for (const [n, { id }] of stocked.entries()) {
      const availability = await readAfter(`/api/products/${id}/availability?quantity=1`, last);
      expect(availability.body).toMatchObject({ available: 500 - ordered[n]! });
    }
    expect((await projectorStatus()).filter((s) => s.deadLetters > 0)).toEqual([]);
  }, 300_000);

  it('the projectors SIGKILLed during a rebuild: the live generation serves on, the unfinished one is dropped at restart, the next rebuild completes', async () => {
    const projector = 'catalogue';
    const projectors = topology.service('projectors');
    const listing = await newListing('Rebuilt raincoat', 5);
    const liked = await like(buyers[0]!, listing.id);
    await readAfter(`/api/products/${listing.id}`, liked.position);
    const statusOf = async () => (await projectorStatus()).find((s) => s.projector === projector)!;
    const live = (await statusOf()).generation;
    const rebuilding = call(topology.url, 'POST', '/api/ops/rebuild', {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      body: { projector },
    }).catch((error: Error) => error.message);
    // Killed as soon as the rebuild is seen under way (its position moves per batch of 2,000).
    let seen: { generation: number; position: number } | null = null;
    while (!seen) {
      const status = (await statusOf()) as Awaited<ReturnType<typeof statusOf>> & {
        rebuilding: { generation: number; position: number } | null;
      };
      if (status.rebuilding) seen = status.rebuilding;
      else if (status.generation !== live)
        throw new Error('the rebuild finished before it could be interrupted: too few events');
      else await sleep(20);
    }
    projectors.kill('SIGKILL');
    await projectors.exited();
    const answer = await rebuilding;
    const killedAt = Date.now();
    projectors.start();
    await projectors.waitHealthy(180_000);
    const restartedIn = seconds(killedAt);

    // The live generation answered throughout and still does; the unfinished one is gone.
    const after = await statusOf();
    expect(after).toMatchObject({ generation: live, rebuilding: null });
    const store = await openMongoReadModelStore({
      uri: process.env.MONGODB_URI!,
      database: namespace,
    });
    const leftOver = await store
      .listCollections()
      .then((names) => names.filter((name) => name.endsWith(`__g${seen!.generation}`)))
      .finally(() => store.close());
    expect(leftOver).toEqual([]);
    const product = await readAfter(`/api/products/${listing.id}`, liked.position);
    expect(product.body).toMatchObject({ num_likes: 1 });
    const generations = async () =>
      new Set(
        (await metricSamples(projectors, 'rewear_projector_checkpoint_position'))
          .filter((sample) => sample.labels?.projector === projector)
          .map((sample) => sample.labels?.generation),
      );
    expect([...(await generations())]).toEqual([String(live)]);

    // The next rebuild runs to its end and goes live.
    const rebuilt = await call(topology.url, 'POST', '/api/ops/rebuild', {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      body: { projector },
    });
    expect(rebuilt.status).toBe(200);
    const next = (await statusOf()).generation;
    expect(next).toBeGreaterThan(live);
    const applied = await metricTotal(
      projectors,
      'rewear_projector_events_applied_total',
      (labels) => labels.projector === projector && labels.generation === String(next),
    );
    expect(applied).toBeGreaterThan(0);
    const again = await readAfter(`/api/products/${listing.id}`, liked.position);
    expect(again.body).toMatchObject({ num_likes: 1 });
    observe(
      `projectors SIGKILLed during a rebuild of ${projector} (generation ${seen.generation}, at position ${seen.position}; the rebuild request ended with ${typeof answer === 'string' ? answer : answer.status}); restarted in ${restartedIn}, generation ${live} live throughout, the unfinished generation's collections dropped; the next rebuild went live as generation ${next} with ${applied} events applied`,
    );
  }, 300_000);

  it('Meilisearch, then the MongoDB-compatible server, stopped: 503 with a message, recovery without a restart, nothing lost', async () => {
    const word = `wombat${namespace.slice(-5)}`;
    const queryPids = topology.services.filter((s) => s.role === 'query-api').map((s) => s.pid());

    engineScript('stop.sh', 'meilisearch');
    let listing: { id: string; position: number };
    try {
      const search = await call(topology.url, 'GET', `/api/search?query=${word}`);
      expect(search.status).toBe(503);
      expect(search.body.message).toMatch(/briefly unavailable/);
      observe(`Meilisearch down: search answered ${search.status} ${JSON.stringify(search.body)}`);
      // Commands still land in the event store; the projectors keep the search writes pending.
      listing = await newListing(`Tweed ${word} blazer`, 3);
      await sleep(3000);
    } finally {
      engineScript('start-meilisearch.sh');
    }
    const meiliBackAt = Date.now();
    await eventually(
      'the listing written while Meilisearch was down, in search',
      () => call(topology.url, 'GET', `/api/search?query=${word}`),
      (a) =>
        a.status === 200 && a.body.some((p: { product_id: string }) => p.product_id === listing.id),
    );

    observe(
      `the listing created while Meilisearch was down was searchable ${seconds(meiliBackAt)} after its start`,
    );
    engineScript('stop.sh', 'ferretdb');
    try {
      const product = await call(topology.url, 'GET', `/api/products/${listing.id}`);
      expect(product.status).toBe(503);
      expect(product.body.message).toMatch(/briefly unavailable/);
      const refused = await call(topology.url, 'POST', '/api/wishlist', {
        token: buyers[0]!.idToken,
        body: { userId: buyers[0]!.uid, productId: listing.id },
      });
      expect(refused.status).toBe(503);
      observe(
        `MongoDB-compatible server down: product ${product.status}, like command ${refused.status} ${JSON.stringify(refused.body)}`,
      );
    } finally {
      engineScript('start-ferretdb.sh');
    }
    const mongoBackAt = Date.now();
    await eventually(
      'the product page after the MongoDB-compatible server is back',
      () => call(topology.url, 'GET', `/api/products/${listing.id}`),
      (a) => a.status === 200,
    );
    observe(`product page answered 200 again ${seconds(mongoBackAt)} after the server's start`);
    const liked = await like(buyers[1]!, listing.id);
    const product = await readAfter(`/api/products/${listing.id}`, liked.position);
    expect(product.body).toMatchObject({ product_id: listing.id, num_likes: 1 });
    // The same processes answered throughout: recovered, not restarted.
    expect(topology.services.filter((s) => s.role === 'query-api').map((s) => s.pid())).toEqual(
      queryPids,
    );
    expect((await projectorStatus()).filter((s) => s.deadLetters > 0)).toEqual([]);
  }, 300_000);
});
