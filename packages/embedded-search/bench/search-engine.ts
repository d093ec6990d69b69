/**
 * Chooses the embedded search engine by measurement. Builds each candidate over the same
 * generated listings and prints build time, heap and p50/p95/p99 latencies for:
 *   (a) search suggestions: 6 hits, typo-tolerant, partial last word;
 *   (b) catalogue: filter + sort + 4 facet counts, 20 hits;
 *   (c) text search: 20 hits;
 *   and the cost of re-indexing one listing after an update.
 * Candidates: the embedded engine (src/index.ts); MiniSearch for text with a
 * plain array scan for filters, facets and sort; mingo for filter + sort with a counting loop for
 * facets.
 *
 *   npm run bench -w @rewear/embedded-search -- [listings=100000]
 */
import MiniSearch from 'minisearch';
import { Query } from 'mingo';
import { CATEGORIES, COLORS, CONDITIONS, SIZES } from '@rewear/contracts';
import { createEmbeddedSearchEngine, type SearchFilter, type SearchQuery } from '@rewear/platform';
import { createRandom } from '@rewear/seed';

const COUNT = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 100_000);
const SUGGESTION_RUNS = 600;
const CATALOGUE_RUNS = 300;
const TEXT_RUNS = 300;

// ---------------------------------------------------------------- realistic listings

// The seed's generator: the same listings on every run.
const generator = createRandom(42);
const random = () => generator.next();
const pick = <T>(list: readonly T[]): T => generator.pick(list);

const BRANDS = [
  'Nike',
  'Zara',
  'H&M',
  'Gap',
  'Lululemon',
  'J.Crew',
  'Adidas',
  'Puma',
  "Levi's",
  'Uniqlo',
  'Mango',
  'Patagonia',
  'The North Face',
  'Ralph Lauren',
  'Tommy Hilfiger',
  'Calvin Klein',
  'Gucci',
  'Prada',
  'Converse',
  'Vans',
  'New Balance',
  'Reebok',
  'Under Armour',
  'Columbia',
  'Everlane',
  'Madewell',
  'Free People',
  'Anthropologie',
  'Banana Republic',
  'Old Navy',
  'Forever 21',
  'Urban Outfitters',
  'Topshop',
  'ASOS',
  'Massimo Dutti',
  'COS',
  'Arket',
  'Ganni',
  'Reformation',
  'Carhartt',
  'Dickies',
  'Champion',
  'Fila',
  'Asics',
  'Birkenstock',
  'Dr. Martens',
  'Timberland',
  'Coach',
  'Michael Kors',
  'Kate Spade',
];
const NOUNS: Record<string, string[]> = {
  Tops: ['T-Shirt', 'Blouse', 'Shirt', 'Tank Top', 'Crop Top', 'Polo', 'Tunic', 'Camisole'],
  Dresses: [
    'Dress',
    'Maxi Dress',
    'Midi Dress',
    'Slip Dress',
    'Wrap Dress',
    'Shirt Dress',
    'Sundress',
  ],
  Shoes: [
    'Sneakers',
    'Running Sneakers',
    'Boots',
    'Ankle Boots',
    'Loafers',
    'Sandals',
    'Heels',
    'Trainers',
  ],
  Accessories: ['Belt', 'Scarf', 'Beanie', 'Cap', 'Sunglasses', 'Necklace', 'Earrings', 'Watch'],
  Outerwear: [
    'Jacket',
    'Denim Jacket',
    'Leather Jacket',
    'Bomber Jacket',
    'Coat',
    'Trench Coat',
    'Parka',
    'Blazer',
    'Windbreaker',
  ],
  Jeans: ['Jeans', 'Skinny Jeans', 'Mom Jeans', 'Straight Jeans', 'Bootcut Jeans', 'Denim Shorts'],
  Skirts: ['Skirt', 'Mini Skirt', 'Midi Skirt', 'Pleated Skirt', 'Denim Skirt', 'Maxi Skirt'],
  Knitwear: [
    'Sweater',
    'Cardigan',
    'Jumper',
    'Turtleneck',
    'Cashmere Sweater',
    'Knit Vest',
    'Hoodie',
  ],
  Activewear: [
    'Leggings',
    'Sports Bra',
    'Running Shorts',
    'Track Jacket',
    'Yoga Pants',
    'Joggers',
    'Training Top',
  ],
  Bags: ['Tote Bag', 'Backpack', 'Clutch', 'Crossbody Bag', 'Shoulder Bag', 'Duffel Bag'],
};
const ADJECTIVES = [
  'Vintage',
  'Classic',
  'Retro',
  'Oversized',
  'Slim',
  'Cropped',
  'Floral',
  'Striped',
  'Wool',
  'Cotton',
  'Linen',
  'Silk',
  'Leather',
  'Suede',
  'Organic',
  'Distressed',
  'High Waisted',
  'Relaxed',
  'Summer',
  'Winter',
  'Cozy',
  'Lightweight',
  'Quilted',
  'Embroidered',
  'Chunky',
  'Minimalist',
  'Y2K',
  '90s',
  'Boho',
  'Preppy',
];

