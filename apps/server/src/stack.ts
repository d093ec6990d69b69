/**
 * Starts the storefront's pieces from configuration. Role 'all' is the embedded one-process
 * server (`npm start`); 'command-api', 'query-api' and 'projectors' run one piece each for the
 * distributed topology (docker compose), all reading the same configuration.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  collectLiveStreams,
  collectOutbox,
  collectProjections,
  configuredOpsToken,
  countingAppends,
  createMetrics,
  createOpsRouter,
  createRateLimiter,
  timingSearches,
  followProjections,
  ProjectionRuntime,
  startProjections,
  type Config,
  type EventStore,
  type IdentityVerifier,
  type Metrics,
  type Platform,
  type ProjectionProgress,
  type ReadSide,
  authEmulatorAnswers,
  ensureAuthEmulator,
  type RunningAuthEmulator,
  createFirebaseIdentityVerifier,
  loggerFor,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { openMongoIdempotencyStore, openMongoRateCounter } from '@rewear/mongodb';
import { createSqliteIdempotencyStore } from '@rewear/sqlite';
import {
  commandRoutes,
  createCommandApi,
  createReservationSweeper,
  createShipmentSweeper,
  createOfferSweeper,
  createHolidaySweeper,
  createSuspensionSweeper,
  createSimulatedProcessorRouter,
  paymentGatewayFromConfig,
  paymentRoutes,
  seedIfEmpty,
  type CommandApi,
} from '@rewear/command-api';
import {
  createNotificationFeed,
  createOpsReadRouter,
  createQueryApi,
  opsReadRoutes,
  queryRoutes,
  type NotificationFeed,
} from '@rewear/query-api';
import { createProjectors } from '@rewear/projectors';
import { SEED_BRANDS } from '@rewear/seed';
import { brandSlug } from '@rewear/images';
import { createServerApp, type ServerParts } from './app.ts';
import { clientConfigFrom } from './client-config.ts';
import { securityOptionsFrom } from './security-headers.ts';
import { createCheckpointProgress } from './checkpoint-progress.ts';
import { notificationChanges } from './notification-changes.ts';
import { readSideFingerprint } from './read-side-fingerprint.ts';

export type Role = 'all' | 'command-api' | 'query-api' | 'projectors';
export const ROLES: readonly Role[] = ['all', 'command-api', 'query-api', 'projectors'];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const DEFAULT_CLIENT_DIST = path.join(repoRoot, 'apps/client/dist');

export interface StackOptions {
  role?: Role;
  /** Serve the built client (role 'all' and 'query-api' only). Default: apps/client/dist. Null: not served. */
  clientDist?: string | null;
  /** Listen on this port instead of config.port (0: any free port). */
  port?: number;
  host?: string;
  log?: (line: string) => void;
  /** Progress of the first-start seed. */
  onSeedProgress?: (line: string) => void;
}

export interface RunningStack {
  role: Role;
  url: string | null;
  config: Config;
  /** This stack's metrics (served at GET /metrics); null with METRICS=off. */
  metrics: Metrics | null;
  /** True once projections caught up at boot (and the identity emulator answers). */
  ready(): boolean;
  close(): Promise<void>;
}

const megabytes = (bytes: number) => (bytes / 1e6).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const brandNames = new Map(SEED_BRANDS.map((b) => [brandSlug(b.name), b.name]));

/**
 * Decides where tokens are verified: an emulator named by FIREBASE_AUTH_EMULATOR_HOST is used as
 * is; a `demo-` project without one gets the emulator started here; any other project is real
 * Firebase Authentication.
 */
async function identityFor(
  config: Config,
  log: (line: string) => void,
): Promise<{ config: Config; emulator: RunningAuthEmulator | null }> {
  if (config.firebaseAuthEmulatorHost) return { config, emulator: null };
  if (!config.firebaseProjectId.startsWith('demo-')) return { config, emulator: null };
  log('[server] starting the Firebase Auth emulator (first start can take a minute)');
  const emulator = await ensureAuthEmulator({ projectId: config.firebaseProjectId, log });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return { config: { ...config, firebaseAuthEmulatorHost: emulator.host }, emulator };
}

