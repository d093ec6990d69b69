/**
 * The API benchmark's load generator, run in a worker thread by `api.ts`: its HTTP client, its
 * heap and its garbage collector stay apart from the server's, as they would on a client
 * machine (the socket buffers of the answers it reads would otherwise count against the
 * server's heap and start its full collections). Each scenario's timed part is announced to
 * the server thread, which measures its own busy time, pauses and profile over exactly that part.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createRandom } from '@rewear/seed';
import { createHttpClient, runLoad, type Answer, type LoadResult } from './load-client.ts';

export type { LoadResult } from './load-client.ts';

export interface LoadSettings {
  base: string;
  bareUrl: string;
  emulatorHost: string;
  listings: number;
  concurrency: number;
  maxRequests: number;
  maxMs: number;
  /** Scenario name prefixes to run (the bare and health routes always run); null runs all. */
  only: string[] | null;
}

/** What the generator tells the server thread and waits for. */
type Announcement =
  | { kind: 'timed-start'; name: string }
  | { kind: 'timed-end'; name: string; result: LoadResult }
  | { kind: 'done' };

/** Worker → server thread. Every announcement is answered with its `{ id }` once handled. */
export type LoadMessage = (Announcement & { id: number }) | { kind: 'log'; line: string };

const settings = workerData as LoadSettings;
const port = parentPort!;
const CONCURRENCY = settings.concurrency;

let nextId = 1;
const waiting = new Map<number, () => void>();
port.on('message', (reply: { id: number }) => waiting.get(reply.id)?.());
/** Tells the server thread and waits until it has acted on it. */
function tell(message: Announcement): Promise<void> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, () => {
      waiting.delete(id);
      resolve();
    });
    port.postMessage({ ...message, id });
  });
}
const log = (line: string) => port.postMessage({ kind: 'log', line } satisfies LoadMessage);

const { request, destroy } = createHttpClient(CONCURRENCY);

/** The routes every run measures, whatever --only says: the references the targets are read against. */
const ALWAYS_RUN = ['bare', 'health route'];

/** Requests per client that warm a path's code before it is measured (2,000 in all at concurrency 8). */
const CODE_WARM_UP = 250;

/**
 * `CONCURRENCY` clients, each sending its next request when the previous one answered.
 * `warmCode`, when given, sends requests down the same code as `next` but for other answers
 * (other sorts, say): the code is then compiled before the run, as in a server that has been up
 * for a while, and the answers the run asks for are still to be made.
 */
async function measure(
  name: string,
  next: (client: number, i: number) => Promise<Answer>,
  expect: (a: Answer) => boolean,
  warmCode?: () => Promise<Answer>,
): Promise<void> {
  if (
    settings.only &&
    !ALWAYS_RUN.some((prefix) => name.startsWith(prefix)) &&
    !settings.only.some((prefix) => name.startsWith(prefix))
  )
    return;
  if (warmCode) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, () =>
        (async () => {
          for (let i = 0; i < CODE_WARM_UP; i++) {
            const answer = await warmCode();
            if (!expect(answer))
              throw new Error(
                `${name}: the warm-up got ${answer.status} ${answer.body.slice(0, 200)}`,
              );
          }
        })(),
      ),
    );
  }
  // Warm-up (JIT, caches) is not counted. The bare route comes first and has no cache to fill:
  // its longer warm-up is the generator's own, so that the ceiling is not measured on cold code.
  const result = await runLoad(
    name,
    {
      concurrency: CONCURRENCY,
      maxRequests: settings.maxRequests,
      maxMs: settings.maxMs,
      warmUp: name.startsWith('bare') ? CODE_WARM_UP : 25,
      onTimedStart: () => tell({ kind: 'timed-start', name }),
      log,
    },
    next,
    expect,
  );
  await tell({ kind: 'timed-end', name, result });
}

