/** Saved-search matching: what matches, where a search is filed, and that filing loses nothing. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATEGORIES, COLORS, CONDITIONS, SIZES, type SavedSearchQuery } from '@rewear/contracts';
import {
  ANY_KEY,
  SavedSearchIndex,
  listingKeys,
  matchByFullScan,
  matchesSavedSearch,
  savedSearchKey,
  type MatchableListing,
} from '../src/index.ts';

const query = (fields: Partial<SavedSearchQuery>): SavedSearchQuery => ({
  q: '',
  category: null,
  brand: null,
  size: null,
  color: null,
  condition: null,
  minPriceCents: null,
  maxPriceCents: null,
  ...fields,
});

const jacket: MatchableListing = {
  title: 'Vintage Denim Jacket',
  description: 'Brass buttons, barely worn',
  brandName: "Levi's",
  categoryName: 'Outerwear',
  sizes: ['Medium'],
  colors: ['blue'],
  conditions: ['Good'],
  priceCents: 4500,
};

describe('matchesSavedSearch', () => {
  it('needs every keyword word among the words of the title, brand, category or description', () => {
    expect(matchesSavedSearch(query({ q: 'denim jacket' }), jacket)).toBe(true);
    expect(matchesSavedSearch(query({ q: 'DÉNIM  brass' }), jacket)).toBe(true);
    expect(matchesSavedSearch(query({ q: 'outerwear' }), jacket)).toBe(true);
    expect(matchesSavedSearch(query({ q: 'denim skirt' }), jacket)).toBe(false);
    // Whole words: "jack" is not "jacket".
    expect(matchesSavedSearch(query({ q: 'jack' }), jacket)).toBe(false);
  });

  it('needs every filter set, names without case and prices inclusive', () => {
    expect(matchesSavedSearch(query({ brand: "levi's", size: 'medium' }), jacket)).toBe(true);
    expect(matchesSavedSearch(query({ category: 'Outerwear', color: 'blue' }), jacket)).toBe(true);
    expect(matchesSavedSearch(query({ category: 'Dresses' }), jacket)).toBe(false);
    expect(matchesSavedSearch(query({ condition: 'NWT' }), jacket)).toBe(false);
    expect(matchesSavedSearch(query({ q: 'denim', minPriceCents: 4500 }), jacket)).toBe(true);
    expect(matchesSavedSearch(query({ q: 'denim', maxPriceCents: 4500 }), jacket)).toBe(true);
    expect(matchesSavedSearch(query({ q: 'denim', maxPriceCents: 4499 }), jacket)).toBe(false);
    expect(matchesSavedSearch(query({ minPriceCents: 4501 }), jacket)).toBe(false);
  });
});

describe('savedSearchKey', () => {
  it('files a search under its most selective term: a keyword word, the longest', () => {
    expect(savedSearchKey(query({ q: 'red silk dress', category: 'Dresses' }))).toBe('w:dress');
    expect(savedSearchKey(query({ q: 'wool coat' }))).toBe('w:coat');
    expect(savedSearchKey(query({ brand: 'Zara', category: 'Tops' }))).toBe('b:zara');
    expect(savedSearchKey(query({ category: 'Tops', size: 'XS' }))).toBe('c:tops');
    expect(savedSearchKey(query({ size: 'XS', color: 'red' }))).toBe('s:xs');
    expect(savedSearchKey(query({ color: 'red', condition: 'NWT' }))).toBe('k:red');
    expect(savedSearchKey(query({ condition: 'NWT' }))).toBe('d:nwt');
    expect(savedSearchKey(query({ maxPriceCents: 2000 }))).toBe(ANY_KEY);
  });

  it("is always one of a matching listing's keys", () => {
    const matching = query({ q: 'jacket', brand: "Levi's", size: 'Medium' });
    expect(matchesSavedSearch(matching, jacket)).toBe(true);
    expect(listingKeys(jacket)).toContain(savedSearchKey(matching));
  });
});

describe('SavedSearchIndex', () => {
  it('checks only the searches filed under the listing’s terms', () => {
    const index = new SavedSearchIndex();
    index.add({ id: 'a', query: query({ q: 'denim' }) });
    index.add({ id: 'b', query: query({ q: 'silk' }) });
    index.add({ id: 'c', query: query({ category: 'Dresses' }) });
    index.add({ id: 'd', query: query({ brand: "Levi's", maxPriceCents: 1000 }) });
    const { matches, candidates } = index.match(jacket);
    expect(matches.map((search) => search.id)).toEqual(['a']);
    // 'a' and 'd' are candidates (filed under denim, levi's); 'b' and 'c' are never looked at.
    expect(candidates).toBe(2);
    index.remove('a');
    expect(index.match(jacket).matches).toEqual([]);
    expect(index.size).toBe(3);
  });

  it('finds exactly what a full scan finds', () => {
    const words = ['denim', 'jacket', 'silk', 'dress', 'wool', 'coat', 'vintage', 'linen'];
    const names = (items: readonly { name: string }[]) => items.map((item) => item.name);
    const brands = ['Zara', 'Nike', "Levi's", 'H&M'];
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
    const searchArb = fc.record({
      q: fc.array(fc.constantFrom(...words), { maxLength: 3 }).map((picked) => picked.join(' ')),
      category: maybe(fc.constantFrom(...names(CATEGORIES))),
      brand: maybe(fc.constantFrom(...brands)),
      size: maybe(fc.constantFrom(...names(SIZES))),
      color: maybe(fc.constantFrom(...names(COLORS))),
      condition: maybe(fc.constantFrom(...names(CONDITIONS))),
      minPriceCents: maybe(fc.integer({ min: 0, max: 5000 })),
      maxPriceCents: maybe(fc.integer({ min: 2000, max: 10000 })),
    });
    const listingArb = fc.record({
      title: fc
        .array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 })
        .map((w) => w.join(' ')),
      description: fc.constantFrom('', 'Barely worn', 'Vintage linen blend'),
      brandName: fc.constantFrom(...brands),
      categoryName: fc.constantFrom(...names(CATEGORIES)),
      sizes: fc.subarray(names(SIZES)),
      colors: fc.subarray(names(COLORS)),
      conditions: fc.subarray(names(CONDITIONS), { minLength: 1, maxLength: 1 }),
      priceCents: fc.integer({ min: 0, max: 10000 }),
    });
    fc.assert(
      fc.property(fc.array(searchArb, { maxLength: 60 }), listingArb, (queries, listing) => {
        const searches = queries.map((q, i) => ({ id: `s${i}`, query: q }));
        const index = new SavedSearchIndex();
        for (const search of searches) index.add(search);
        const ids = (found: { id: string }[]) => found.map((search) => search.id).sort();
        const indexed = index.match(listing);
        const scanned = matchByFullScan(searches, listing);
        expect(ids(indexed.matches)).toEqual(ids(scanned.matches));
        expect(indexed.candidates).toBeLessThanOrEqual(scanned.candidates);
      }),
      { numRuns: 300 },
    );
  });
});