/**
 * Timeouts against slow and odd clients: a request (headers and body) must arrive within
 * `requestTimeoutMs` (408 and the connection closed otherwise), its headers within the shorter
 * of that and 10 s. Node checks them every `connectionsCheckingInterval`, so that is kept well
 * under the timeout. An idle kept-alive connection stays open 65 s, longer than a load
 * balancer's usual 60 s, so the balancer closes it first and never reuses one being closed.
 */
export function serverTimeouts(config: Pick<Config, 'requestTimeoutMs'>): http.ServerOptions {
  const requestTimeout = config.requestTimeoutMs;
  return {
    requestTimeout,
    headersTimeout: requestTimeout > 0 ? Math.min(10_000, requestTimeout) : 10_000,
    keepAliveTimeout: 65_000,
    connectionsCheckingInterval: Math.max(
      100,
      Math.min(1_000, Math.floor((requestTimeout || 10_000) / 4)),
    ),
  };
}

function listen(server: http.Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as { port: number };
      resolve(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`);
    });
  });
}

type ServerApp = ReturnType<typeof createServerApp>;
type Router = NonNullable<ServerParts['routers']>[number];

/** Shutdown steps, run last pushed first: at stop, and when a later step of the start fails. */
type Closers = Array<() => Promise<unknown> | unknown>;

/** What every step of the start shares: the role, the log, and where it leaves its shutdown. */
interface Start {
  role: Role;
  log: (line: string) => void;
  closers: Closers;
}

const commandSide = (role: Role) => role === 'all' || role === 'command-api';
const querySide = (role: Role) => role === 'all' || role === 'query-api';

/**
 * Where ID tokens are verified (the Auth emulator started when the project asks for one), and
 * the emulator whose answers readiness waits for (none in the projectors process).
 */
async function startIdentity(
  { role, log, closers }: Start,
  baseConfig: Config,
): Promise<{ config: Config; identity: IdentityVerifier; emulatorHost: string | null }> {
  const needsIdentity = role !== 'projectors';
  const { config, emulator } = needsIdentity
    ? await identityFor(baseConfig, log)
    : { config: baseConfig, emulator: null };
  if (emulator?.started) closers.push(() => emulator.stop());
  // The projectors process verifies ID tokens too: people signed in to the operator console
  // call its /api/ops endpoints (the emulator, when one is used, is started by the others).
  const identity: IdentityVerifier = createFirebaseIdentityVerifier({
    projectId: config.firebaseProjectId,
  });
  return {
    config,
    identity,
    emulatorHost: needsIdentity ? config.firebaseAuthEmulatorHost : null,
  };
}

/** The engines configuration picks, and this stack's metrics of them. */
async function openEngines(
  { role, log, closers }: Start,
  config: Config,
): Promise<{ platform: Platform; metrics: Metrics | null; eventStore: EventStore }> {
  const platform = await createPlatform(config, {
    namespace: config.namespace ?? undefined,
    // The whole read side in this process: it is snapshotted at stop and restored at boot.
    readSideSnapshot: role === 'all' ? { fingerprint: readSideFingerprint() } : undefined,
  });
  closers.push(() => platform.close());
  // One registry per stack: stacks sharing a process (the suites) keep their metrics apart.
  const metrics = config.metrics ? createMetrics() : null;
  // What the command side appends is counted by event type (the projections read the store
  // itself).
  const eventStore = metrics ? countingAppends(platform.eventStore, metrics) : platform.eventStore;
  if (metrics) collectOutbox(metrics, platform.eventStore);
  log(
    `[server] role ${role}: event store ${platform.engines.eventStore}, bus ${platform.engines.bus}, read models ${platform.engines.readModels}, search ${platform.engines.search}`,
  );
  const restored = platform.snapshot?.restored;
  if (restored?.restored)
    log(
      `[server] read models and search index restored from the snapshot of the last stop (${megabytes(restored.bytes)} MB in ${seconds(restored.durationMs)} s); the events after it are replayed`,
    );
  else if (restored) log(`[server] read side rebuilt by replaying the log: ${restored.reason}`);
  return { platform, metrics, eventStore };
}

/** First start of an empty store: the catalogue is seeded before the projections replay it. */
async function seedFirstStart(
  { role, log }: Start,
  platform: Platform,
  config: Config,
  onSeedProgress: StackOptions['onSeedProgress'],
): Promise<void> {
  if (!commandSide(role) || !config.seedOnFirstStart) return;
  const started = Date.now();
  const result = await seedIfEmpty(platform, {
    listings: config.seedListings,
    onProgress: (p) => onSeedProgress?.(`[seed] ${p.phase} ${p.done}/${p.total}`),
  });
  if (result)
    log(
      `[server] seeded ${result.listings} listings (${result.events} events) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
}

interface RunningReadSide {
  /** The projections run here (roles 'all' and 'projectors'). */
  runtime: ProjectionRuntime | null;
  readSide: ReadSide | null;
  progress: ProjectionProgress | null;
  /** The projections reached the head of the log (always, where none are read or run). */
  caughtUp(): boolean;
}

/**
 * The read side: the projections run here (catching up in the background), or followed as the
 * projectors process writes them (query-api, and command-api where they are shared in MongoDB),
 * or none (command-api on memory read models, which another process cannot see).
 */
async function startReadSide(
  { role, log, closers }: Start,
  platform: Platform,
  metrics: Metrics | null,
): Promise<RunningReadSide> {
  let caughtUp = false;
  const projectors = createProjectors().all;
  if (role === 'all' || role === 'projectors') {
    const started = Date.now();
    const runtime = await startProjections({ platform, projectors });
    if (metrics) collectProjections(metrics, runtime, platform);
    const snapshot = platform.snapshot;
    if (snapshot)
      // Runs after the projections stopped (closers run last pushed first); not before they
      // caught up, when checkpoints may trail what was applied.
      closers.push(async () => {
        if (!caughtUp) return;
        for (const projector of projectors) await projector.flush?.();
        const written = await snapshot.write();
        log(
          `[server] read side snapshot written: ${megabytes(written.bytes)} MB, ${written.parts} parts in ${seconds(written.durationMs)} s`,
        );
      });
    closers.push(() => runtime.stop());
    void runtime
      .catchUp(30 * 60_000)
      .then(async (ok) => {
        // Deferred work too (the algorithmic collections): ready means the home page is whole.
        if (ok) for (const projector of projectors) await projector.flush?.();
        caughtUp = ok;
        if (ok)
          log(`[server] projections caught up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        else log('[server] projections did not catch up in 30 minutes');
      })
      .catch((err: unknown) =>
        log(`[server] projections failed to catch up: ${(err as Error).message}`),
      );
    return { runtime, readSide: runtime.readSide, progress: runtime, caughtUp: () => caughtUp };
  }
  if (role === 'query-api') {
    // Reads what the projectors process writes; never applies events itself.
    const reader = await followProjections({ platform, projectors });
    closers.push(() => reader.stop());
    const checkpointProgress = createCheckpointProgress(
      platform.readModels,
      reader.projectorNames,
      50,
      {
        eventStore: platform.eventStore,
        bus: platform.bus,
      },
    );
    // Ready once the projectors have reached the head of the log as it was at some poll (on
    // Kafka: on every partition, as a consistency token is checked); later lag is not a 503.
    const poll = setInterval(() => {
      void platform.eventStore
        .headPosition()
        .then((head) => checkpointProgress.waitFor(head, 0))
        .then((reached) => {
          caughtUp ||= reached;
          if (caughtUp) clearInterval(poll);
        })
        .catch(() => {});
    }, 1000);
    closers.push(() => clearInterval(poll));
    return {
      runtime: null,
      readSide: reader.readSide,
      progress: checkpointProgress,
      caughtUp: () => caughtUp,
    };
  }
  if (role === 'command-api' && platform.engines.readModels === 'mongodb') {
    // Reads what the projectors write, for the few commands that check the read side first
    // (deleting an account refuses while an order or sale is open); never waited for.
    const reader = await followProjections({ platform, projectors });
    closers.push(() => reader.stop());
    return { runtime: null, readSide: reader.readSide, progress: null, caughtUp: () => true };
  }
  return { runtime: null, readSide: null, progress: null, caughtUp: () => true };
}

/**
 * What /api/health still waits for: the projections, and the identity service, which must
 * answer before the storefront calls itself ready (checked every 5 s).
 */
async function watchReadiness(
  { closers }: Start,
  config: Config,
  emulatorHost: string | null,
  caughtUp: () => boolean,
): Promise<{ waitingFor: () => string[]; ready: () => boolean }> {
  let identityUp = !emulatorHost;
  if (emulatorHost) {
    const [host, port] = emulatorHost.split(':');
    const check = async () => {
      identityUp = await authEmulatorAnswers(host!, Number(port), config.firebaseProjectId);
    };
    await check();
    const timer = setInterval(() => void check(), 5000);
    timer.unref();
    closers.push(() => clearInterval(timer));
  }
  /** What /api/health still waits for, in words; empty once ready. */
  const waitingFor = () => [
    ...(caughtUp() ? [] : ['the projections to catch up with the event store']),
    ...(identityUp ? [] : [`the Firebase Auth emulator at ${emulatorHost}`]),
  ];
  return { waitingFor, ready: () => waitingFor().length === 0 };
}

interface Apis {
  config: Config;
  identity: IdentityVerifier;
  platform: Platform;
  metrics: Metrics | null;
  /** The event store the command side appends to (counted in the metrics). */
  eventStore: EventStore;
  read: RunningReadSide;
  waitingFor: () => string[];
  clientDist: StackOptions['clientDist'];
}

/**
 * The command side of this role: payments, Idempotency-Key records, rate limits, the API and
 * its sweepers; with the simulated card processor's router when it is the one used.
 */
async function startCommandApi(
  { log, closers }: Start,
  { config, identity, platform, metrics, eventStore, read }: Apis,
): Promise<{ commandApi: CommandApi; routers: Router[] }> {
  const routers: Router[] = [];
  let commandApi: CommandApi | null = null;
  const payments = paymentGatewayFromConfig(config, async ({ rawBody, signature }) => {
    await commandApi!.handlePaymentWebhook(rawBody, signature);
  });
  if (payments.simulated) {
    closers.push(() => payments.simulated.close());
    routers.push(createSimulatedProcessorRouter(payments.simulated));
  }
  // Replicas of the distributed topology share their Idempotency-Key records in MongoDB.
  const idempotency = config.mongodbUri
    ? await openMongoIdempotencyStore({
        uri: config.mongodbUri,
        database: config.mongodbDatabase,
      })
    : createSqliteIdempotencyStore(path.join(config.dataDir, 'idempotency.sqlite'));
  closers.push(() => idempotency.close());
  // Rate limits: counted in memory, or in MongoDB shared by the replicas.
  const rateCounter = config.mongodbUri
    ? await openMongoRateCounter({ uri: config.mongodbUri, database: config.mongodbDatabase })
    : undefined;
  if (rateCounter) closers.push(() => rateCounter.close());
  commandApi = createCommandApi({
    eventStore,
    identity,
    payments: payments.gateway,
    photos: platform.photos,
    config,
    readSide: read.readSide,
    personalData: platform.personalData,
    idempotency,
    rateLimiter: createRateLimiter(config.rateLimits, {
      counter: rateCounter,
      onRefused: metrics ? (limits) => metrics.rateLimited(limits) : undefined,
    }),
    metrics,
  });
  // The timers, each sweeping at its own interval (reservations and suspensions 30 s;
  // shipments, offers, holidays 60 s).
  const sweepers = [
    createReservationSweeper({ eventStore, payments: payments.gateway }),
    createShipmentSweeper({ eventStore, payments: payments.gateway }),
    createOfferSweeper({ eventStore }),
    createHolidaySweeper({ eventStore }),
    createSuspensionSweeper({ eventStore }),
  ];
  for (const sweeper of sweepers) closers.push(sweeper.start());
  log(`[server] payments: ${payments.kind === 'stripe' ? 'Stripe' : 'simulated card processor'}`);
  return { commandApi, routers };
}

/**
 * The APIs this role serves in one app: command-api, query-api with its live notifications,
 * the operator endpoints where the read models are kept, the client where it is served.
 */
async function mountApis(
  start: Start,
  apis: Apis,
): Promise<{ app: ServerApp; live: NotificationFeed | null }> {
  const { role, log } = start;
  const { config, identity, platform, metrics, eventStore, read, waitingFor } = apis;
  const { commandApi, routers } = commandSide(role)
    ? await startCommandApi(start, apis)
    : { commandApi: null, routers: [] as Router[] };
  const { readSide, progress, runtime } = read;
  const live =
    querySide(role) && readSide
      ? createNotificationFeed(readSide, {
          pollMs: config.liveNotificationsPollMs,
          changes: notificationChanges(platform.readModels),
          onError: (err) =>
            log(`[server] live notifications: a poll failed: ${(err as Error).message}`),
        })
      : null;
  if (live && metrics) collectLiveStreams(metrics, live);
  const queryApi =
    live && readSide && progress
      ? createQueryApi({
          // Its searches are timed by engine.
          readSide: metrics ? timingSearches(readSide, metrics, platform.engines.search) : readSide,
          progress,
          live,
          identity,
          photos: platform.photos,
          config: { clientConfig: clientConfigFrom(config), waitingFor },
        })
      : null;
  // The operator endpoints, where the read models are kept (the router sends /api/ops here).
  if (runtime)
    routers.push(
      createOpsRouter(runtime, eventStore, { identity }),
      createOpsReadRouter(runtime.readSide, { identity }),
    );

  const app = createServerApp({
    // query-api answers /api/health itself; the other services answer it here, for the
    // orchestrator and the router's checks.
    health: queryApi ? null : waitingFor,
    queryApi,
    commandApi,
    routers,
    routeDocs: [...commandRoutes, ...paymentRoutes, ...queryRoutes, ...opsReadRoutes],
    clientDist: querySide(role)
      ? apis.clientDist === undefined
        ? DEFAULT_CLIENT_DIST
        : apis.clientDist
      : null,
    brandName: (slug) => brandNames.get(slug) ?? null,
    security: securityOptionsFrom(config),
    metrics,
    opsToken: configuredOpsToken(),
  });
  return { app, live };
}

/** Listens with the timeouts against slow clients; its URL. */
async function serve(
  { closers }: Start,
  app: ServerApp,
  config: Config,
  options: Pick<StackOptions, 'port' | 'host'>,
): Promise<string> {
  // createServerApp logs the server's errors, not those of clients that went away.
  const server = http.createServer(serverTimeouts(config), app.callback());
  const url = await listen(
    server,
    options.port ?? config.port,
    options.host ?? process.env.HOST ?? '0.0.0.0',
  );
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  );
  return url;
}

export async function startStack(
  baseConfig: Config,
  options: StackOptions = {},
): Promise<RunningStack> {
  const role = options.role ?? 'all';
  // The lines keep their `[server]` prefix: the text reads as before in a terminal.
  const log = options.log ?? ((line: string) => loggerFor('server').info(line));
  const closers: Closers = [];
  const closeAll = async () => {
    while (closers.length) {
      try {
        await closers.pop()!();
      } catch (err) {
        loggerFor('server').error({ err }, '[server] shutdown step failed');
      }
    }
  };
  const start: Start = { role, log, closers };

  try {
    const { config, identity, emulatorHost } = await startIdentity(start, baseConfig);
    const { platform, metrics, eventStore } = await openEngines(start, config);
    await seedFirstStart(start, platform, config, options.onSeedProgress);
    const read = await startReadSide(start, platform, metrics);
    const { waitingFor, ready } = await watchReadiness(start, config, emulatorHost, read.caughtUp);
    const { app, live } = await mountApis(start, {
      config,
      identity,
      platform,
      metrics,
      eventStore,
      read,
      waitingFor,
      clientDist: options.clientDist,
    });
    const url = await serve(start, app, config, options);
    // Open notification streams would hold the server open: they end first.
    if (live) closers.push(() => live.close());
    log(`[server] ${role} listening on ${url}`);
    return { role, url, config, metrics, ready, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
