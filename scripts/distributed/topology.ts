/**
 * The distributed topology as separate processes on this machine, as docker-compose.yml runs it
 * in containers: command-api and query-api replicated, the projectors, and nginx in front, on the
 * real engines (Kafka, the MongoDB-compatible server, Meilisearch, the Firebase Auth emulator).
 * Each service is the same entry point as in the containers (`apps/server/src/main.ts
 * --role ...`) and can be killed and started again, which the fault tests do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAuthEmulator, type RunningAuthEmulator } from '@rewear/platform';
import { writeRouterConfig } from './router.ts';
import { securityHeaders, securityOptionsFrom } from '@rewear/server';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = 'apps/server/src/main.ts';

export type ServiceRole = 'command-api' | 'query-api' | 'projectors' | 'router';

/** The engines the services use; the same variables as the containers'. */
export interface EngineEnv {
  KAFKA_BROKERS: string;
  MONGODB_URI: string;
  MEILI_URL: string;
  MEILI_MASTER_KEY: string;
}

/** Reads the engines from the environment, or says which variable is missing. */
export function engineEnvFrom(env: NodeJS.ProcessEnv): EngineEnv {
  const names = ['KAFKA_BROKERS', 'MONGODB_URI', 'MEILI_URL', 'MEILI_MASTER_KEY'] as const;
  const missing = names.filter((name) => !env[name]?.trim());
  if (missing.length)
    throw new Error(
      `The distributed topology needs ${missing.join(', ')}: start the engines with \`bash scripts/engines/start.sh\` and export what it prints`,
    );
  return Object.fromEntries(names.map((name) => [name, env[name]!.trim()])) as unknown as EngineEnv;
}

export interface TopologyOptions {
  engines: EngineEnv;
  /** The router's port (the storefront's address). */
  port: number;
  host?: string;
  /**
   * Keeps this deployment's data apart on shared engines: the MongoDB database, the Kafka topics'
   * and the Meilisearch indexes' prefix.
   */
  namespace: string;
  /** Folder for the services' data (the simulated card processor), logs and nginx's files. */
  workDir: string;
  replicas?: { commandApi?: number; queryApi?: number };
  seedListings?: number;
  /** Extra environment for every service (OPS_TOKEN, RESERVATION_TTL_MS, ...). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  readyTimeoutMs?: number;
}

export interface Service {
  name: string;
  role: ServiceRole;
  url: string;
  pid(): number | null;
  running(): boolean;
  start(): void;
  /** Sends a signal to the service (SIGKILL: a crash). */
  kill(signal?: NodeJS.Signals): void;
  /** Resolves when the process has exited. */
  exited(): Promise<void>;
  /** Stops it: SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Waits until GET /api/health (the router: /healthz) answers 200. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** The last lines it printed. */
  output(): string;
}

export interface Topology {
  url: string;
  namespace: string;
  services: Service[];
  service(name: string): Service;
  stop(): Promise<void>;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET `url`: whether it answered 200, and what it said otherwise (for the error). */
async function probe(url: string): Promise<{ ok: boolean; said: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    const text = await response.text();
    return { ok: response.ok, said: `${response.status} ${text.slice(0, 300)}` };
  } catch (err) {
    return { ok: false, said: (err as Error).message };
  }
}

interface ServiceSpec {
  name: string;
  role: ServiceRole;
  port: number;
  host: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  healthPath: string;
}

