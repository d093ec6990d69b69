/**
 * Matching new listings against saved searches (docs/product.md §14), without scanning them all.
 *
 * A search is filed under one key: its most selective required term (a keyword word, else the
 * brand, the category, the size, the color, the condition; a search on price alone under `*`).
 * A listing's keys are all the terms it has (every word of its text, its brand, its category,
 * sizes, colors, conditions, and `*`). A search can match a listing only if its key is among the
 * listing's keys, so only the searches filed under those keys are candidates, and only they are
 * checked in full. The saved-search notifier keeps the key on each search document and lets the
 * read model's index on it do the filing; `SavedSearchIndex` is the same in memory, for tests
 * and the benchmark.
 *
 * Everything here is pure.
 */
import type { SavedSearchQuery } from '@rewear/contracts';

/** What matching needs of a listing, with names as the catalogue shows them. */
export interface MatchableListing {
  title: string;
  description: string;
  brandName: string;
  categoryName: string;
  sizes: readonly string[];
  colors: readonly string[];
  conditions: readonly string[];
  priceCents: number;
}

const DIACRITICS = /[\u0300-\u036f]/g;
const WORD_SEPARATORS = /[^\p{L}\p{N}]+/u;

/** Lower case, without diacritics, as the search box compares. */
export const normalise = (text: string) =>
  text.normalize('NFKD').replace(DIACRITICS, '').toLowerCase().trim();

/** The distinct words of a text, normalised. */
export function wordsOf(text: string): string[] {
  return [...new Set(normalise(text).split(WORD_SEPARATORS).filter(Boolean))];
}

/** The words a listing is found by: its title, brand, category and description. */
const listingWords = (listing: MatchableListing) =>
  new Set(
    wordsOf(`${listing.title} ${listing.brandName} ${listing.categoryName} ${listing.description}`),
  );

const anyOf = (values: readonly string[], wanted: string) =>
  values.some((value) => normalise(value) === normalise(wanted));

/**
 * Whether a listing matches a saved search: every word of the keyword is a word of the listing's
 * text, and every filter set holds (names compared without case; prices inclusive).
 */
export function matchesSavedSearch(query: SavedSearchQuery, listing: MatchableListing): boolean {
  if (query.minPriceCents !== null && listing.priceCents < query.minPriceCents) return false;
  if (query.maxPriceCents !== null && listing.priceCents > query.maxPriceCents) return false;
  if (query.category !== null && normalise(listing.categoryName) !== normalise(query.category))
    return false;
  if (query.brand !== null && normalise(listing.brandName) !== normalise(query.brand)) return false;
  if (query.size !== null && !anyOf(listing.sizes, query.size)) return false;
  if (query.color !== null && !anyOf(listing.colors, query.color)) return false;
  if (query.condition !== null && !anyOf(listing.conditions, query.condition)) return false;
  const wanted = wordsOf(query.q);
  if (wanted.length === 0) return true;
  const words = listingWords(listing);
  return wanted.every((word) => words.has(word));
}

/** The key of a search that only a price range narrows: every listing is a candidate. */
export const ANY_KEY = '*';

/**
 * The key a search is filed under: its most selective required term. Of a keyword, its longest
 * word (longer words are rarer; ties by alphabet, so the choice depends on the query alone).
 */
export function savedSearchKey(query: SavedSearchQuery): string {
  const words = wordsOf(query.q);
  if (words.length > 0) {
    const longest = [...words].sort((a, b) => b.length - a.length || a.localeCompare(b))[0]!;
    return `w:${longest}`;
  }
  if (query.brand !== null) return `b:${normalise(query.brand)}`;
  if (query.category !== null) return `c:${normalise(query.category)}`;
  if (query.size !== null) return `s:${normalise(query.size)}`;
  if (query.color !== null) return `k:${normalise(query.color)}`;
  if (query.condition !== null) return `d:${normalise(query.condition)}`;
  return ANY_KEY;
}

/** Every key a search matching this listing can be filed under. */
export function listingKeys(listing: MatchableListing): string[] {
  return [
    ...[...listingWords(listing)].map((word) => `w:${word}`),
    `b:${normalise(listing.brandName)}`,
    `c:${normalise(listing.categoryName)}`,
    ...listing.sizes.map((size) => `s:${normalise(size)}`),
    ...listing.colors.map((color) => `k:${normalise(color)}`),
    ...listing.conditions.map((condition) => `d:${normalise(condition)}`),
    ANY_KEY,
  ];
}

export interface IndexedSearch {
  id: string;
  query: SavedSearchQuery;
}

/** What one match found, and how much it looked at to find it. */
export interface MatchResult<S> {
  matches: S[];
  /** Searches checked in full (a full scan checks them all). */
  candidates: number;
}

/** Saved searches filed by key, in memory: the same filing as the read model's, for measuring. */
export class SavedSearchIndex<S extends IndexedSearch = IndexedSearch> {
  private readonly byKey = new Map<string, Map<string, S>>();
  private readonly keyOf = new Map<string, string>();

  get size(): number {
    return this.keyOf.size;
  }

  add(search: S): void {
    this.remove(search.id);
    const key = savedSearchKey(search.query);
    let bucket = this.byKey.get(key);
    if (!bucket) this.byKey.set(key, (bucket = new Map()));
    bucket.set(search.id, search);
    this.keyOf.set(search.id, key);
  }

  remove(id: string): void {
    const key = this.keyOf.get(id);
    if (key === undefined) return;
    const bucket = this.byKey.get(key)!;
    bucket.delete(id);
    if (bucket.size === 0) this.byKey.delete(key);
    this.keyOf.delete(id);
  }

  /** The searches a listing matches, checking only those filed under its keys. */
  match(listing: MatchableListing): MatchResult<S> {
    const matches: S[] = [];
    let candidates = 0;
    for (const key of new Set(listingKeys(listing))) {
      const bucket = this.byKey.get(key);
      if (!bucket) continue;
      candidates += bucket.size;
      for (const search of bucket.values())
        if (matchesSavedSearch(search.query, listing)) matches.push(search);
    }
    return { matches, candidates };
  }
}

/** The naive way, for comparison: every search checked against the listing. */
export function matchByFullScan<S extends IndexedSearch>(
  searches: Iterable<S>,
  listing: MatchableListing,
): MatchResult<S> {
  const matches: S[] = [];
  let candidates = 0;
  for (const search of searches) {
    candidates += 1;
    if (matchesSavedSearch(search.query, listing)) matches.push(search);
  }
  return { matches, candidates };
}
