/**
 * One contract for every search engine: the embedded engine always, Meilisearch when MEILI_URL
 * answers. Each run uses fresh index names.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SearchEngine,
  type SearchIndex,
  type SearchSettings,
  createEmbeddedSearchEngine,
} from '@rewear/platform';
import { createMeiliSearchEngine, plainQuery, toMeiliFilter } from '@rewear/meilisearch';
import { reportSkip } from '@rewear/testing';
import { contractEngine } from './engines.ts';

interface Item {
  id: string;
  title: string;
  brand: string;
  category: string;
  colors: string[];
  size: string;
  price: number;
  likes: number;
}

const items: Item[] = [
  {
    id: 'i1',
    title: 'Vintage Nike Running Sneakers',
    brand: 'Nike',
    category: 'Shoes',
    colors: ['White', 'Red'],
    size: 'M',
    price: 6000,
    likes: 12,
  },
  {
    id: 'i2',
    title: 'Classic Denim Jacket',
    brand: "Levi's",
    category: 'Jackets',
    colors: ['Blue'],
    size: 'L',
    price: 4500,
    likes: 30,
  },
  {
    id: 'i3',
    title: 'Leather Biker Jacket',
    brand: 'Zara',
    category: 'Jackets',
    colors: ['Black'],
    size: 'M',
    price: 9900,
    likes: 30,
  },
  {
    id: 'i4',
    title: 'Nike Windbreaker',
    brand: 'Nike',
    category: 'Jackets',
    colors: ['Black', 'Red'],
    size: 'S',
    price: 3500,
    likes: 5,
  },
  {
    id: 'i5',
    title: 'Floral Summer Dress',
    brand: 'Zara',
    category: 'Dresses',
    colors: ['Red', 'White'],
    size: 'S',
    price: 2500,
    likes: 18,
  },
  {
    id: 'i6',
    title: 'Wool Winter Coat',
    brand: 'Mango',
    category: 'Coats',
    colors: ['Grey'],
    size: 'L',
    price: 12000,
    likes: 7,
  },
  {
    id: 'i7',
    title: 'Adidas Running Shorts',
    brand: 'Adidas',
    category: 'Sportswear',
    colors: ['Black'],
    size: 'M',
    price: 1500,
    likes: 3,
  },
  {
    id: 'i8',
    title: 'Denim Skirt',
    brand: "Levi's",
    category: 'Skirts',
    colors: ['Blue'],
    size: 'S',
    price: 2000,
    likes: 9,
  },
];

const settings: SearchSettings = {
  searchable: ['title', 'brand', 'category'],
  filterable: ['brand', 'category', 'colors', 'size', 'price'],
  sortable: ['price', 'likes', 'title'],
};

const meili = await contractEngine('meilisearch');
reportSkip('search index contract (Meilisearch)', meili);

const engines: Array<{ name: string; reachable: boolean; open: () => SearchEngine }> = [
  { name: 'embedded', reachable: true, open: createEmbeddedSearchEngine },
  {
    name: 'meilisearch',
    reachable: meili.available,
    open: () =>
      createMeiliSearchEngine({
        url: meili.url!,
        apiKey: process.env.MEILI_MASTER_KEY ?? process.env.MEILI_API_KEY,
      }),
  },
];

describe('Meilisearch filter expressions', () => {
  it('quotes strings so a value cannot break out, and joins every kind with AND', () => {
    expect(
      toMeiliFilter({
        brand: 'Levi"s \\ OR 1 = 1',
        size: ['S', 'M'],
        price: { gte: 10, lt: 50 },
        likes: 3,
      }),
    ).toBe(
      '(brand = "Levi\\"s \\\\ OR 1 = 1") AND (size IN ["S", "M"]) AND (price >= 10 AND price < 50) AND (likes = 3)',
    );
    expect(() => toMeiliFilter({ 'brand = "x" OR x': 'y' })).toThrow(/attribute/i);
    expect(toMeiliFilter({})).toBeUndefined();
  });

  it('sends queries as plain words: no phrases, no excluded words', () => {
    expect(plainQuery('"denim jacket" -leather --x')).toBe(' denim jacket  leather x');
    expect(plainQuery('t-shirt - top')).toBe('t-shirt  top');
  });
});

for (const engine of engines) {
  describe.skipIf(!engine.reachable)(`SearchIndex contract: ${engine.name}`, () => {
    let searchEngine: SearchEngine;
    let index: SearchIndex<Item>;
    const used: SearchIndex<Item>[] = [];
    const ids = (hits: readonly Item[]) => hits.map((hit) => hit.id);
    const sorted = (hits: readonly Item[]) => ids(hits).sort();

    const fresh = async () => {
      const created = searchEngine.index<Item>(`contract_${randomUUID().slice(0, 8)}`);
      used.push(created);
      await created.configure(settings);
      await created.upsert(items);
      return created;
    };

    beforeAll(async () => {
      searchEngine = engine.open();
      index = await fresh();
    });
    afterAll(async () => {
      for (const each of used) await each.clear();
      await searchEngine.close();
    });

    it('an empty query matches everything', async () => {
      const result = await index.search({ q: '', limit: 100 });
      expect(result.total).toBe(items.length);
      expect(sorted(result.hits)).toEqual(ids(items).sort());
      expect((await index.search({})).total).toBe(items.length);
    });

    it('tolerates typos by word length: none under 5 characters, 1 from 5, 2 from 9', async () => {
      expect(sorted((await index.search({ q: 'snekers' })).hits)).toEqual(['i1']); // 1 typo, 7 chars
      expect(sorted((await index.search({ q: 'jakcet leathr' })).hits)).toEqual(['i3']); // transposition + deletion
      expect(sorted((await index.search({ q: 'windbraeker' })).hits)).toEqual(['i4']); // transposition, 11 chars
      expect(sorted((await index.search({ q: 'wimdbreakr' })).hits)).toEqual(['i4']); // 2 typos, 10 chars
      expect((await index.search({ q: 'snnekars' })).total).toBe(0); // 2 typos, 8 chars
      expect((await index.search({ q: 'wool cota' })).total).toBe(0); // a typo in a 4-letter word
    });

    it('counts a typo on the first letter as two', async () => {
      expect((await index.search({ q: 'kenim skirt' })).total).toBe(0);
      expect((await index.search({ q: 'xlassic' })).total).toBe(0);
    });

    it('matches the last word as a prefix, the others as whole words', async () => {
      expect(sorted((await index.search({ q: 'jack' })).hits)).toEqual(['i2', 'i3', 'i4']); // i4 by its category
      expect(sorted((await index.search({ q: 'running sho' })).hits)).toEqual(['i1', 'i7']); // shoes, shorts
      expect(sorted((await index.search({ q: 'running shor' })).hits)).toEqual(['i7']);
      expect(sorted((await index.search({ q: 'runn' })).hits)).toEqual(['i1', 'i7']);
      expect((await index.search({ q: 'runn nike' })).total).toBe(0);
    });

    it('reads quotes and a leading minus as nothing: every word must match, in any order', async () => {
      expect(sorted((await index.search({ q: 'jacket -denim' })).hits)).toEqual(['i2']);
      expect(sorted((await index.search({ q: '"jacket leather"' })).hits)).toEqual(['i3']);
      expect(sorted((await index.search({ q: '-denim' })).hits)).toEqual(['i2', 'i8']);
    });

    it('requires every word and searches every searchable attribute', async () => {
      expect(sorted((await index.search({ q: 'nike jacket' })).hits)).toEqual(['i4']);
      expect(sorted((await index.search({ q: 'zara' })).hits)).toEqual(['i3', 'i5']);
      expect(sorted((await index.search({ q: 'levis denim' })).hits)).toEqual(['i2', 'i8']);
    });

    it('ranks an exact word above a typo when no sort is given', async () => {
      const search = searchEngine.index<Item>(`contract_${randomUUID().slice(0, 8)}`);
      used.push(search);
      await search.configure(settings);
      await search.upsert([
        { ...items[0]!, id: 'typo', title: 'Velvet Blazzer' },
        { ...items[0]!, id: 'exact', title: 'Cotton Blazer' },
      ]);
      expect(ids((await search.search({ q: 'blazer' })).hits)).toEqual(['exact', 'typo']);
    });

    it('matches a word as two adjacent words and adjacent words as one, as Meilisearch does', async () => {
      const search = searchEngine.index<Item>(`contract_${randomUUID().slice(0, 8)}`);
      used.push(search);
      await search.configure(settings);
      await search.upsert([
        { ...items[0]!, id: 'tnf', title: 'The North Face Puffer', brand: 'The North Face' },
        { ...items[0]!, id: 'wind', title: 'Windbreaker Anorak', brand: 'Nike' },
        { ...items[0]!, id: 'tee', title: 'Crew Neck Tee', brand: 'Gap' },
        { ...items[0]!, id: 'mask', title: 'Face Mask North Star', brand: 'Gap' },
      ]);
      const find = async (q: string) => sorted((await search.search({ q })).hits);
      expect(await find('northface')).toEqual(['tnf']); // not 'mask': its words are apart
      expect(await find('northface puffer')).toEqual(['tnf']);
      expect(await find('crewneck')).toEqual(['tee']);
      expect(await find('wind breaker')).toEqual(['wind']);
      expect(await find('wind breaker anorak')).toEqual(['wind']);
      expect(await find('windbreakr anorak')).toEqual(['wind']); // a typo still
      expect(await find('wind braeker')).toEqual(['wind']); // joined: 11 letters, 1 typo left
      expect(await find('north face')).toEqual(['mask', 'tnf']);
    });

    it('reads the first 10 words of a query', async () => {
      const search = searchEngine.index<Item>(`contract_${randomUUID().slice(0, 8)}`);
      used.push(search);
      await search.configure(settings);
      const title = 'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo';
      await search.upsert([{ ...items[0]!, id: 'nato', title }]);
      const total = async (q: string) => (await search.search({ q })).total;
      expect(await total(`${title.split(' ').slice(0, 10).join(' ')} zulu`)).toBe(1);
      expect(await total(`zulu ${title}`)).toBe(0);
      expect(await total(`${title.split(' ').slice(0, 9).join(' ')} juli zulu`)).toBe(0); // not a prefix: a word follows
      expect(await total(`${title.split(' ').slice(0, 9).join(' ')} juli`)).toBe(1);
    });

    it('filters by equality, any-of lists and numeric ranges, with and without text', async () => {
      expect(sorted((await index.search({ filter: { brand: 'Zara' } })).hits)).toEqual([
        'i3',
        'i5',
      ]);
      expect(sorted((await index.search({ filter: { colors: 'Black' } })).hits)).toEqual([
        'i3',
        'i4',
        'i7',
      ]);
      expect(
        sorted((await index.search({ filter: { size: ['S', 'L'], category: 'Jackets' } })).hits),
      ).toEqual(['i2', 'i4']);
      expect(
        sorted((await index.search({ filter: { price: { gte: 2500, lte: 4500 } } })).hits),
      ).toEqual(['i2', 'i4', 'i5']);
      expect(
        sorted((await index.search({ filter: { price: { gt: 2500, lt: 4500 } } })).hits),
      ).toEqual(['i4']);
      expect(
        sorted((await index.search({ q: 'jacket', filter: { colors: ['Blue', 'Grey'] } })).hits),
      ).toEqual(['i2']);
      expect((await index.search({ filter: { brand: 'Gucci' } })).total).toBe(0);
    });

    it('counts facet values over all matches, not only the returned page', async () => {
      const result = await index.search({
        filter: { price: { lte: 9900 } },
        limit: 1,
        facets: ['brand', 'colors', 'size'],
      });
      expect(result.hits).toHaveLength(1);
      expect(result.total).toBe(7);
      expect(result.facets['brand']).toEqual({ Nike: 2, "Levi's": 2, Zara: 2, Adidas: 1 });
      // a document with two colours counts once for each
      expect(result.facets['colors']).toEqual({ White: 2, Red: 3, Blue: 2, Black: 3 });
      expect(result.facets['size']).toEqual({ M: 3, S: 3, L: 1 });
      const text = await index.search({ q: 'jacket', limit: 0, facets: ['category', 'brand'] });
      expect(text.total).toBe(3);
      expect(text.facets).toEqual({
        category: { Jackets: 3 },
        brand: { "Levi's": 1, Zara: 1, Nike: 1 },
      });
    });

    it('sorts by several fields in either direction', async () => {
      const byLikes = await index.search({
        sort: [
          { field: 'likes', order: 'desc' },
          { field: 'price', order: 'asc' },
        ],
        limit: 3,
      });
      expect(ids(byLikes.hits)).toEqual(['i2', 'i3', 'i5']);
      const byPrice = await index.search({
        q: 'jacket',
        sort: [{ field: 'price', order: 'desc' }],
      });
      expect(ids(byPrice.hits)).toEqual(['i3', 'i2', 'i4']);
      const byTitle = await index.search({
        filter: { category: 'Jackets' },
        sort: [{ field: 'title', order: 'asc' }],
      });
      expect(ids(byTitle.hits)).toEqual(['i2', 'i3', 'i4']);
    });

    it('pages with offset and limit and reports the total', async () => {
      const sort = [{ field: 'price', order: 'asc' as const }];
      const all = ids((await index.search({ sort, limit: 100 })).hits);
      expect(all).toEqual(['i7', 'i8', 'i5', 'i4', 'i2', 'i1', 'i3', 'i6']);
      const second = await index.search({ sort, offset: 3, limit: 3 });
      expect(ids(second.hits)).toEqual(all.slice(3, 6));
      expect(second.total).toBe(8);
      const odd = await index.search({ sort, offset: 5, limit: 2 });
      expect(ids(odd.hits)).toEqual(all.slice(5, 7));
      expect((await index.search({ sort, offset: 8, limit: 3 })).hits).toEqual([]);
    });

    it('upsert replaces a document: old words, values and counts go, new ones come', async () => {
      const own = await fresh();
      await own.upsert([{ ...items[0]!, title: 'Retro Puma Trainers', brand: 'Puma', price: 100 }]);
      expect((await own.search({ q: 'sneakers' })).total).toBe(0);
      expect(ids((await own.search({ q: 'trainers' })).hits)).toEqual(['i1']);
      expect((await own.search({ q: 'trainers' })).hits[0]).toMatchObject({
        brand: 'Puma',
        price: 100,
      });
      const facets = (await own.search({ facets: ['brand'], limit: 0 })).facets['brand'];
      expect(facets).toEqual({ Puma: 1, Nike: 1, "Levi's": 2, Zara: 2, Mango: 1, Adidas: 1 });
      expect((await own.search({ filter: { price: { lte: 100 } } })).total).toBe(1);
      expect((await own.search({})).total).toBe(items.length);
    });

    it('remove takes documents out of results, totals and facets', async () => {
      const own = await fresh();
      await own.remove(['i3', 'i5', 'unknown']);
      expect((await own.search({ q: 'zara' })).total).toBe(0);
      const result = await own.search({ facets: ['brand'], limit: 100 });
      expect(result.total).toBe(6);
      expect(result.facets['brand']).not.toHaveProperty('Zara');
      await own.upsert([items[2]!]);
      expect(ids((await own.search({ q: 'zara' })).hits)).toEqual(['i3']);
    });

    it('clear empties the index', async () => {
      const own = await fresh();
      await own.clear();
      expect((await own.search({})).total).toBe(0);
      await own.upsert([items[1]!]);
      expect(ids((await own.search({ q: 'denim' })).hits)).toEqual(['i2']);
    });

    it('hits are read-only: changing one (where the engine lets it) does not change the index', async () => {
      const [hit] = (await index.search({ q: 'windbreaker' })).hits;
      // The embedded engine hands out its frozen documents (writes throw); others hand out copies.
      try {
        hit!.colors.push('Green');
      } catch (err) {
        expect(err).toBeInstanceOf(TypeError);
      }
      try {
        (hit as { title: string }).title = 'changed';
      } catch (err) {
        expect(err).toBeInstanceOf(TypeError);
      }
      expect((await index.search({ q: 'windbreaker' })).hits[0]).toEqual(items[3]);
    });

    it('answers a repeated query with what was written since, never an older answer', async () => {
      const own = await fresh();
      const query = {
        filter: { brand: 'Zara' },
        sort: [{ field: 'price', order: 'asc' as const }],
        facets: ['colors'],
      };
      const before = await own.search(query);
      expect(await own.search(query)).toEqual(before);
      const zara = items.find((item) => item.brand === 'Zara')!;
      await own.upsert([{ ...zara, id: 'z-new', price: 1, colors: ['Purple'] }]);
      const afterUpsert = await own.search(query);
      expect(afterUpsert.total).toBe(before.total + 1);
      expect(afterUpsert.hits[0]!.id).toBe('z-new');
      expect(afterUpsert.facets.colors!.Purple).toBe(1);
      await own.remove(['z-new']);
      expect(await own.search(query)).toEqual(before);
      await own.clear();
      expect((await own.search(query)).total).toBe(0);
    });

    it('refuses filters, facets and sorts on attributes not configured for them', async () => {
      await expect(index.search({ filter: { title: 'x' } })).rejects.toThrow();
      await expect(index.search({ facets: ['title'] })).rejects.toThrow();
      await expect(index.search({ sort: [{ field: 'brand', order: 'asc' }] })).rejects.toThrow();
    });
  });
}
