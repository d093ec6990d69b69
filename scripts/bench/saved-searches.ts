/**
 * Saved-search matching benchmark (docs/product.md §14, docs/performance.md): builds N saved
 * searches and matches new listings against them three ways, printing per-listing match time
 * (p50/p95/p99) and how many searches each listing had checked in full:
 *
 *   - full scan: every search checked against the listing (what not to do);
 *   - key index: the searches filed under the listing's terms only (SavedSearchIndex, in memory);
 *   - read model: what the saved-search notifier does, on the in-memory read-model engine: one
 *     `find({ index_key: { $in: listing's keys } })` served by the collection's index, then the
 *     full check of those candidates.
 *
 *   npm run bench:saved-searches                          # 10,000 and 100,000 searches, 2,000 listings
 *   npm run bench:saved-searches -- --searches 100000 --listings 5000 --seed 7
 *
 * The data are drawn with a fixed seed: keywords and brands by a Zipf law (a few words, such as
 * "black" or "dress", are in many searches and many titles), filters as the catalogue offers them.
 */
import { parseArgs } from 'node:util';
import { CATEGORIES, COLORS, CONDITIONS, SIZES, type SavedSearchQuery } from '@rewear/contracts';
import { createMemoryReadModelStore } from '@rewear/platform';
import {
  READ_MODELS,
  SavedSearchIndex,
  listingKeys,
  matchByFullScan,
  matchesSavedSearch,
  savedSearchKey,
  type MatchableListing,
  type SavedSearchDoc,
} from '@rewear/projectors';

const { values } = parseArgs({
  options: {
    searches: { type: 'string', default: '10000,100000' },
    listings: { type: 'string', default: '2000' },
    // The full scan is the slow reference: measured on the first listings only.
    'scan-listings': { type: 'string', default: '200' },
    seed: { type: 'string', default: '42' },
  },
});
const SEARCH_COUNTS = values.searches.split(',').map(Number);
const LISTINGS = Number(values.listings);
const SCAN_LISTINGS = Math.min(LISTINGS, Number(values['scan-listings']));

/** mulberry32: a small seeded generator, so every run draws the same data. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(Number(values.seed));
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;

/**
 * Zipf-like picks: item i is drawn with weight 1 / (i + 10), so the commonest word is in about
 * 2 % of the draws and a long tail of words is rare.
 */
function zipf<T>(items: readonly T[]): () => T {
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < items.length; i++) cumulative.push((total += 1 / (i + 10)));
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

const BASE_WORDS = [
  'black',
  'dress',
  'jacket',
  'denim',
  'white',
  'vintage',
  'shirt',
  'coat',
  'leather',
  'blue',
  'wool',
  'boots',
  'skirt',
  'linen',
  'silk',
  'knit',
  'jumper',
  'cotton',
  'midi',
  'oversized',
  'floral',
  'trainers',
  'bag',
  'cardigan',
  'blazer',
  'jeans',
  'summer',
  'striped',
  'cashmere',
  'suede',
  'mini',
  'maxi',
  'puffer',
  'trench',
  'hoodie',
  'sandals',
  'heels',
  'belt',
  'scarf',
  'velvet',
  'satin',
  'pleated',
  'cropped',
  'wide',
  'straight',
  'slim',
  'retro',
  'tote',
  'beanie',
];
// A long tail of rarer words, as real titles have (model names, materials, details).
const WORDS = [...BASE_WORDS, ...Array.from({ length: 2000 }, (_, i) => `term${i.toString(36)}`)];
const BRANDS = Array.from({ length: 300 }, (_, i) => `Brand ${i}`);
const names = (items: readonly { name: string }[]) => items.map((item) => item.name);
const CATEGORY_NAMES = names(CATEGORIES);
const SIZE_NAMES = names(SIZES);
const COLOR_NAMES = names(COLORS);
const CONDITION_NAMES = names(CONDITIONS);
const word = zipf(WORDS);
const brand = zipf(BRANDS);

const emptyQuery = (): SavedSearchQuery => ({
  q: '',
  category: null,
  brand: null,
  size: null,
  color: null,
  condition: null,
  minPriceCents: null,
  maxPriceCents: null,
});

/** One saved search, in the proportions people save them. */
function randomQuery(): SavedSearchQuery {
  const query = emptyQuery();
  const kind = random();
  if (kind < 0.6) {
    query.q = Array.from({ length: 1 + Math.floor(random() * 3) }, word).join(' ');
    if (chance(0.3)) query.category = pick(CATEGORY_NAMES);
    if (chance(0.2)) query.size = pick(SIZE_NAMES);
  } else if (kind < 0.75) {
    query.brand = brand();
    if (chance(0.4)) query.category = pick(CATEGORY_NAMES);
  } else if (kind < 0.9) {
    query.category = pick(CATEGORY_NAMES);
    if (chance(0.5)) query.size = pick(SIZE_NAMES);
    if (chance(0.3)) query.color = pick(COLOR_NAMES);
  } else if (kind < 0.98) {
    if (chance(0.5)) query.size = pick(SIZE_NAMES);
    else query.color = pick(COLOR_NAMES);
    if (chance(0.5)) query.condition = pick(CONDITION_NAMES);
  }
  // The last 2 % narrow by price alone (filed under '*': a candidate for every listing).
  if (chance(0.4) || (!query.q && Object.values(query).every((v) => v === null || v === '')))
    query.maxPriceCents = 1000 + Math.floor(random() * 20000);
  return query;
}