interface Listing {
  id: string;
  title: string;
  brand: string;
  category: string;
  sizes: string[];
  colors: string[];
  condition: string;
  price: number;
  num_likes: number;
  created_at: number;
}

function generate(count: number): Listing[] {
  const listings: Listing[] = [];
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < count; i++) {
    const category = pick(CATEGORIES).name;
    const brand = pick(BRANDS);
    const colors = [pick(COLORS).name];
    if (random() < 0.3) colors.push(pick(COLORS).name);
    const title = `${pick(ADJECTIVES)} ${random() < 0.6 ? `${brand} ` : ''}${random() < 0.3 ? `${colors[0]} ` : ''}${pick(NOUNS[category]!)}`;
    listings.push({
      id: `l${i}`,
      title: title.replace(/\b\w/g, (c) => c.toUpperCase()),
      brand,
      category,
      sizes: random() < 0.2 ? [pick(SIZES).name, pick(SIZES).name] : [pick(SIZES).name],
      colors: [...new Set(colors)],
      condition: pick(CONDITIONS).name,
      price: 500 + Math.floor(random() * 30_000),
      num_likes: Math.floor(random() ** 3 * 500),
      created_at: start + Math.floor(random() * 365 * 86_400_000),
    });
  }
  return listings;
}

// ---------------------------------------------------------------- workloads

const SUGGESTIONS = [
  'ni',
  'nik',
  'vintge',
  'snekers',
  'denim jack',
  'leathr jacket',
  'zar',
  'runing sneak',
  'vintage nike runn',
  'floral dres',
  'wool coa',
  'addidas',
  'lululemon leg',
  'blak',
  'swetr',
  'jeans',
  'sn',
  'bl',
  'summer',
  'cashmere sweat',
  'bomber',
  'pataginia',
  'north face par',
  'retro pum',
  'oversized hoo',
  'levis mom',
  'crossbody',
  'birkenstok',
  'tomy hilfiger',
  'y2k',
  'high waisted jea',
  'trench',
  'embroidred',
  'converse sneakers',
];
const TEXT_QUERIES = [
  'nike',
  'denim jacket',
  'vintage',
  'leather boots',
  'dress',
  'wool',
  'sneakers',
  'zara blazer',
  'cotton t-shirt',
  'bag',
];

function catalogueQueries(count: number): SearchQuery[] {
  const sorts: SearchQuery['sort'][] = [
    [{ field: 'title', order: 'asc' }],
    [{ field: 'price', order: 'asc' }],
    [{ field: 'price', order: 'desc' }],
    [{ field: 'created_at', order: 'desc' }],
    [
      { field: 'num_likes', order: 'desc' },
      { field: 'created_at', order: 'desc' },
    ],
  ];
  const queries: SearchQuery[] = [];
  for (let i = 0; i < count; i++) {
    const filter: SearchFilter = {};
    if (random() < 0.8) filter['category'] = pick(CATEGORIES).name;
    if (random() < 0.4) filter['brand'] = pick(BRANDS);
    if (random() < 0.3) filter['sizes'] = [pick(SIZES).name, pick(SIZES).name];
    if (random() < 0.3) filter['colors'] = pick(COLORS).name;
    if (random() < 0.2) filter['condition'] = pick(CONDITIONS).name;
    if (random() < 0.4) filter['price'] = { gte: 1000, lte: 1000 + Math.floor(random() * 20_000) };
    queries.push({
      filter,
      sort: pick(sorts),
      limit: 20,
      offset: 0,
      facets: ['brand', 'sizes', 'colors', 'condition'],
    });
  }
  return queries;
}

