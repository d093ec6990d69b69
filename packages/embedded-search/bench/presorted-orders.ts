/**
 * The catalogue's presorted orders: how long the first page of each storefront sort takes (the
 * order is built then), on a fresh index and again after a write of more listings than are
 * merged into a kept order, then filter + sort + facet pages with the orders built.
 *
 *   node --expose-gc --import tsx bench/presorted-orders.ts [listings=100000] [--engine ../src/index.ts]
 *
 * --engine loads another build of the engine (a module exporting EmbeddedSearchIndex), so two
 * versions run the same listings and queries for an A/B comparison.
 */
import { parseArgs } from 'node:util';
import type { SearchQuery } from '@rewear/ports';
import type { EmbeddedSearchIndex as Index } from '../src/index.ts';
import { createRandom } from '@rewear/seed';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { engine: { type: 'string', default: '../src/index.ts' } },
});
const COUNT = Number(positionals[0] ?? 100_000);
const { EmbeddedSearchIndex } = (await import(values.engine)) as {
  EmbeddedSearchIndex: typeof Index;
};

// The seed's generator: the same listings on every run.
const generator = createRandom(7);
const random = () => generator.next();
const pick = <T>(list: readonly T[]): T => generator.pick(list);

const BRANDS = ['Nike', 'Zara', 'Gap', 'Levi’s', 'Uniqlo', 'Mango', 'Patagonia', 'The North Face'];
const NOUNS = ['T-Shirt', 'Dress', 'Sneakers', 'Jacket', 'Jeans', 'Skirt', 'Sweater', 'Coat'];
const ADJECTIVES = ['Vintage', 'Classic', 'Oversized', 'Slim', 'Cropped', 'Wool', 'Linen', ''];
const CATEGORIES = ['Tops', 'Dresses', 'Shoes', 'Outerwear', 'Jeans', 'Skirts', 'Knitwear'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLORS = ['black', 'white', 'blue', 'red', 'green', 'beige'];
const CONDITIONS = ['new', 'like_new', 'good', 'fair'];

interface Listing {
  id: string;
  title: string;
  title_key: string;
  category: string;
  brand: string;
  size: string;
  color: string;
  condition: string;
  price_cents: number;
  created_ts: number;
  num_likes: number;
}

let serial = 0;
function listing(): Listing {
  const brand = pick(BRANDS);
  const title = `${brand} ${pick(ADJECTIVES)} ${pick(NOUNS)}`.replace(/\s+/g, ' ');
  return {
    id: `listing-${serial++}`,
    title,
    title_key: title.toLowerCase(),
    category: pick(CATEGORIES),
    brand,
    size: pick(SIZES),
    color: pick(COLORS),
    condition: pick(CONDITIONS),
    price_cents: 100 * (1 + Math.floor(random() * 500)),
    created_ts: 1_700_000_000_000 + Math.floor(random() * 3e10),
    num_likes: Math.floor(random() ** 3 * 40),
  };
}

const BY_TITLE = { field: 'title_key', order: 'asc' } as const;
const SORTS: Array<{ name: string; sort: NonNullable<SearchQuery['sort']> }> = [
  { name: 'title', sort: [BY_TITLE] },
  { name: 'price asc', sort: [{ field: 'price_cents', order: 'asc' }, BY_TITLE] },
  { name: 'price desc', sort: [{ field: 'price_cents', order: 'desc' }, BY_TITLE] },
  { name: 'newest', sort: [{ field: 'created_ts', order: 'desc' }, BY_TITLE] },
  { name: 'popular', sort: [{ field: 'num_likes', order: 'desc' }, BY_TITLE] },
];
const FACETS = ['category', 'brand', 'size', 'color', 'condition'];

const index = new EmbeddedSearchIndex<Listing>('bench');
await index.configure({
  searchable: ['title', 'brand', 'category'],
  filterable: FACETS,
  sortable: ['title_key', 'price_cents', 'created_ts', 'num_likes'],
});
const loadStarted = performance.now();
for (let done = 0; done < COUNT; done += 2_000)
  await index.upsert(Array.from({ length: Math.min(2_000, COUNT - done) }, listing));
console.log(
  `[presorted] ${COUNT} listings loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s (engine ${values.engine})`,
);

async function firstPages(label: string): Promise<void> {
  const cells: string[] = [];
  let total = 0;
  for (const { name, sort } of SORTS) {
    // the collector's debt from the load is not the sort's: start each from a collected heap
    globalThis.gc?.();
    const started = performance.now();
    await index.search({ filter: { category: 'Tops' }, sort, limit: 20, facets: FACETS });
    const ms = performance.now() - started;
    total += ms;
    cells.push(`${name} ${ms.toFixed(1)}`);
  }
  console.log(
    `[presorted] first page per sort, ${label} (ms): ${cells.join(', ')}; all ${total.toFixed(1)}`,
  );
}

await firstPages('fresh index');
// more listings than a kept order merges: every order is built again at its next use
await index.upsert(Array.from({ length: 5_000 }, listing));
await firstPages('after 5,000 new listings');

// filter + sort + facets with the orders built: distinct queries, no answer kept helps
const times: number[] = [];
for (let i = 0; i < 600; i++) {
  const query: SearchQuery = {
    filter: { category: pick(CATEGORIES), ...(i % 2 === 0 ? { brand: pick(BRANDS) } : {}) },
    sort: pick(SORTS).sort,
    offset: 20 * Math.floor(random() * 3),
    limit: 20,
    facets: FACETS,
  };
  const started = performance.now();
  await index.search({ ...query, filter: { ...query.filter, size: pick(SIZES) } });
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) =>
  times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
console.log(
  `[presorted] catalogue filter + sort + 5 facets, 600 queries (ms): p50 ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}`,
);
