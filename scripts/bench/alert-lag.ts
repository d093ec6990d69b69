/**
 * Alert lag (docs/product.md §11.7): from an event appended to the event store to its
 * notification received on an open stream, as a tab receives it. On the embedded default
 * (SQLite log, in-memory read models, the projector runtime and query-api in this process,
 * behind the one-process server's middleware), `--users` sellers keep GET
 * /api/notifications/stream open; a sale (ShipmentOpened) for one of them, drawn at random, is
 * appended every `--interval-ms` (with jitter) until `--events` have been; each is timed from
 * just before its append until its `notification` event arrives on the seller's stream.
 * Also prints what one poll of the feed costs (reading every connected user's list) and how many
 * polls read the lists (the others found the projectors' checkpoints unmoved).
 *   npm run bench:alert-lag -- [--events 400] [--users 20] [--interval-ms 50] [--poll-ms 200] [--no-mark] [--distributed]
 * --no-mark: read the lists at every poll, without looking at the checkpoints first.
 * --distributed: the distributed topology as processes instead (two command-api, two query-api,
 * the projectors, nginx) on the engines KAFKA_BROKERS, MONGODB_URI and MEILI_URL name (start
 * them with scripts/engines/start.sh), in a namespace of its own; the streams go through nginx
 * to either query-api, and the sales are appended to its MongoDB event store from here (the
 * outbox relay publishes them to Kafka, the projectors process applies them).
 * Needs the Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, default 127.0.0.1:9099; one
 * is started when none answers).
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { EventSource } from 'eventsource';
import { SHIPMENT_TIMERS, streamIdOf, type NotificationView } from '@rewear/contracts';
import {
  createFirebaseIdentityVerifier,
  ensureAuthEmulator,
  loadConfig,
  startProjections,
  type EventStore,
  type ReadSide,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { createProjectors } from '@rewear/projectors';
import { createNotificationFeed, createQueryApi, readNotifications } from '@rewear/query-api';
import { createServerApp, notificationChanges } from '@rewear/server';
import { engineEnvFrom, freePort, startTopology } from '../distributed/topology.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '400' },
    users: { type: 'string', default: '20' },
    'interval-ms': { type: 'string', default: '50' },
    'poll-ms': { type: 'string', default: '200' },
    'no-mark': { type: 'boolean', default: false },
    distributed: { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const USERS = Number(values.users);
const INTERVAL_MS = Number(values['interval-ms']);
const POLL_MS = Number(values['poll-ms']);
const PROJECT_ID = 'demo-marketplace';

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || '127.0.0.1:9099';
const [emulatorName, emulatorPort] = emulatorHost.split(':');
process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
const emulator = await ensureAuthEmulator({
  host: emulatorName,
  port: Number(emulatorPort),
  projectId: PROJECT_ID,
});

/** A user on the emulator: uid and ID token. */
async function signUp(n: number): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `alert-lag-${n}-${randomUUID().slice(0, 8)}@example.com`,
        password: 'correct horse battery staple',
        returnSecureToken: true,
      }),
    },
  );
  const json = (await response.json()) as { localId: string; idToken: string };
  return { uid: json.localId, idToken: json.idToken };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Setup {
  /** The storefront's address (the one-process app, or the distributed topology's router). */
  base: string;
  eventStore: EventStore;
  /** The read side the feed reads, when it runs in this process (embedded only). */
  readSide: ReadSide | null;
  counts: () => { polls: number; listReads: number } | null;
  describe: string;
  close(): Promise<void>;
}