// ---------------------------------------------------------------- measuring

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return `p50 ${at(50).toFixed(2)} ms, p95 ${at(95).toFixed(2)} ms, p99 ${at(99).toFixed(2)} ms`;
}

async function timeEach<Q>(
  queries: Q[],
  runs: number,
  run: (query: Q) => unknown,
): Promise<number[]> {
  for (let i = 0; i < Math.min(50, runs); i++) await run(queries[i % queries.length]!);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(queries[i % queries.length]!);
    samples.push(performance.now() - started);
  }
  return samples;
}

const gc = (globalThis as { gc?: () => void }).gc;
function heapMb(): number {
  gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}

interface Candidate {
  name: string;
  build(listings: Listing[]): Promise<void>;
  suggest?(q: string): Promise<unknown>;
  catalogue?(query: SearchQuery): Promise<unknown>;
  text?(q: string): Promise<unknown>;
  update?(listing: Listing): Promise<void>;
}

// -- candidate 1: the embedded engine
function embeddedCandidate(): Candidate {
  const index = createEmbeddedSearchEngine().index<Listing>('listings');
  return {
    name: 'embedded engine (inverted index + bitsets/columns)',
    async build(listings) {
      await index.configure({
        searchable: ['title', 'brand', 'category'],
        filterable: ['category', 'brand', 'sizes', 'colors', 'condition', 'price'],
        sortable: ['title', 'price', 'created_at', 'num_likes'],
      });
      await index.upsert(listings);
    },
    suggest: (q) => index.search({ q, limit: 6 }),
    catalogue: (query) => index.search(query),
    text: (q) => index.search({ q, limit: 20 }),
    update: (listing) => index.upsert([listing]),
  };
}

// Plain filtering, facets and sort over an array: the shared half of the two other candidates.
function matchesFilter(listing: Listing, filter: SearchFilter): boolean {
  for (const [field, condition] of Object.entries(filter)) {
    const value = (listing as unknown as Record<string, unknown>)[field];
    const values = Array.isArray(value) ? value : [value];
    if (Array.isArray(condition)) {
      if (!condition.some((c) => values.includes(c))) return false;
    } else if (typeof condition === 'object') {
      const n = value as number;
      if (
        (condition.gte !== undefined && n < condition.gte) ||
        (condition.lte !== undefined && n > condition.lte)
      )
        return false;
    } else if (!values.includes(condition)) return false;
  }
  return true;
}
function countFacets(matches: Listing[], facets: string[]) {
  const out: Record<string, Record<string, number>> = {};
  for (const facet of facets) {
    const counts: Record<string, number> = {};
    for (const listing of matches) {
      const value = (listing as unknown as Record<string, unknown>)[facet];
      for (const each of new Set(Array.isArray(value) ? value : [value]))
        counts[String(each)] = (counts[String(each)] ?? 0) + 1;
    }
    out[facet] = counts;
  }
  return out;
}
function compareBy(sort: NonNullable<SearchQuery['sort']>) {
  return (a: Listing, b: Listing) => {
    for (const { field, order } of sort) {
      const x = (a as unknown as Record<string, string | number>)[field]!;
      const y = (b as unknown as Record<string, string | number>)[field]!;
      if (x !== y) return (x < y ? -1 : 1) * (order === 'desc' ? -1 : 1);
    }
    return 0;
  };
}