function randomListing(): MatchableListing {
  return {
    title: Array.from({ length: 3 + Math.floor(random() * 3) }, word).join(' '),
    description: Array.from({ length: 8 }, word).join(' '),
    brandName: brand(),
    categoryName: pick(CATEGORY_NAMES),
    sizes: [pick(SIZE_NAMES)],
    colors: [pick(COLOR_NAMES)],
    conditions: [pick(CONDITION_NAMES)],
    priceCents: 500 + Math.floor(random() * 30000),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface PassResult {
  pass: string;
  times: number[];
  candidates: number;
  matches: number;
  /** Matches of the first SCAN_LISTINGS listings, to compare with the full scan's. */
  scannedMatches: number;
}

async function timePass(
  pass: string,
  listings: readonly MatchableListing[],
  match: (listing: MatchableListing) => Promise<{ candidates: number; matches: number }>,
): Promise<PassResult> {
  // Warm-up on the first listings, so compiled code is measured.
  for (const listing of listings.slice(0, 50)) await match(listing);
  const result: PassResult = { pass, times: [], candidates: 0, matches: 0, scannedMatches: 0 };
  for (const [i, listing] of listings.entries()) {
    const start = performance.now();
    const { candidates, matches } = await match(listing);
    result.times.push(performance.now() - start);
    result.candidates += candidates;
    result.matches += matches;
    if (i < SCAN_LISTINGS) result.scannedMatches += matches;
  }
  result.times.sort((a, b) => a - b);
  return result;
}

const ms = (value: number) => value.toFixed(3).padStart(8);

async function run(searchCount: number) {
  const searches = Array.from({ length: searchCount }, (_, i) => ({
    id: `s${i}`,
    query: randomQuery(),
  }));
  const listings = Array.from({ length: LISTINGS }, randomListing);

  const index = new SavedSearchIndex();
  for (const search of searches) index.add(search);

  const store = createMemoryReadModelStore();
  const collection = store.collection<SavedSearchDoc>(READ_MODELS.savedSearches);
  await collection.ensureIndexes([{ keys: { index_key: 1 } }, { keys: { user_id: 1 } }]);
  for (const search of searches)
    await collection.put({
      _id: search.id,
      user_id: `u${search.id}`,
      name: search.id,
      query: search.query,
      saved_at: '2026-01-01T00:00:00.000Z',
      last_opened_at: null,
      new_listing_ids: [],
      index_key: savedSearchKey(search.query),
    });

  const passes = [
    await timePass('full scan', listings.slice(0, SCAN_LISTINGS), async (listing) => {
      const found = matchByFullScan(searches, listing);
      return { candidates: found.candidates, matches: found.matches.length };
    }),
    await timePass('key index', listings, async (listing) => {
      const found = index.match(listing);
      return { candidates: found.candidates, matches: found.matches.length };
    }),
    await timePass('read model', listings, async (listing) => {
      const candidates = await collection.find(
        { index_key: { $in: [...new Set(listingKeys(listing))] } },
        { readonly: true },
      );
      const matches = candidates.filter((search) => matchesSavedSearch(search.query, listing));
      return { candidates: candidates.length, matches: matches.length };
    }),
  ];
  const [scan, ...indexed] = passes;
  for (const pass of indexed)
    if (pass.scannedMatches !== scan!.matches)
      throw new Error(
        `${pass.pass} found ${pass.scannedMatches} matches, the full scan ${scan!.matches}`,
      );
  const indexedPass = indexed[0]!;

  console.log(
    `\n${searchCount.toLocaleString('en')} saved searches, ${LISTINGS.toLocaleString('en')} new listings` +
      ` (full scan: the first ${SCAN_LISTINGS}); ${(indexedPass.matches / LISTINGS).toFixed(1)} matches per listing`,
  );
  console.log('pass          p50 ms   p95 ms   p99 ms   candidates/listing   of a full scan');
  for (const pass of passes) {
    const perListing = pass.candidates / pass.times.length;
    console.log(
      `${pass.pass.padEnd(12)}${ms(percentile(pass.times, 50))} ${ms(percentile(pass.times, 95))} ${ms(
        percentile(pass.times, 99),
      )}   ${perListing.toFixed(0).padStart(18)}   ${((perListing / searchCount) * 100).toFixed(2).padStart(13)} %`,
    );
  }
  await store.close();
}

for (const count of SEARCH_COUNTS) await run(count);
