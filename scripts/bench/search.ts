/**
 * Search benchmark, side by side: the same seeded listings in the embedded engine and in a real
 * Meilisearch, the same query mix against both, through the storefront's HTTP API (query-api on
 * each engine) and against each engine directly (the embedded engine in this process;
 * Meilisearch's own search endpoint, sent what the adapter sends).
 *
 *   npm run bench:search -- [--listings 100000] [--concurrency 8] [--requests 3000] [--seconds 20]
 *                           [--data-dir .bench/data-100000] [--meili-url http://127.0.0.1:7700]
 *                           [--meili-pid-file .engines/meilisearch/meilisearch.pid] [--no-pin]
 *                           [--profile dir] [--storefront-only] [--reboot] [--from-snapshot]
 *
 * Meilisearch must be running (`npm run engines:start`, or scripts/engines/start-meilisearch.sh
 * with MEILI_PORT); its key is MEILI_MASTER_KEY (the development key by default). The seeded log
 * is kept in --data-dir and reused by the next run. Processes: this one (the in-process runs),
 * one storefront server per engine, Meilisearch, and the load generator. On two or more cores,
 * everything measured (servers, Meilisearch, this process) is pinned to core 0 and the load
 * generator to core 1 with `taskset`, so the generator never takes the measured side's core.
 * Scenarios run one after another, each against every target in turn (interleaved), so a burst
 * of outside load touches all targets of a scenario alike. --profile writes a CPU profile of each
 * storefront server over each scenario's run to `dir`. --storefront-only measures the storefront on
 * the embedded engine alone (no Meilisearch, no in-process copy): the million-listing run.
 * The embedded storefront's first boot replays the whole log (a snapshot left in --data-dir is
 * removed first, unless --from-snapshot); --reboot then stops it, which writes the snapshot of its
 * read side, and boots it again from that snapshot, which is what the scenarios then measure.
 */