async function emulatorUser(n: number): Promise<{ uid: string; email: string; idToken: string }> {
  const email = `bench-${Date.now().toString(36)}-${n}@example.com`;
  const res = await fetch(
    `http://${settings.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password', returnSecureToken: true }),
    },
  );
  const json = (await res.json()) as { localId: string; idToken: string };
  if (!res.ok) throw new Error(`sign-up failed: ${JSON.stringify(json)}`);
  return { uid: json.localId, email, idToken: json.idToken };
}

async function run(): Promise<void> {
  const { base, bareUrl } = settings;

  // Signed-in shoppers with a cart each.
  const shoppers: Array<{
    uid: string;
    email: string;
    idToken: string;
    cartId: string;
    added: number;
  }> = [];
  for (let n = 0; n < CONCURRENCY; n++) {
    const user = await emulatorUser(n);
    await request(
      base,
      'POST',
      '/api/users/register',
      { uid: user.uid, email: user.email, display_name: `Bench ${n}` },
      user.idToken,
    );
    const cart = await request(
      base,
      'POST',
      '/api/cart/create',
      { userId: user.uid },
      user.idToken,
    );
    shoppers.push({ ...user, cartId: (JSON.parse(cart.body) as { id: string }).id, added: 0 });
  }

  const random = createRandom(7);
  const productIds: string[] = [];
  for (let offset = 0; productIds.length < 20_000 && offset < settings.listings; offset += 200) {
    const page = JSON.parse(
      (await request(base, 'GET', `/api/products?limit=200&offset=${offset}`)).body,
    ) as Array<{ product_id: string }>;
    if (page.length === 0) break;
    productIds.push(...page.map((p) => p.product_id));
  }
  const typos = [
    'nkie',
    'jaket',
    'sneakrs',
    'lululemn',
    'dres',
    'cardign',
    'zara blaz',
    'levis jens',
    'sweter',
    'backpak',
    'vintge',
    'pufer',
    'lether boots',
    'yoga legins',
    'denim skrt',
  ];
  const categories = [
    'Tops',
    'Dresses',
    'Shoes',
    'Accessories',
    'Outerwear',
    'Jeans',
    'Skirts',
    'Knitwear',
    'Activewear',
    'Bags',
  ];
  const brands = ['Nike', 'Zara', 'H&M', 'Gap', 'Lululemon', 'J.Crew', '', '', '', ''];
  const sorts = [
    'sortBy=title&sortOrder=ASC',
    'sortBy=price&sortOrder=ASC',
    'sortBy=price&sortOrder=DESC',
    'sortBy=created_at&sortOrder=DESC',
    'sort=popular',
  ];
  const ok = (a: Answer) => a.status === 200;
  const filterQuery = () => {
    const brand = random.pick(brands);
    return `category=${encodeURIComponent(random.pick(categories))}${brand ? `&brand=${encodeURIComponent(brand)}` : ''}&${random.pick(sorts)}&page=${random.int(1, 3)}&pageSize=20`;
  };

  await measure('bare Koa route (ceiling)', () => request(bareUrl, 'GET', '/'), ok);
  // The same bare route answering as many bytes as a catalogue page, sized on pages of sorts the
  // runs never ask for (so none of the catalogue's answers is made here), with a random of its own.
  const sizing = createRandom(11);
  let pageBytes = 0;
  for (let i = 0; i < 20; i++) {
    const sort = sizing.pick(['sortBy=title&sortOrder=DESC', 'sortBy=created_at&sortOrder=ASC']);
    pageBytes +=
      (
        await request(
          base,
          'GET',
          `/api/products/filter?category=${encodeURIComponent(sizing.pick(categories))}&${sort}&page=1&pageSize=20`,
        )
      ).bytes / 20;
  }
  pageBytes = Math.round(pageBytes);
  await measure(
    `bare Koa route, catalogue-sized answer (${(pageBytes / 1024).toFixed(1)} kB)`,
    () => request(bareUrl, 'GET', `/sized?bytes=${pageBytes}`),
    ok,
  );
  // The bare route's answer, through the whole storefront stack (middleware, router, handler):
  // the floor of what any storefront route costs.
  await measure(
    'health route (same answer, whole stack)',
    () => request(base, 'GET', '/api/health'),
    ok,
  );
  await measure(
    'search suggestions (6 hits, typos)',
    () =>
      request(base, 'GET', `/api/search/suggestions?q=${encodeURIComponent(random.pick(typos))}`),
    ok,
  );
  // The catalogue's code warmed on sorts the runs never ask for (title Z→A, oldest first), with
  // and without a brand: the same search and page-building code, none of the same answers.
  const warmCatalogue = () => {
    const brand = random.pick(brands);
    const sort = random.pick(['sortBy=title&sortOrder=DESC', 'sortBy=created_at&sortOrder=ASC']);
    return request(
      base,
      'GET',
      `/api/products/filter?category=${encodeURIComponent(random.pick(categories))}${brand ? `&brand=${encodeURIComponent(brand)}` : ''}&${sort}&page=${random.int(1, 3)}&pageSize=20`,
    );
  };
  await measure(
    'catalogue filter + sort (page of 20)',
    () => request(base, 'GET', `/api/products/filter?${filterQuery()}`),
    ok,
    warmCatalogue,
  );
  // As a browser asks (its bytes are not decoded here): the same mix, after the run above.
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  await measure(
    'catalogue filter, browser (gzip accepted)',
    () =>
      request(base, 'GET', `/api/products/filter?${filterQuery()}`, undefined, undefined, browser),
    ok,
  );
  await measure(
    'facet counts (filter-options)',
    () => {
      const brand = random.pick(brands);
      return request(
        base,
        'GET',
        `/api/products/filter-options?category=${encodeURIComponent(random.pick(categories))}${brand ? `&brand=${encodeURIComponent(brand)}` : ''}`,
      );
    },
    ok,
  );
  await measure(
    'catalogue page (filter + facets, parallel)',
    async () => {
      const q = filterQuery();
      const [a, b] = await Promise.all([
        request(base, 'GET', `/api/products/filter?${q}`),
        request(base, 'GET', `/api/products/filter-options?${q.split('&sort')[0]}`),
      ]);
      return a.status !== 200 ? a : b;
    },
    ok,
  );
  await measure(
    'catalogue page (filter + facets=true, one)',
    () => request(base, 'GET', `/api/products/filter?${filterQuery()}&facets=true`),
    ok,
  );
  await measure(
    'catalogue deep page (title order, ~page 100)',
    () => {
      const category = random.pick(categories);
      return request(
        base,
        'GET',
        `/api/products/filter?category=${encodeURIComponent(category)}&sortBy=title&sortOrder=ASC&page=${random.int(90, 110)}&pageSize=20`,
      );
    },
    ok,
  );
  await measure(
    'product detail',
    () => request(base, 'GET', `/api/products/${random.pick(productIds)}`),
    ok,
  );
  let cursor = 0;
  await measure(
    'add to cart (signed in)',
    async (client) => {
      const shopper = shoppers[client]!;
      // Carts stay shopper-sized: cleared every 20 lines (the clear is part of that request's time).
      if (shopper.added >= 20) {
        await request(base, 'POST', '/api/cart/clear', { cartId: shopper.cartId }, shopper.idToken);
        shopper.added = 0;
      }
      shopper.added++;
      const productId = productIds[cursor++ % productIds.length]!;
      return request(
        base,
        'POST',
        '/api/cart/add-item',
        { cartId: shopper.cartId, productId, quantity: 1 },
        shopper.idToken,
      );
    },
    (a) => a.status === 200 || a.status === 201,
  );

  destroy();
  await tell({ kind: 'done' });
}

await run();
