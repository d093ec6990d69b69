/**
 * The query mix of `bench:search`, made from a seed so every engine gets the same requests in the
 * same order. Each request is written twice: as the storefront's HTTP route (query-api) and as
 * the search query that route asks its engine (what the engines are sent directly), the latter
 * derived with query-api's own parsing so both always ask the same.
 */
import { CATEGORIES, SIZES } from '@rewear/contracts';
import type { SearchQuery } from '@rewear/platform';
import { filterQuery, searchQueryOfFilter } from '@rewear/query-api';
import {
  ADJECTIVES,
  COLOR_WORDS,
  GARMENT_NOUNS,
  SEED_BRANDS,
  createRandom,
  type Random,
} from '@rewear/seed';

export interface BenchRequest {
  /** Path and query of the query-api route. */
  api: string;
  /** What that route asks its search engine. */
  search: SearchQuery;
}

export const SCENARIOS = ['suggestions', 'catalogue', 'deep pages', 'cold mix'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const SCENARIO_LABELS: Record<Scenario, string> = {
  suggestions: 'suggestions (6 hits, typos, prefix)',
  catalogue: 'catalogue (4 filters, sort, 5 facets)',
  'deep pages': 'deep pages (page 50-150)',
  'cold mix': 'cold mix (distinct, never repeated)',
};

/** Words shoppers type: the seed's adjectives, garment words, colours and brands. */
const WORDS = [
  ...new Set(
    [
      ...ADJECTIVES,
      ...Object.values(GARMENT_NOUNS).flat(),
      ...Object.values(COLOR_WORDS).flat(),
      ...SEED_BRANDS.map((b) => b.name),
    ]
      .flatMap((phrase) => phrase.toLowerCase().split(/[^a-z0-9]+/))
      .filter((word) => word.length >= 3),
  ),
];

/** One typo, as a shopper makes it: a letter dropped, doubled, swapped with the next or replaced. */
function typo(word: string, random: Random): string {
  if (word.length < 5) return word;
  const at = random.int(1, word.length - 2);
  switch (random.int(0, 3)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default:
      return word.slice(0, at) + random.pick([...'aeiourstln']) + word.slice(at + 1);
  }
}

/** One or two words, often with a typo, the last one sometimes cut short as while typing. */
function typedText(random: Random): string {
  const words = Array.from({ length: random.int(1, 2) }, () => {
    const word = random.pick(WORDS);
    return random.chance(0.6) ? typo(word, random) : word;
  });
  const last = words[words.length - 1]!;
  if (last.length >= 5 && random.chance(0.4))
    words[words.length - 1] = last.slice(0, random.int(3, last.length - 1));
  return words.join(' ');
}

function filterRequest(params: Record<string, string | number>): BenchRequest {
  const query = new URLSearchParams(
    Object.entries(params).map(([key, value]) => [key, String(value)]),
  ).toString();
  return {
    api: `/api/products/filter?${query}`,
    search: searchQueryOfFilter(filterQuery.parse(Object.fromEntries(new URLSearchParams(query)))),
  };
}

const CATEGORY_NAMES = CATEGORIES.map((c) => c.name);
const SIZE_NAMES = SIZES.map((s) => s.name);
const BRAND_NAMES = SEED_BRANDS.map((b) => b.name);

function makeOne(scenario: Scenario, random: Random, listings: number): BenchRequest {
  switch (scenario) {
    case 'suggestions': {
      const q = typedText(random);
      return { api: `/api/search/suggestions?q=${encodeURIComponent(q)}`, search: { q, limit: 6 } };
    }
    case 'catalogue': {
      const low = random.pick([0, 10, 20, 50]);
      return filterRequest({
        category: random.pick(CATEGORY_NAMES),
        brand: random.pick(BRAND_NAMES),
        size: random.pick(SIZE_NAMES),
        minPrice: low,
        maxPrice: low + random.pick([50, 100, 200]),
        sort: random.pick(['price_low', 'price_high', 'newest']),
        page: random.int(1, 3),
        pageSize: 20,
        facets: 'true',
      });
    }
    case 'deep pages': {
      // Pages 50 to 150 of a category; at fewer listings, as deep as the category goes.
      const last = Math.max(2, Math.min(150, Math.floor(listings / CATEGORIES.length / 20)));
      return filterRequest({
        category: random.pick(CATEGORY_NAMES),
        sort: random.pick(['price_low', 'price_high', 'newest']),
        page: random.int(Math.min(50, last - 1), last),
        pageSize: 20,
      });
    }
    case 'cold mix': {
      if (random.chance(1 / 3)) {
        const q = typedText(random);
        const page = random.int(1, 5);
        return {
          api: `/api/search/results?query=${encodeURIComponent(q)}&page=${page}&pageSize=20`,
          search: { q, offset: (page - 1) * 20, limit: 20 },
        };
      }
      const low = random.int(0, 80);
      return filterRequest({
        category: random.pick(CATEGORY_NAMES),
        size: random.pick(SIZE_NAMES),
        minPrice: low,
        maxPrice: low + random.int(5, 300),
        ...random.pick<Record<string, string>>([
          { sort: 'price_low' },
          { sort: 'price_high' },
          { sort: 'newest' },
          { sort: 'popular' },
          { sortBy: 'title', sortOrder: 'ASC' },
        ]),
        page: random.int(1, 10),
        pageSize: 20,
        facets: 'true',
      });
    }
  }
}

/**
 * `count` requests of a scenario from `seed`. The cold mix never repeats one, nor any request of
 * `excluded` (its warm-up must not make the timed part's answers).
 */
export function makeRequests(
  scenario: Scenario,
  count: number,
  seed: number,
  listings: number,
  excluded: ReadonlySet<string> = new Set(),
): BenchRequest[] {
  const random = createRandom(seed);
  const seen = new Set<string>();
  const out: BenchRequest[] = [];
  for (let attempts = 0; out.length < count && attempts < count * 50; attempts++) {
    const request = makeOne(scenario, random, listings);
    if (scenario === 'cold mix' && (seen.has(request.api) || excluded.has(request.api))) continue;
    seen.add(request.api);
    out.push(request);
  }
  return out;
}

/** The timed requests and a warm-up of other requests down the same code, per scenario. */
export function scenarioRequests(
  scenario: Scenario,
  listings: number,
  timed: number,
  warmUp: number,
): { timed: BenchRequest[]; warmUp: BenchRequest[] } {
  const seed = 1000 + SCENARIOS.indexOf(scenario);
  const timedRequests = makeRequests(scenario, timed, seed, listings);
  const warmUpRequests = makeRequests(
    scenario,
    warmUp,
    seed + 500,
    listings,
    new Set(timedRequests.map((r) => r.api)),
  );
  return { timed: timedRequests, warmUp: warmUpRequests };
}