function createService(spec: ServiceSpec): Service {
  let child: ChildProcess | null = null;
  let exit: Promise<void> = Promise.resolve();
  let tail = '';
  let logStream: WriteStream | null = null;
  const url = `http://${spec.host}:${spec.port}`;

  const service: Service = {
    name: spec.name,
    role: spec.role,
    url,
    pid: () => child?.pid ?? null,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    start() {
      if (service.running()) return;
      logStream ??= createWriteStream(spec.logFile, { flags: 'a' });
      logStream.write(`\n--- ${new Date().toISOString()} starting ${spec.name}\n`);
      const started = spawn(spec.command, spec.args, {
        cwd: REPO_ROOT,
        env: spec.env,
        // Its own process group: a signal reaches what it starts too.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const collect = (chunk: Buffer) => {
        const text = chunk.toString();
        tail = (tail + text).slice(-20_000);
        logStream?.write(text);
      };
      started.stdout!.on('data', collect);
      started.stderr!.on('data', collect);
      exit = new Promise((resolve) => started.once('exit', () => resolve()));
      child = started;
    },
    kill(signal = 'SIGTERM') {
      if (!service.running()) return;
      try {
        process.kill(-child!.pid!, signal);
      } catch {
        // already gone
      }
    },
    exited: () => exit,
    async stop(graceMs = 20_000) {
      if (!service.running()) return;
      service.kill(spec.role === 'router' ? 'SIGQUIT' : 'SIGTERM');
      const stopped = await Promise.race([exit.then(() => true), sleep(graceMs).then(() => false)]);
      if (!stopped) {
        service.kill('SIGKILL');
        await exit;
      }
    },
    async waitHealthy(timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      let said = '';
      while (Date.now() < deadline) {
        if (!service.running())
          throw new Error(`${spec.name} exited before it was healthy:\n${tail.slice(-4000)}`);
        const health = await probe(`${url}${spec.healthPath}`);
        if (health.ok) return;
        said = health.said;
        await sleep(250);
      }
      throw new Error(
        `${spec.name} was not healthy at ${url}${spec.healthPath} within ${timeoutMs / 1000} s (last answer: ${said}):\n${tail.slice(-4000)}`,
      );
    },
    output: () => tail,
  };
  return service;
}

/** Finds Debian's nginx (scripts/engines/install-nginx.sh installs it). */
function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx'])
    if (existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed: run `bash scripts/engines/install-nginx.sh` (as root)');
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const replicas = {
    commandApi: options.replicas?.commandApi ?? 2,
    queryApi: options.replicas?.queryApi ?? 2,
  };
  const logs = path.join(options.workDir, 'logs');
  mkdirSync(logs, { recursive: true });

  let emulator: RunningAuthEmulator | null = null;
  const services: Service[] = [];
  const stop = async () => {
    // The router first (no new requests), then the APIs, the projectors last.
    const order: ServiceRole[] = ['router', 'query-api', 'command-api', 'projectors'];
    for (const role of order)
      await Promise.all(services.filter((s) => s.role === role).map((s) => s.stop()));
    if (emulator?.started) await emulator.stop();
  };

  try {
    const projectId = options.env?.FIREBASE_PROJECT_ID ?? 'demo-marketplace';
    const emulatorHost =
      options.env?.FIREBASE_AUTH_EMULATOR_HOST ?? process.env.FIREBASE_AUTH_EMULATOR_HOST;
    if (!emulatorHost) {
      log('[topology] starting the Firebase Auth emulator');
      emulator = await ensureAuthEmulator({ projectId });
    }
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.engines,
      MONGODB_DATABASE: options.namespace,
      REWEAR_NAMESPACE: options.namespace,
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost ?? emulator!.host,
      TRUST_PROXY: 'true',
      HOST: host,
      SEED_ON_FIRST_START: 'false',
      SEED_LISTINGS: String(options.seedListings ?? 2000),
      ...options.env,
    };
    // The replicas of command-api share one folder, as they share a volume in the compose file:
    // the simulated card processor's intents are confirmed by whichever replica the router picks.
    const commandData = path.join(options.workDir, 'command-api');

    const node = (
      name: string,
      role: Exclude<ServiceRole, 'router'>,
      port: number,
      env: NodeJS.ProcessEnv,
    ) =>
      createService({
        name,
        role,
        port,
        host,
        command: process.execPath,
        args: ['--import', 'tsx', SERVER_ENTRY, '--role', role],
        env: { ...baseEnv, PORT: String(port), ...env },
        logFile: path.join(logs, `${name}.log`),
        healthPath: '/api/health',
      });

    const commandApis: Service[] = [];
    for (let i = 1; i <= replicas.commandApi; i++)
      commandApis.push(
        node(`command-api-${i}`, 'command-api', await freePort(host), {
          DATA_DIR: commandData,
          // One replica seeds an empty store, before the others start.
          SEED_ON_FIRST_START: i === 1 && options.seedListings !== 0 ? 'true' : 'false',
        }),
      );
    const queryApis: Service[] = [];
    for (let i = 1; i <= replicas.queryApi; i++)
      queryApis.push(
        node(`query-api-${i}`, 'query-api', await freePort(host), {
          DATA_DIR: path.join(options.workDir, `query-api-${i}`),
        }),
      );
    const projectors = node('projectors', 'projectors', await freePort(host), {
      DATA_DIR: path.join(options.workDir, 'projectors'),
    });
    services.push(...commandApis, ...queryApis, projectors);

    log(`[topology] starting ${commandApis[0]!.name} (seeds an empty store) and the projectors`);
    commandApis[0]!.start();
    projectors.start();
    await commandApis[0]!.waitHealthy(options.readyTimeoutMs);
    for (const service of [...commandApis.slice(1), ...queryApis]) service.start();
    await Promise.all(
      [...commandApis, ...queryApis].map((s) => s.waitHealthy(options.readyTimeoutMs)),
    );
    await projectors.waitHealthy(options.readyTimeoutMs);

    const routerDir = path.join(options.workDir, 'router');
    const config = writeRouterConfig(REPO_ROOT, {
      dir: routerDir,
      listen: { host, port: options.port },
      clientDist: path.join(REPO_ROOT, 'apps/client/dist'),
      upstreams: {
        query_api: queryApis.map((s) => new URL(s.url).host),
        command_api: commandApis.map((s) => new URL(s.url).host),
        ops_api: [new URL(projectors.url).host],
      },
      // The services' own configuration, so the HTML gets the headers their answers carry.
      securityHeaders: securityHeaders(
        securityOptionsFrom(
          {
            firebaseProjectId: projectId,
            firebaseAuthEmulatorHost: baseEnv.FIREBASE_AUTH_EMULATOR_HOST ?? null,
          },
          baseEnv,
        ),
      ),
    });
    const router = createService({
      name: 'router',
      role: 'router',
      port: options.port,
      host,
      command: nginxBinary(),
      args: ['-e', path.join(routerDir, 'error.log'), '-p', routerDir, '-c', config],
      env: process.env,
      logFile: path.join(logs, 'router.log'),
      healthPath: '/api/health',
    });
    services.push(router);
    router.start();
    await router.waitHealthy(options.readyTimeoutMs);
    const url = router.url;
    log(`[topology] storefront on ${url}: ${services.map((s) => `${s.name} ${s.url}`).join(', ')}`);

    return {
      url,
      namespace: options.namespace,
      services,
      service(name) {
        const found = services.find((s) => s.name === name);
        if (!found)
          throw new Error(`No service ${name}: ${services.map((s) => s.name).join(', ')}`);
        return found;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