async function embedded(): Promise<Setup> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rewear-alert-lag-'));
  const platform = await createPlatform(loadConfig({ DATA_DIR: dataDir }));
  const runtime = await startProjections({
    platform,
    projectors: createProjectors().all,
    log: { info() {}, warn: console.warn, error: console.error },
  });
  // As the server runs it: the lists are read only when the notification projectors wrote.
  const mark = notificationChanges(platform.readModels);
  let polls = 0;
  let listReads = 0;
  const live = createNotificationFeed(runtime.readSide, {
    pollMs: POLL_MS,
    changes: values['no-mark']
      ? undefined
      : () => {
          polls += 1;
          return mark();
        },
    read: (readSide, uid) => {
      listReads += 1;
      return readNotifications(readSide, uid);
    },
  });
  const queryApi = createQueryApi({
    readSide: runtime.readSide,
    progress: runtime,
    live,
    identity: createFirebaseIdentityVerifier({ projectId: PROJECT_ID }),
  });
  const server = http.createServer(createServerApp({ queryApi }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    eventStore: platform.eventStore,
    readSide: runtime.readSide,
    counts: () => ({ polls, listReads }),
    describe: 'embedded engines, one process (projector runtime and query-api)',
    async close() {
      live.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await runtime.stop();
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function distributed(): Promise<Setup> {
  const engines = engineEnvFrom(process.env);
  const namespace = `lag${Date.now().toString(36)}`;
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'rewear-alert-lag-distributed-'));
  const topology = await startTopology({
    engines,
    port: await freePort(),
    namespace,
    workDir,
    seedListings: 50,
    env: { LIVE_NOTIFICATIONS_POLL_MS: String(POLL_MS), FIREBASE_AUTH_EMULATOR_HOST: emulatorHost },
    log: (line) => console.log(line),
  });
  // This process appends to the topology's event store, as a command-api replica does.
  const platform = await createPlatform(
    loadConfig({
      ...process.env,
      ...engines,
      MONGODB_DATABASE: namespace,
      REWEAR_NAMESPACE: namespace,
      DATA_DIR: path.join(workDir, 'bench'),
    }),
    { namespace },
  );
  return {
    base: topology.url,
    eventStore: platform.eventStore,
    readSide: null,
    counts: () => null,
    describe: `distributed topology (MongoDB event store on FerretDB, outbox relay, Kafka, projectors process, 2 query-api behind nginx)`,
    async close() {
      await platform.close();
      await topology.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

const setup = values.distributed ? await distributed() : await embedded();
const base = setup.base;

const sellers = await Promise.all(Array.from({ length: USERS }, (_, n) => signUp(n)));
const buyer = await signUp(USERS);

/** When each sale's notification arrived, by shipment id. */
const arrived = new Map<string, number>();
const sources = await Promise.all(
  sellers.map(
    (seller) =>
      new Promise<EventSource>((resolve, reject) => {
        const source = new EventSource(`${base}/api/notifications/stream`, {
          fetch: (url, init) =>
            fetch(url, {
              ...init,
              headers: { ...init.headers, Authorization: `Bearer ${seller.idToken}` },
            }),
        });
        source.addEventListener('notification', (event) => {
          const received = performance.now();
          const n = JSON.parse(event.data) as NotificationView;
          arrived.set(n.id.replace(/^shipment-/, '').replace(/:1$/, ''), received);
        });
        source.addEventListener('ready', () => resolve(source));
        source.addEventListener('error', (event) =>
          reject(new Error(`stream refused: ${event.code ?? event.message}`)),
        );
      }),
  ),
);

const appendedAt = new Map<string, number>();
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const runStarted = performance.now();
for (let i = 0; i < EVENTS; i++) {
  const shipmentId = `lag-${i}-${randomUUID().slice(0, 8)}`;
  const seller = sellers[Math.floor(Math.random() * sellers.length)]!;
  const started = performance.now();
  appendedAt.set(shipmentId, started);
  await setup.eventStore.append(
    streamIdOf('shipment', shipmentId),
    [
      {
        type: 'ShipmentOpened',
        data: {
          shipmentId,
          orderId: `order-${shipmentId}`,
          sellerId: seller.uid,
          buyerId: buyer.uid,
          items: [
            {
              productId: 'p-1',
              title: 'Denim jacket',
              image: '',
              quantity: 1,
              unitPriceCents: 4500,
            },
          ],
          amountCents: 4500,
          currency: 'usd',
          shipping: {
            name: 'Ada',
            address: '1 Main St',
            city: 'Springfield',
            state: 'IL',
            zip: '62701',
            email: 'ada@example.com',
          },
          paymentIntentId: `pi_${shipmentId}`,
          openedAt: iso(0),
          shipBy: iso(SHIPMENT_TIMERS.shipWithinMs),
        },
      },
    ],
    { expectedVersion: 0, actor: null, correlationId: randomUUID() },
  );
  // Spread over time as sales are, with jitter so the appends do not beat with the polls.
  const pause = INTERVAL_MS * (0.5 + Math.random());
  await new Promise((resolve) => setTimeout(resolve, pause));
}
const deadline = Date.now() + 10_000;
while (arrived.size < EVENTS && Date.now() < deadline)
  await new Promise((resolve) => setTimeout(resolve, 50));
const runSeconds = (performance.now() - runStarted) / 1000;

// In the order appended: a lag that grows from the first tenth to the last is a backlog (the
// appends outpace the projections), not the stream.
const inOrder = [...appendedAt]
  .filter(([id]) => arrived.has(id))
  .map(([id, at]) => arrived.get(id)! - at);
const tenth = Math.max(1, Math.floor(inOrder.length / 10));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const lags = [...appendedAt]
  .filter(([id]) => arrived.has(id))
  .map(([id, at]) => arrived.get(id)! - at)
  .sort((a, b) => a - b);

// What one poll costs: every connected user's list read once, as the feed does.
const pollCosts: number[] = [];
if (setup.readSide) {
  const readSide = setup.readSide;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await Promise.all(sellers.map((seller) => readNotifications(readSide, seller.uid)));
    pollCosts.push(performance.now() - started);
  }
  pollCosts.sort((a, b) => a - b);
}
const counts = setup.counts();

for (const source of sources) source.close();
await setup.close();
await emulator.stop();

const f = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(
  `\nRewear alert lag (event appended → notification on an open stream), ${setup.describe}, ${os.cpus().length} cores, Node ${process.version}`,
);
console.log(
  `${EVENTS} sales over ${runSeconds.toFixed(1)} s to ${USERS} sellers with a stream open each; feed polls every ${POLL_MS} ms`,
);
console.log(`received      ${lags.length} of ${EVENTS}`);
if (lags.length) {
  console.log(`p50           ${f(percentile(lags, 50))}`);
  console.log(`p90           ${f(percentile(lags, 90))}`);
  console.log(`p99           ${f(percentile(lags, 99))}`);
  console.log(`max           ${f(lags.at(-1)!)}`);
  console.log(
    `p50 of the first tenth ${f(median(inOrder.slice(0, tenth)))}, of the last tenth ${f(median(inOrder.slice(-tenth)))}`,
  );
}
if (pollCosts.length)
  console.log(
    `one poll      p50 ${f(percentile(pollCosts, 50))}, max ${f(pollCosts.at(-1)!)} to read ${USERS} users' lists (${Math.round(EVENTS / USERS)} sales each)`,
  );
if (counts)
  console.log(
    values['no-mark']
      ? `list reads    ${counts.listReads} (every poll reads every connected user's list)`
      : `list reads    ${counts.listReads} in ${counts.polls} polls (a poll reads the lists only when the notification projectors' checkpoints moved)`,
  );
if (lags.length < EVENTS) process.exitCode = 1;