// -- candidate 2: MiniSearch for text, an array scan for the rest
function miniSearchCandidate(): Candidate {
  let listings: Listing[] = [];
  const byId = new Map<string, Listing>();
  const mini = new MiniSearch<Listing>({
    fields: ['title', 'brand', 'category'],
    searchOptions: {
      combineWith: 'AND',
      prefix: (_term, i, terms) => i === terms.length - 1,
      fuzzy: (term) => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : false),
      boost: { title: 2 },
    },
  });
  const textSearch = (q: string, limit: number) =>
    mini
      .search(q)
      .slice(0, limit)
      .map((r) => byId.get(r.id as string));
  return {
    name: 'MiniSearch 7 (text) + array scan (filters, facets, sort)',
    async build(all) {
      listings = all;
      for (const listing of all) byId.set(listing.id, listing);
      mini.addAll(all);
    },
    suggest: async (q) => textSearch(q, 6),
    text: async (q) => textSearch(q, 20),
    catalogue: async (query) => {
      const matches = listings.filter((listing) => matchesFilter(listing, query.filter ?? {}));
      const facets = countFacets(matches, query.facets ?? []);
      return {
        hits: matches.sort(compareBy(query.sort ?? [])).slice(0, 20),
        total: matches.length,
        facets,
      };
    },
    update: async (listing) => {
      mini.discard(listing.id);
      mini.add(listing);
      byId.set(listing.id, listing);
    },
  };
}

// -- candidate 3: mingo (MongoDB query language) for the catalogue
function mingoCandidate(): Candidate {
  let listings: Listing[] = [];
  const toMongo = (filter: SearchFilter) =>
    Object.fromEntries(
      Object.entries(filter).map(([field, condition]) => [
        field,
        Array.isArray(condition)
          ? { $in: condition }
          : typeof condition === 'object'
            ? { $gte: condition.gte, $lte: condition.lte }
            : condition,
      ]),
    );
  return {
    name: 'mingo 7 (match + sort) + counting loop (facets)',
    async build(all) {
      listings = all;
    },
    catalogue: async (query) => {
      const matches = new Query(toMongo(query.filter ?? {})).find<Listing>(listings).all();
      const facets = countFacets(matches, query.facets ?? []);
      const sort = Object.fromEntries(
        (query.sort ?? []).map(({ field, order }) => [field, order === 'desc' ? -1 : 1]),
      );
      const hits = new Query({}).find<Listing>(matches).sort(sort).limit(20).all();
      return { hits, total: matches.length, facets };
    },
  };
}

const CANDIDATES = [embeddedCandidate, miniSearchCandidate, mingoCandidate];

/** Each candidate runs in its own process so heap figures and JIT state do not mix. */
async function main() {
  const only = process.argv.find((arg) => arg.startsWith('--candidate='));
  if (!only) {
    console.log(
      `${COUNT.toLocaleString('en')} listings, node ${process.version}${gc ? '' : ' (run with --expose-gc for exact heap figures)'}`,
    );
    const { spawnSync } = await import('node:child_process');
    for (let i = 0; i < CANDIDATES.length; i++) {
      spawnSync(
        process.execPath,
        [...process.execArgv, process.argv[1]!, String(COUNT), `--candidate=${i}`],
        { stdio: 'inherit' },
      );
    }
    return;
  }
  const listings = generate(COUNT);
  const catalogue = catalogueQueries(CATALOGUE_RUNS);
  for (const make of [CANDIDATES[Number(only.split('=')[1])]!]) {
    const before = heapMb();
    const candidate = make();
    const started = performance.now();
    await candidate.build(listings);
    const buildMs = performance.now() - started;
    console.log(
      `\n${candidate.name}\n  build ${(buildMs / 1000).toFixed(2)} s, heap +${Math.round(heapMb() - before)} MB`,
    );
    if (candidate.suggest)
      console.log(
        `  (a) suggestions, 6 hits:         ${percentiles(await timeEach(SUGGESTIONS, SUGGESTION_RUNS, candidate.suggest))}`,
      );
    if (candidate.catalogue)
      console.log(
        `  (b) filter + sort + 4 facets:    ${percentiles(await timeEach(catalogue, CATALOGUE_RUNS, candidate.catalogue))}`,
      );
    if (candidate.text)
      console.log(
        `  (c) text search, 20 hits:        ${percentiles(await timeEach(TEXT_QUERIES, TEXT_RUNS, candidate.text))}`,
      );
    if (candidate.update) {
      const updates = listings
        .slice(0, 1000)
        .map((l) => ({ ...l, title: `${l.title} Updated`, price: l.price + 100 }));
      console.log(
        `      re-index one listing:        ${percentiles(await timeEach(updates, updates.length, candidate.update))}`,
      );
    }
  }
}

await main();
