/**
 * Latency of query-api's hot paths at N listings on the embedded engines, through HTTP on
 * loopback: `npx tsx scripts/bench/query-catalogue.ts [listings=100000] [requests=300]`.
 * Listings are built with the catalogue projection's own functions and loaded straight into the
 * stores (the projector path is measured by the platform benchmarks).
 */
import type { AddressInfo } from 'node:net';
import { CATEGORIES, COLORS, CONDITIONS, SIZES, type EnvelopeOf } from '@rewear/contracts';
import {
  type IdentityVerifier,
  type ReadSide,
  InvalidTokenError,
  createMemoryReadModelStore,
  createEmbeddedSearchEngine,
} from '@rewear/platform';
import {
  PRODUCT_SEARCH_SETTINGS,
  READ_MODELS,
  SEARCH_INDEXES,
  projectListing,
  toSearchDoc,
  createProjectors,
  recomputeCollections,
} from '@rewear/projectors';
import { createQueryApi } from '@rewear/query-api';

const N = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 300);
const BRANDS = [
  'Nike',
  'Zara',
  'H&M',
  'Gap',
  'Lululemon',
  'J.Crew',
  "Levi's",
  'Uniqlo',
  'Mango',
  'COS',
  'Adidas',
  'Puma',
  'Patagonia',
  'Arket',
  'Reformation',
];
const WORDS = [
  'vintage',
  'denim',
  'linen',
  'wool',
  'silk',
  'floral',
  'striped',
  'oversized',
  'cropped',
  'leather',
  'cotton',
  'classic',
  'summer',
  'winter',
  'relaxed',
];
const ITEMS = [
  'jacket',
  'shirt',
  'dress',
  'skirt',
  'jeans',
  'sweater',
  'boots',
  'sneakers',
  'scarf',
  'bag',
  'coat',
  'blazer',
  'tee',
  'cardigan',
  'shorts',
];

let seed = 42;
const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const some = (max: number, n: number) => [
  ...new Set(
    Array.from({ length: 1 + Math.floor(rand() * n) }, () => 1 + Math.floor(rand() * max)),
  ),
];

async function main() {
  const store = createMemoryReadModelStore();
  const search = createEmbeddedSearchEngine();
  const side: ReadSide = {
    collection: (n) => store.collection(n),
    searchIndex: (n) => search.index(n),
  };
  for (const [name, indexes] of Object.entries(createProjectors().catalogue.collections))
    await store.collection(name).ensureIndexes(indexes);
  const index = search.index(SEARCH_INDEXES.products);
  await index.configure(PRODUCT_SEARCH_SETTINGS);

  const started = Date.now();
  const batch = [];
  for (let i = 0; i < N; i++) {
    const brand = pick(BRANDS);
    const event = {
      type: 'ListingCreated',
      data: {
        listingId: `p${i}`,
        sellerId: `s${i % 500}`,
        sellerName: 'Seller',
        sellerPhoto: null,
        createdAt: new Date(
          Date.UTC(2026, 0, 1) + Math.floor(rand() * 60 * 86_400_000),
        ).toISOString(),
        stock: 1 + Math.floor(rand() * 3),
        title: `${pick(WORDS)} ${pick(WORDS)} ${pick(ITEMS)}`,
        description: `${pick(WORDS)} ${pick(ITEMS)} in great shape`,
        priceCents: 500 + Math.floor(rand() * 30000),
        originalPriceCents: null,
        image: 'x.jpg',
        gallery: [],
        brandId: brand,
        categoryId: pick(CATEGORIES).id,
        conditionIds: [pick(CONDITIONS).id],
        sizeIds: some(SIZES.length, 3),
        colorIds: some(COLORS.length, 2),
      },
    } as unknown as EnvelopeOf<'ListingCreated'>;
    const doc = projectListing(null, event, { brandName: brand })!;
    await store.collection(READ_MODELS.listings).put(doc);
    batch.push(toSearchDoc(doc));
    if (batch.length === 5000) await index.upsert(batch.splice(0));
  }
  await index.upsert(batch.splice(0));
  console.log(
    `loaded ${N} listings in ${((Date.now() - started) / 1000).toFixed(1)} s, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
  );

  const recomputeStarted = performance.now();
  await recomputeCollections(side, new Date(Date.UTC(2026, 2, 1)));
  console.log(
    `algorithmic collections + featured recomputed in ${(performance.now() - recomputeStarted).toFixed(0)} ms`,
  );

  const visitorOnly: IdentityVerifier = {
    verify: async () => {
      throw new InvalidTokenError('bench');
    },
  };
  const app = createQueryApi({
    readSide: side,
    progress: { waitFor: async () => true },
    identity: visitorOnly,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const cases: Record<string, () => string> = {
    'suggestions (typo, 6 hits)': () =>
      `/api/search/suggestions?q=${encodeURIComponent(pick(['vintge', 'denm jack', 'flral', 'leathr b', 'oversized sw', 'linn shi']))}`,
    'search (50 hits)': () => `/api/search?query=${pick(WORDS)}%20${pick(ITEMS)}`,
    'filter category+brand+size, price sort, page': () =>
      `/api/products/filter?category=${pick(CATEGORIES).name}&brand=${encodeURIComponent(pick(BRANDS))}&size=Medium&sort=price_low&page=2`,
    'filter all, title sort, first page': () => '/api/products/filter',
    'filter all, title sort, deep page': () =>
      `/api/products/filter?page=${1 + Math.floor(rand() * 200)}`,
    'filter-options (3 facets)': () =>
      `/api/products/filter-options?category=${pick(CATEGORIES).name}`,
    'categories-with-count': () => '/api/products/categories-with-count',
    'brands-with-count?category': () =>
      `/api/brands/brands-with-count?category=${pick(CATEGORIES).name}`,
    'price-range': () => `/api/products/price-range?category=${pick(CATEGORIES).name}`,
    'product detail': () => `/api/products/p${Math.floor(rand() * N)}`,
  };
  for (const [name, url] of Object.entries(cases)) {
    for (let i = 0; i < 20; i++) await (await fetch(base + url())).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      const res = await fetch(base + url());
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) =>
      times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    console.log(
      `${name.padEnd(48)} p50 ${p(0.5).padStart(7)} ms  p95 ${p(0.95).padStart(7)} ms  max ${p(1).padStart(7)} ms`,
    );
  }
  server.close();
}

await main();