import { execFileSync, fork, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  createEmbeddedSearchEngine,
  ensureAuthEmulator,
  loadConfig,
  READ_SIDE_SNAPSHOT_FILE,
  startProjections,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { createProjectors, PRODUCT_SEARCH_SETTINGS, SEARCH_INDEXES } from '@rewear/projectors';
import { runLoad, type LoadResult } from './load-client.ts';
import { SCENARIOS, SCENARIO_LABELS, scenarioRequests, type Scenario } from './search-queries.ts';
import type { LoadReply, LoadTarget, RunMessage } from './search-load.ts';
import type { ServerCommand, ServerMessage } from './search-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '8' },
    requests: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '20' },
    'data-dir': { type: 'string' },
    'meili-url': {
      type: 'string',
      default: process.env.MEILI_URL ?? `http://127.0.0.1:${process.env.MEILI_PORT ?? 7700}`,
    },
    'meili-pid-file': { type: 'string', default: '.engines/meilisearch/meilisearch.pid' },
    'no-pin': { type: 'boolean', default: false },
    profile: { type: 'string' },
    'storefront-only': { type: 'boolean', default: false },
    reboot: { type: 'boolean', default: false },
    'from-snapshot': { type: 'boolean', default: false },
  },
});
const LISTINGS = Number(values.listings);
const CONCURRENCY = Number(values.concurrency);
const REQUESTS = Number(values.requests);
const MAX_MS = Number(values.seconds) * 1000;
const WARM_UP = 400;
const MEILI_URL = values['meili-url'];
const MEILI_KEY = process.env.MEILI_MASTER_KEY ?? 'rewear-dev-master-key-change-me';
const DATA_DIR = path.resolve(values['data-dir'] ?? path.join(root, `.bench/data-${LISTINGS}`));
const NAMESPACE = `bench${LISTINGS}`;
const STOREFRONT_ONLY = values['storefront-only'];
/** Stop the embedded storefront after its first boot (writing its snapshot) and boot it again. */
const REBOOT = values.reboot;
const SNAPSHOT_FILE = path.join(DATA_DIR, READ_SIDE_SNAPSHOT_FILE);
const PIN = !values['no-pin'] && os.cpus().length >= 2 && commandExists('taskset');
/** Cores of what is measured, and of the load generator. */
const MEASURED_CPU = '0';
const GENERATOR_CPU = '1';

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** Pins every thread of a process to `cpus`. */
function pin(pid: number, cpus: string): void {
  if (PIN) execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const loadLine = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')} (${os.cpus().length} cores)`;

// ------------------------------------------------------------------ the seeded log

function ensureSeeded(): void {
  if (existsSync(path.join(DATA_DIR, 'events.sqlite'))) {
    console.log(`[bench] reusing the seeded log in ${DATA_DIR}`);
    return;
  }
  mkdirSync(DATA_DIR, { recursive: true });
  const started = Date.now();
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed.ts', '--listings', String(LISTINGS)],
    { cwd: root, env: { ...process.env, DATA_DIR }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error('the seed failed');
  console.log(
    `[bench] seeded ${LISTINGS} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The search documents the catalogue projector makes of the log (replayed on a scratch copy). */
async function searchDocuments(): Promise<Array<{ id: string }>> {
  const scratch = `${DATA_DIR}-scratch`;
  rmSync(scratch, { recursive: true, force: true });
  cpSync(DATA_DIR, scratch, { recursive: true });
  const platform = await createPlatform(loadConfig({ DATA_DIR: scratch }));
  try {
    const runtime = await startProjections({
      platform,
      projectors: [createProjectors().catalogue],
    });
    if (!(await runtime.catchUp(30 * 60_000))) throw new Error('the replay did not catch up');
    const index = runtime.readSide.searchIndex<{ id: string }>(SEARCH_INDEXES.products);
    const { hits } = await index.search({ limit: 100_000_000 });
    await runtime.stop();
    return [...hits];
  } finally {
    await platform.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ Meilisearch over REST

async function meili(method: string, target: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${MEILI_URL}${target}`, {
    method,
    headers: { authorization: `Bearer ${MEILI_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok && response.status !== 404)
    throw new Error(`Meilisearch ${method} ${target}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function waitForTask(task: unknown): Promise<void> {
  const uid = (task as { taskUid: number }).taskUid;
  for (;;) {
    const state = (await meili('GET', `/tasks/${uid}`)) as { status: string; error?: unknown };
    if (state.status === 'succeeded') return;
    if (state.status === 'failed' || state.status === 'canceled')
      throw new Error(`Meilisearch task ${uid} ${state.status}: ${JSON.stringify(state.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Loads the documents into a new index as a bulk load would (all batches queued, then waited for). */
async function timeMeiliIndexing(docs: Array<{ id: string }>): Promise<number> {
  const uid = `${NAMESPACE}_bulk_load`;
  await waitForTask(await meili('DELETE', `/indexes/${uid}`)).catch(() => {});
  await waitForTask(await meili('POST', '/indexes', { uid, primaryKey: 'id' }));
  await waitForTask(
    await meili('PATCH', `/indexes/${uid}/settings`, {
      searchableAttributes: PRODUCT_SEARCH_SETTINGS.searchable,
      filterableAttributes: PRODUCT_SEARCH_SETTINGS.filterable,
      sortableAttributes: PRODUCT_SEARCH_SETTINGS.sortable,
    }),
  );
  const started = performance.now();
  let last: unknown = null;
  for (let i = 0; i < docs.length; i += 10_000)
    last = await meili('POST', `/indexes/${uid}/documents`, docs.slice(i, i + 10_000));
  if (last) await waitForTask(last);
  const seconds = (performance.now() - started) / 1000;
  await waitForTask(await meili('DELETE', `/indexes/${uid}`));
  return seconds;
}

/** This benchmark's product indexes on Meilisearch, most recently updated first. */
async function meiliIndexes(): Promise<string[]> {
  const { results } = (await meili('GET', '/indexes?limit=1000')) as {
    results: Array<{ uid: string; updatedAt: string }>;
  };
  return results
    .filter((index) => index.uid.startsWith(`${NAMESPACE}_${SEARCH_INDEXES.products}`))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map((index) => index.uid);
}

function meiliRss(): number | null {
  try {
    const pid = readFileSync(path.resolve(root, values['meili-pid-file']), 'utf8').trim();
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
  } catch {
    return null;
  }
}

function meiliPid(): number | null {
  try {
    return Number(readFileSync(path.resolve(root, values['meili-pid-file']), 'utf8').trim());
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ child processes

interface Server {
  child: ChildProcess;
  url: string;
  bootSeconds: number;
  memory(): Promise<number>;
  /** Starts a CPU profile; `stop` writes it to `file`. */
  profile(): Promise<{ stop(file: string): Promise<void> }>;
  /** Stops the server as a deployment would (the embedded one writes its snapshot); seconds taken. */
  stop(): Promise<number>;
}

/** Sends a profiler command and waits for its acknowledgement. */
function command(child: ChildProcess, message: ServerCommand): Promise<void> {
  return new Promise((resolve) => {
    child.once('message', () => resolve());
    child.send(message);
  });
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = fork(path.join(root, 'scripts/bench/search-server.ts'), {
    cwd: root,
    env: { ...process.env, ...env },
    execArgv: ['--expose-gc', '--max-semi-space-size=64', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  pin(child.pid!, MEASURED_CPU);
  const ready = await new Promise<Extract<ServerMessage, { kind: 'ready' }>>((resolve, reject) => {
    child.once('message', (message: ServerMessage) => {
      if (message.kind === 'ready') resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`a server exited with ${code}`)));
  });
  // threads started since (the SQLite workers) get the same core
  pin(child.pid!, MEASURED_CPU);
  return {
    child,
    url: ready.url,
    bootSeconds: ready.bootSeconds,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', (message: ServerMessage) =>
          resolve(message.kind === 'memory' ? message.rss : 0),
        );
        child.send({ kind: 'memory' } satisfies ServerCommand);
      }),
    profile: async () => {
      await command(child, { kind: 'profile-start' });
      return { stop: (file) => command(child, { kind: 'profile-stop', file }) };
    },
    stop: () =>
      new Promise((resolve) => {
        const started = performance.now();
        child.once('exit', () => resolve((performance.now() - started) / 1000));
        child.send({ kind: 'stop' } satisfies ServerCommand);
      }),
  };
}

function startGenerator(): {
  run(message: Omit<RunMessage, 'id' | 'kind'>): Promise<LoadResult>;
  stop(): void;
} {
  const child = fork(path.join(root, 'scripts/bench/search-load.ts'), {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  pin(child.pid!, GENERATOR_CPU);
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve(result: LoadResult): void; reject(err: Error): void }
  >();
  child.on('message', (reply: LoadReply) => {
    if (reply.kind === 'log') return console.log(reply.line);
    waiting.get(reply.id)?.resolve(reply.result);
    waiting.delete(reply.id);
  });
  child.on('exit', (code) => {
    for (const { reject } of waiting.values())
      reject(new Error(`the load generator exited with ${code}`));
  });
  return {
    run(message) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ ...message, kind: 'run', id } satisfies RunMessage);
      });
    },
    stop: () => child.kill(),
  };
}

// ------------------------------------------------------------------ main

interface Row {
  target: string;
  scenario: Scenario;
  result: LoadResult;
}

async function main() {
  console.log(`[bench] ${new Date().toISOString()}: ${loadLine()}`);
  if (PIN) pin(process.pid, MEASURED_CPU);
  ensureSeeded();
  const emulator = await ensureAuthEmulator({
    projectId: 'demo-marketplace',
    port: Number((process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9599').split(':')[1]),
    log: () => {},
  });
  const meiliProcess = meiliPid();
  if (meiliProcess) pin(meiliProcess, MEASURED_CPU);

  // The documents, then the time each engine takes to index them all.
  const docs = STOREFRONT_ONLY ? [] : await searchDocuments();
  if (!STOREFRONT_ONLY) console.log(`[bench] ${docs.length} search documents from the log`);
  global.gc?.();
  const heapBefore = process.memoryUsage();
  const engine = createEmbeddedSearchEngine();
  const embedded = engine.index<{ id: string }>(SEARCH_INDEXES.products);
  await embedded.configure(PRODUCT_SEARCH_SETTINGS);
  const started = performance.now();
  for (let i = 0; i < docs.length; i += 2_000) await embedded.upsert(docs.slice(i, i + 2_000));
  const embeddedIndexSeconds = (performance.now() - started) / 1000;
  global.gc?.();
  const heapAfter = process.memoryUsage();
  const embeddedIndexBytes =
    heapAfter.heapUsed + heapAfter.arrayBuffers - (heapBefore.heapUsed + heapBefore.arrayBuffers);
  if (!STOREFRONT_ONLY)
    console.log(`[bench] embedded engine: indexed in ${embeddedIndexSeconds.toFixed(1)} s`);
  const meiliIndexSeconds = STOREFRONT_ONLY ? NaN : await timeMeiliIndexing(docs);
  if (!STOREFRONT_ONLY)
    console.log(`[bench] Meilisearch: indexed in ${meiliIndexSeconds.toFixed(1)} s`);
  docs.length = 0;

  // One storefront server per engine, each on its own copy of the log, booted one at a time.
  const meiliDir = `${DATA_DIR}-meili`;
  rmSync(meiliDir, { recursive: true, force: true });
  if (!STOREFRONT_ONLY) cpSync(DATA_DIR, meiliDir, { recursive: true });
  const common = {
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    MEILI_URL: '',
    KAFKA_BROKERS: '',
    MONGODB_URI: '',
  };
  // The first boot replays the whole log unless asked to start from a snapshot left before.
  if (!values['from-snapshot']) rmSync(SNAPSHOT_FILE, { force: true });
  const fromSnapshot = existsSync(SNAPSHOT_FILE);
  let embeddedServer = await startServer({ ...common, DATA_DIR });
  console.log(
    `[bench] storefront on the embedded engine ready in ${embeddedServer.bootSeconds.toFixed(1)} s (${fromSnapshot ? 'from its snapshot' : 'replaying the whole log'})`,
  );
  const boots: string[] = [
    `embedded ${embeddedServer.bootSeconds.toFixed(1)} s ${fromSnapshot ? 'from the snapshot' : 'replaying the whole log'}`,
  ];
  if (REBOOT) {
    const stopSeconds = await embeddedServer.stop();
    const bytes = existsSync(SNAPSHOT_FILE) ? statSync(SNAPSHOT_FILE).size : 0;
    boots.push(`stop ${stopSeconds.toFixed(1)} s (snapshot written: ${mb(bytes)})`);
    embeddedServer = await startServer({ ...common, DATA_DIR });
    boots.push(`boot again ${embeddedServer.bootSeconds.toFixed(1)} s from the snapshot`);
    console.log(`[bench] ${boots.slice(1).join('; ')}`);
  }
  // A fresh index: the server's projector fills it as a deployment's first boot would.
  if (!STOREFRONT_ONLY)
    for (const uid of await meiliIndexes())
      await waitForTask(await meili('DELETE', `/indexes/${uid}`));
  const meiliServer = STOREFRONT_ONLY
    ? null
    : await startServer({
        ...common,
        DATA_DIR: meiliDir,
        MEILI_URL,
        MEILI_MASTER_KEY: MEILI_KEY,
        REWEAR_NAMESPACE: NAMESPACE,
      });
  if (meiliServer)
    console.log(
      `[bench] storefront on Meilisearch ready in ${meiliServer.bootSeconds.toFixed(1)} s`,
    );
  if (meiliProcess) pin(meiliProcess, MEASURED_CPU);
  // The index the server reads: the projection's live generation (`<namespace>_products__g<n>`).
  const [meiliIndex] = meiliServer ? await meiliIndexes() : [''];
  if (meiliServer && !meiliIndex)
    throw new Error('the storefront on Meilisearch made no products index');

  const generator = startGenerator();
  const targets: Array<{ name: string; load: LoadTarget | 'in process' }> = [
    { name: 'embedded, through query-api', load: { kind: 'api', base: embeddedServer.url } },
    ...(meiliServer
      ? [
          {
            name: 'Meilisearch, through query-api',
            load: { kind: 'api', base: meiliServer.url } as const,
          },
          {
            name: 'Meilisearch, its own /search',
            load: {
              kind: 'meili',
              base: MEILI_URL,
              index: meiliIndex!,
              apiKey: MEILI_KEY,
            } as const,
          },
          { name: 'embedded, in process', load: 'in process' as const },
        ]
      : []),
  ];
  const rows: Row[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const timed = scenario === 'cold mix' ? REQUESTS : REQUESTS;
      for (const target of targets) {
        let result: LoadResult;
        if (target.load === 'in process') {
          const requests = scenarioRequests(scenario, LISTINGS, timed, WARM_UP);
          const done = { status: 200, bytes: 0, body: '' };
          result = await runLoad(
            `${scenario}: ${target.name}`,
            {
              concurrency: CONCURRENCY,
              maxRequests: requests.timed.length,
              maxMs: MAX_MS,
              warmUp: Math.ceil(requests.warmUp.length / CONCURRENCY),
            },
            async (_, i) => {
              await embedded.search(
                (i < 0 ? requests.warmUp[(-1 - i) % requests.warmUp.length]! : requests.timed[i]!)
                  .search,
              );
              return done;
            },
            () => true,
          );
        } else {
          const server =
            target.load.kind === 'api'
              ? target.load.base === embeddedServer.url
                ? embeddedServer
                : meiliServer
              : null;
          const profile = values.profile && server ? await server.profile() : null;
          result = await generator.run({
            name: `${scenario}: ${target.name}`,
            scenario,
            target: target.load,
            listings: LISTINGS,
            timed,
            warmUp: WARM_UP,
            concurrency: CONCURRENCY,
            maxMs: MAX_MS,
          });
          if (profile) {
            mkdirSync(values.profile!, { recursive: true });
            await profile.stop(
              path.resolve(
                values.profile!,
                `${scenario}-${target.name}.cpuprofile`.replace(/[^a-z0-9.]+/gi, '-').toLowerCase(),
              ),
            );
          }
        }
        rows.push({ target: target.name, scenario, result });
        console.log(
          `[bench] ${SCENARIO_LABELS[scenario]} / ${target.name}: p95 ${result.p95.toFixed(2)} ms, ${result.rps.toFixed(0)} req/s${result.errors ? `, ${result.errors} errors` : ''}`,
        );
      }
    }
    const embeddedRss = await embeddedServer.memory();
    const meiliServerRss = meiliServer ? await meiliServer.memory() : NaN;
    const meiliEngineRss = meiliServer ? meiliRss() : null;

    const f = (n: number) => n.toFixed(2).padStart(8);
    console.log(
      `\nRewear search benchmark: ${LISTINGS} listings, concurrency ${CONCURRENCY}, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`,
    );
    console.log(
      PIN
        ? `cores: servers, Meilisearch and the in-process runs pinned to core ${MEASURED_CPU}, the load generator (own process) to core ${GENERATOR_CPU} (taskset)`
        : 'cores: not pinned (the load generator is a process of its own)',
    );
    console.log(`${loadLine()} at the end of the run`);
    console.log(
      `\n${'scenario'.padEnd(40)} ${'target'.padEnd(32)} ${'requests'.padStart(8)} ${'errors'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)}`,
    );
    for (const { scenario, target, result: r } of rows)
      console.log(
        `${SCENARIO_LABELS[scenario].padEnd(40)} ${target.padEnd(32)} ${String(r.requests).padStart(8)} ${String(r.errors).padStart(6)} ${f(r.p50)} ${f(r.p95)} ${f(r.p99)} ${r.rps.toFixed(0).padStart(8)}`,
      );
    if (!STOREFRONT_ONLY)
      console.log(
        `\nindexing ${LISTINGS} listings: embedded engine ${embeddedIndexSeconds.toFixed(1)} s (batches of 2,000, as the projector writes), Meilisearch ${meiliIndexSeconds.toFixed(1)} s (batches of 10,000 queued, then waited for)`,
      );
    console.log(
      `storefront boot: ${boots.join('; ')}; on Meilisearch ${meiliServer ? `${meiliServer.bootSeconds.toFixed(1)} s replaying the whole log` : 'not run'}`,
    );
    console.log(
      STOREFRONT_ONLY
        ? `memory: storefront on the embedded engine ${mb(embeddedRss)} RSS`
        : `memory: storefront on the embedded engine ${mb(embeddedRss)} RSS (embedded index alone ${mb(embeddedIndexBytes)} of heap and buffers, documents not counted); ` +
            `storefront on Meilisearch ${mb(meiliServerRss)} RSS + Meilisearch ${meiliEngineRss === null ? 'unknown' : mb(meiliEngineRss)} RSS`,
    );

    const find = (scenario: Scenario, target: string) =>
      rows.find((row) => row.scenario === scenario && row.target.startsWith(target))?.result;
    const catalogueApi = find('catalogue', 'embedded, through');
    const catalogueMeili = find('catalogue', 'Meilisearch, its own');
    const coldApi = find('cold mix', 'embedded, through');
    const coldMeiliApi = find('cold mix', 'Meilisearch, through');
    const coldMeili = find('cold mix', 'Meilisearch, its own');
    const verdict = (met: boolean) => (met ? 'met    ' : 'MISSED ');
    console.log('\ngoals:');
    if (catalogueApi && catalogueMeili)
      console.log(
        `  ${verdict(catalogueApi.p95 <= catalogueMeili.p95 && catalogueApi.rps >= catalogueMeili.rps)} catalogue + facets through query-api (embedded) at least as good as Meilisearch's own endpoint: p95 ${catalogueApi.p95.toFixed(2)} vs ${catalogueMeili.p95.toFixed(2)} ms, ${catalogueApi.rps.toFixed(0)} vs ${catalogueMeili.rps.toFixed(0)} req/s`,
      );
    if (coldApi)
      console.log(
        `  ${verdict(coldApi.p95 <= 10)} cold mix through query-api (embedded) p95 ≤ 10 ms: ${coldApi.p95.toFixed(2)} ms`,
      );
    if (coldMeiliApi && coldMeili)
      console.log(
        `  ${verdict(coldMeiliApi.p95 <= 1.5 * coldMeili.p95)} cold mix through query-api on Meilisearch p95 ≤ 1.5 × Meilisearch's own: ${coldMeiliApi.p95.toFixed(2)} vs ${coldMeili.p95.toFixed(2)} ms (${(coldMeiliApi.p95 / coldMeili.p95).toFixed(2)} ×)`,
      );
    // The million-listing goals of the storefront on the embedded engine.
    const suggestionsApi = find('suggestions', 'embedded, through');
    if (LISTINGS >= 1_000_000 && suggestionsApi && catalogueApi) {
      console.log(
        `  ${verdict(suggestionsApi.p95 <= 10)} suggestions p95 ≤ 10 ms at ${LISTINGS} listings: ${suggestionsApi.p95.toFixed(2)} ms`,
      );
      console.log(
        `  ${verdict(catalogueApi.p95 <= 25)} catalogue filter + sort + facets p95 ≤ 25 ms at ${LISTINGS} listings: ${catalogueApi.p95.toFixed(2)} ms`,
      );
      console.log(
        `  ${verdict(embeddedServer.bootSeconds <= 60)} boot to healthy ≤ 60 s: ${embeddedServer.bootSeconds.toFixed(1)} s${REBOOT || fromSnapshot ? ' (from the snapshot)' : ''}`,
      );
      console.log(`  ${verdict(embeddedRss <= 4 * 1024 ** 3)} RSS ≤ 4 GB: ${mb(embeddedRss)}`);
    }
  } finally {
    generator.stop();
    embeddedServer.child.kill();
    meiliServer?.child.kill();
    rmSync(meiliDir, { recursive: true, force: true });
    if (emulator.started) await emulator.stop();
  }
}

await main();
process.exit(0);
