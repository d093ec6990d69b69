/**
 * API benchmark: boots the one-process server in-process on the embedded engines, seeded with
 * 100,000 listings through the seed, then measures latency and throughput at concurrency 8 over
 * loopback for the storefront's hot paths, next to a bare Koa route as the ceiling.
 *   npm run bench:api -- [--listings 100000] [--concurrency 8] [--requests 3000] [--seconds 15] [--data-dir dir]
 * --data-dir keeps the seeded event log in `dir` and reuses it on the next run (boot = replay only).
 * --profile dir writes a CPU profile of the boot and of each scenario's timed part to `dir`.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver } from 'node:perf_hooks';
import Koa from 'koa';
import { loadConfig } from '@rewear/platform';
import { createRandom } from '../seed/random.ts';
import { startStack } from '../../packages/server/src/stack.ts';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '8' },
    requests: { type: 'string', default: '3000' },
    seconds: { type: 'string', default: '15' },
    'data-dir': { type: 'string' },
    profile: { type: 'string' },
  },
});
const LISTINGS = Number(values.listings);
const CONCURRENCY = Number(values.concurrency);
const MAX_REQUESTS = Number(values.requests);
const MAX_MS = Number(values.seconds) * 1000;

const PROFILE_DIR = values.profile ? path.resolve(values.profile) : null;
const profiler = new Session();
if (PROFILE_DIR) {
  mkdirSync(PROFILE_DIR, { recursive: true });
  profiler.connect();
  await profiler.post('Profiler.enable');
}
/** Runs `work` under the CPU profiler when --profile is given. */
async function profiled<R>(name: string, work: () => Promise<R>): Promise<R> {
  if (!PROFILE_DIR) return work();
  await profiler.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(path.join(PROFILE_DIR, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.cpuprofile`), JSON.stringify(profile));
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

interface Answer {
  status: number;
  /** Decoded on first read: the load generator shares the process, and most checks need only the status. */
  readonly body: string;
}

function answerOf(status: number, bytes: Buffer): Answer {
  let text: string | undefined;
  return {
    status,
    get body() {
      return (text ??= bytes.toString('utf8'));
    },
  };
}

function request(base: string, method: string, target: string, body?: unknown, token?: string): Promise<Answer> {
  const url = new URL(target, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(answerOf(res.statusCode ?? 0, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** Garbage-collection pauses during the timed part (server and load generator share them). */
  gcMs: number;
  gcMaxMs: number;
}

/** GC pauses as they happen: each scenario reads the ones inside its timed part. */
const gcPauses: Array<{ at: number; ms: number }> = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push({ at: entry.startTime, ms: entry.duration });
}).observe({ entryTypes: ['gc'] });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `CONCURRENCY` workers, each sending its next request when the previous one answered. */
async function measure(name: string, next: (worker: number, i: number) => Promise<Answer>, expect: (a: Answer) => boolean): Promise<Result> {
  // Warm-up (JIT, caches) is not counted.
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => (async () => {
    for (let i = 0; i < 25; i++) await next(w, -1 - i);
  })()));
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  await profiled(name, () => Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (issued < MAX_REQUESTS && performance.now() - started < MAX_MS) {
        const i = issued++;
        const t = performance.now();
        const answer = await next(worker, i);
        latencies.push(performance.now() - t);
        if (!expect(answer)) {
          errors++;
          if (errors <= 3) console.warn(`[bench] ${name}: unexpected ${answer.status} ${answer.body.slice(0, 200)}`);
        }
      }
    }),
  ));
  const ended = performance.now();
  const elapsed = (ended - started) / 1000;
  latencies.sort((a, b) => a - b);
  // GC entries are delivered after the fact: the observer has them once the loop turns over.
  await new Promise((resolve) => setImmediate(resolve));
  const pauses = gcPauses.filter((p) => p.at >= started && p.at <= ended).map((p) => p.ms);
  return {
    gcMs: pauses.reduce((sum, ms) => sum + ms, 0),
    gcMaxMs: Math.max(0, ...pauses),
    name,
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsed,
  };
}

async function emulatorUser(emulatorHost: string, n: number): Promise<{ uid: string; email: string; idToken: string }> {
  const email = `bench-${Date.now().toString(36)}-${n}@example.com`;
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password', returnSecureToken: true }),
  });
  const json = (await res.json()) as { localId: string; idToken: string };
  if (!res.ok) throw new Error(`sign-up failed: ${JSON.stringify(json)}`);
  return { uid: json.localId, email, idToken: json.idToken };
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function main() {
  const keptDir = values['data-dir'];
  const dataDir = keptDir ? path.resolve(keptDir) : mkdtempSync(path.join(os.tmpdir(), 'rewear-bench-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir }), seedOnFirstStart: true, seedListings: LISTINGS };
  const rssBefore = process.memoryUsage().rss;
  const bootStarted = Date.now();
  const stack = await profiled('boot', async () => {
    const running = await startStack(config, { role: 'all', port: 0, host: '127.0.0.1', clientDist: null, log: (l) => console.log(l) });
    while (!running.ready()) await new Promise((r) => setTimeout(r, 200));
    return running;
  });
  const bare = new Koa();
  bare.use(async (ctx) => {
    ctx.body = { status: 'ok' };
  });
  const bareServer = http.createServer(bare.callback());
  await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', () => r()));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as { port: number }).port}`;
  try {
    const base = stack.url!;
    while (!stack.ready()) await new Promise((r) => setTimeout(r, 200));
    const bootSeconds = (Date.now() - bootStarted) / 1000;
    global.gc?.();
    const rssReady = process.memoryUsage().rss;
    console.log(`[bench] ready after ${bootSeconds.toFixed(1)} s (seed + replay of ${LISTINGS} listings); RSS ${mb(rssReady)}`);

    // Signed-in shoppers with a cart each.
    const emulatorHost = stack.config.firebaseAuthEmulatorHost ?? process.env.FIREBASE_AUTH_EMULATOR_HOST!;
    const shoppers: Array<{ uid: string; email: string; idToken: string; cartId: string; added: number }> = [];
    for (let n = 0; n < CONCURRENCY; n++) {
      const user = await emulatorUser(emulatorHost, n);
      await request(base, 'POST', '/api/users/register', { uid: user.uid, email: user.email, display_name: `Bench ${n}` }, user.idToken);
      const cart = await request(base, 'POST', '/api/cart/create', { userId: user.uid }, user.idToken);
      shoppers.push({ ...user, cartId: (JSON.parse(cart.body) as { id: string }).id, added: 0 });
    }

    const random = createRandom(7);
    const products = JSON.parse((await request(base, 'GET', '/api/products?limit=200&offset=0')).body) as Array<{ product_id: string }>;
    const productIds: string[] = products.map((p) => p.product_id);
    for (let offset = 200; productIds.length < 20_000 && offset < LISTINGS; offset += 200) {
      const page = JSON.parse((await request(base, 'GET', `/api/products?limit=200&offset=${offset}`)).body) as Array<{ product_id: string }>;
      if (page.length === 0) break;
      productIds.push(...page.map((p) => p.product_id));
    }
    const typos = ['nkie', 'jaket', 'sneakrs', 'lululemn', 'dres', 'cardign', 'zara blaz', 'levis jens', 'sweter', 'backpak', 'vintge', 'pufer', 'lether boots', 'yoga legins', 'denim skrt'];
    const categories = ['Tops', 'Dresses', 'Shoes', 'Accessories', 'Outerwear', 'Jeans', 'Skirts', 'Knitwear', 'Activewear', 'Bags'];
    const brands = ['Nike', 'Zara', 'H&M', 'Gap', 'Lululemon', 'J.Crew', '', '', '', ''];
    const sorts = ['sortBy=title&sortOrder=ASC', 'sortBy=price&sortOrder=ASC', 'sortBy=price&sortOrder=DESC', 'sortBy=created_at&sortOrder=DESC', 'sort=popular'];
    const ok = (a: Answer) => a.status === 200;
    const filterQuery = () => {
      const brand = random.pick(brands);
      return `category=${encodeURIComponent(random.pick(categories))}${brand ? `&brand=${encodeURIComponent(brand)}` : ''}&${random.pick(sorts)}&page=${random.int(1, 3)}&pageSize=20`;
    };

    const results: Result[] = [];
    results.push(await measure('bare Koa route (ceiling)', () => request(bareUrl, 'GET', '/'), ok));
    results.push(await measure('search suggestions (6 hits, typos)', () => request(base, 'GET', `/api/search/suggestions?q=${encodeURIComponent(random.pick(typos))}`), ok));
    results.push(await measure('catalogue filter + sort (page of 20)', () => request(base, 'GET', `/api/products/filter?${filterQuery()}`), ok));
    results.push(await measure('facet counts (filter-options)', () => {
      const brand = random.pick(brands);
      return request(base, 'GET', `/api/products/filter-options?category=${encodeURIComponent(random.pick(categories))}${brand ? `&brand=${encodeURIComponent(brand)}` : ''}`);
    }, ok));
    results.push(await measure('catalogue page (filter + facets, parallel)', async () => {
      const q = filterQuery();
      const [a, b] = await Promise.all([
        request(base, 'GET', `/api/products/filter?${q}`),
        request(base, 'GET', `/api/products/filter-options?${q.split('&sort')[0]}`),
      ]);
      return a.status !== 200 ? a : b;
    }, ok));
    results.push(await measure('catalogue page (filter + facets=true, one)', () => request(base, 'GET', `/api/products/filter?${filterQuery()}&facets=true`), ok));
    results.push(await measure('catalogue deep page (title order, ~page 100)', () => {
      const category = random.pick(categories);
      return request(base, 'GET', `/api/products/filter?category=${encodeURIComponent(category)}&sortBy=title&sortOrder=ASC&page=${random.int(90, 110)}&pageSize=20`);
    }, ok));
    results.push(await measure('product detail', () => request(base, 'GET', `/api/products/${random.pick(productIds)}`), ok));
    let cursor = 0;
    results.push(await measure('add to cart (signed in)', async (worker) => {
      const shopper = shoppers[worker]!;
      // Carts stay shopper-sized: cleared (not timed here) every 20 lines.
      if (shopper.added >= 20) {
        await request(base, 'POST', '/api/cart/clear', { cartId: shopper.cartId }, shopper.idToken);
        shopper.added = 0;
      }
      shopper.added++;
      const productId = productIds[cursor++ % productIds.length]!;
      return request(base, 'POST', '/api/cart/add-item', { cartId: shopper.cartId, productId, quantity: 1 }, shopper.idToken);
    }, (a) => a.status === 200 || a.status === 201));

    global.gc?.();
    const rssAfter = process.memoryUsage().rss;
    const memory = process.memoryUsage();
    const f = (n: number) => n.toFixed(2).padStart(8);
    console.log(`\nRewear API benchmark: ${LISTINGS} listings, concurrency ${CONCURRENCY}, loopback, ${os.cpus().length} cores, Node ${process.version}`);
    console.log(`${'scenario'.padEnd(44)} ${'requests'.padStart(8)} ${'errors'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'GC ms'.padStart(8)} ${'GC max'.padStart(8)}`);
    for (const r of results) {
      console.log(`${r.name.padEnd(44)} ${String(r.requests).padStart(8)} ${String(r.errors).padStart(6)} ${f(r.p50)} ${f(r.p95)} ${f(r.p99)} ${r.rps.toFixed(0).padStart(8)} ${f(r.gcMs)} ${f(r.gcMaxMs)}`);
    }
    const byName = (prefix: string) => results.find((r) => r.name.startsWith(prefix))!;
    const ceiling = byName('bare').rps;
    const checks = [
      ['suggestions p95 ≤ 10 ms', byName('search suggestions').p95 <= 10, `${byName('search suggestions').p95.toFixed(2)} ms`],
      ['catalogue filter+facets p95 ≤ 15 ms (one request, facets=true)', byName('catalogue page (filter + facets=true').p95 <= 15, `${byName('catalogue page (filter + facets=true').p95.toFixed(2)} ms (two requests in parallel ${byName('catalogue page (filter + facets, parallel').p95.toFixed(2)}; filter ${byName('catalogue filter').p95.toFixed(2)}, facets ${byName('facet counts').p95.toFixed(2)})`],
      ['add-to-cart p99 ≤ 20 ms', byName('add to cart').p99 <= 20, `${byName('add to cart').p99.toFixed(2)} ms`],
      ['catalogue throughput ≥ 50% of bare route', byName('catalogue filter').rps >= ceiling / 2, `${((100 * byName('catalogue filter').rps) / ceiling).toFixed(0)}%`],
      ['RSS with the catalogue < 1 GB', rssAfter < 1024 ** 3, mb(rssAfter)],
    ] as const;
    console.log('\ntargets:');
    for (const [what, pass, value] of checks) console.log(`  ${pass ? 'met    ' : 'MISSED '} ${what}: ${value}`);
    console.log(`\nmemory: RSS before boot ${mb(rssBefore)}, ready ${mb(rssReady)}, after the runs ${mb(rssAfter)} (heap used ${mb(memory.heapUsed)}); server and load generator share this process`);
  } finally {
    bareServer.close();
    agent.destroy();
    await stack.close();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
