/**
 * The embedded search index's incremental structures after writes: posting lists with lazy
 * removal (compacted, then trimmed by a bulk load), and presorted orders (walked for pages of large
 * match sets, positions sorted for small ones), merged again after upserts and removals. Every answer is checked against a plain
 * filter-and-sort of the documents.
 */
import { describe, expect, it } from 'vitest';
import { EmbeddedSearchIndex } from '../src/index.ts';
import type { SearchFilter } from '@rewear/ports';

interface Item {
  id: string;
  title: string;
  cat: string;
  price: number;
  [key: string]: unknown;
}

const settings = {
  searchable: ['title'],
  filterable: ['cat', 'price'],
  sortable: ['title', 'price'],
};

describe('embedded search maintenance', () => {
  it('indexes list fields, nested lists by their inner values, and leaves the lists as they were', async () => {
    const index = new EmbeddedSearchIndex<Item>('lists');
    await index.configure({
      searchable: ['title', 'tags'],
      filterable: ['cat', 'sizes'],
      sortable: [],
    });
    const tags = ['wool', ['vintage', 'winter']];
    const sizes = ['S', ['M', 'L']];
    await index.upsert([
      { id: 'a', title: 'coat', cat: 'A', price: 1, tags, sizes },
      { id: 'b', title: 'hat', cat: 'A', price: 1, tags: ['summer'], sizes: ['XL'] },
    ]);
    expect((await index.search({ q: 'winter' })).hits.map((h) => h.id)).toEqual(['a']);
    expect((await index.search({ q: 'wool' })).hits.map((h) => h.id)).toEqual(['a']);
    expect((await index.search({ filter: { sizes: 'L' } })).hits.map((h) => h.id)).toEqual(['a']);
    expect((await index.search({ filter: { sizes: 'XL' } })).hits.map((h) => h.id)).toEqual(['b']);
    expect(tags).toEqual(['wool', ['vintage', 'winter']]);
    expect(sizes).toEqual(['S', ['M', 'L']]);
  });

  it('finds a term again after its posting list was emptied by re-indexing and trimmed by a bulk load', async () => {
    const index = new EmbeddedSearchIndex<Item>('posting-lists');
    await index.configure(settings);
    const item = (id: string, title: string): Item => ({ id, title, cat: 'A', price: 1 });
    await index.upsert(
      Array.from({ length: 12_000 }, (_, i) => item(`d${i}`, i < 16 ? 'zebra coat' : 'plain coat')),
    );
    // The 16 zebras lose the word: their entries go stale and are compacted away.
    await index.upsert(Array.from({ length: 16 }, (_, i) => item(`d${i}`, 'plain coat')));
    await index.upsert(Array.from({ length: 12_000 }, (_, i) => item(`e${i}`, 'other thing')));
    await index.upsert([item('z1', 'zebra dress'), item('z2', 'zebra hat')]);
    const found = await index.search({ q: 'zebra', limit: 10 });
    expect(found.hits.map((h) => h.id)).toEqual(['z1', 'z2']);
    expect(found.total).toBe(2);
  });

  it('pages of a filtered, sorted catalogue match a plain sort, also after upserts and removals', async () => {
    const index = new EmbeddedSearchIndex<Item>('orders');
    await index.configure(settings);
    const docs = new Map<string, Item>();
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const write = async (count: number) => {
      const batch = Array.from({ length: count }, () => {
        const id = `d${random(4000)}`;
        return { id, title: `Item ${random(500)}`, cat: 'ABCD'[random(4)]!, price: random(300) };
      });
      for (const doc of batch) docs.set(doc.id, doc);
      await index.upsert(batch);
    };
    // A quarter of the documents (pages walked down the presorted order) and a few dozen
    // (their positions in it sorted).
    const filters: Array<{ filter: SearchFilter; holds: (d: Item) => boolean }> = [
      { filter: { cat: 'B' }, holds: (d: Item) => d.cat === 'B' },
      {
        filter: { cat: 'B', price: { lt: 25 } },
        holds: (d: Item) => d.cat === 'B' && d.price < 25,
      },
    ];
    const check = async () => {
      for (const [field, order] of [
        ['price', 'desc'],
        ['title', 'asc'],
      ] as const)
        for (const { filter, holds } of filters) {
          for (const offset of [0, 40, 600]) {
            const { hits, total } = await index.search({
              filter,
              sort: [
                { field, order },
                ...(field === 'title' ? [] : [{ field: 'title', order: 'asc' } as const]),
              ],
              offset,
              limit: 20,
            });
            const direction = order === 'asc' ? 1 : -1;
            const expected = [...docs.values()].filter(holds).sort((a, b) => {
              const primary =
                a[field] < b[field] ? -direction : a[field] > b[field] ? direction : 0;
              if (primary !== 0) return primary;
              return a.title.toLowerCase() < b.title.toLowerCase()
                ? -1
                : a.title.toLowerCase() > b.title.toLowerCase()
                  ? 1
                  : 0;
            });
            expect(total).toBe(expected.length);
            // Ties (same price and title) may come in any order: compare the sort keys.
            const key = (d: Item) => `${d[field]}|${d.title}`;
            expect(hits.map(key)).toEqual(expected.slice(offset, offset + 20).map(key));
          }
        }
    };
    await write(3000);
    await check();
    await write(50); // merged into the orders
    const removed = [...docs.keys()].slice(0, 30);
    await index.remove(removed);
    for (const id of removed) docs.delete(id);
    await check();
  });

  it('pages through a listing from one ordering, beyond what was ordered ahead, and after a write', async () => {
    const index = new EmbeddedSearchIndex<Item>('paging');
    await index.configure(settings);
    const items = Array.from({ length: 260 }, (_, i): Item => ({
      id: `p${i}`,
      title: `coat ${String(i).padStart(3, '0')}`,
      cat: i % 2 ? 'A' : 'B',
      price: (i * 37) % 101,
    }));
    await index.upsert(items);
    const expected = (list: Item[]) =>
      list
        .filter((item) => item.cat === 'A')
        .sort((a, b) => b.price - a.price || (a.title < b.title ? -1 : 1))
        .map((item) => item.id);
    const query = {
      filter: { cat: 'A' },
      sort: [
        { field: 'price', order: 'desc' as const },
        { field: 'title', order: 'asc' as const },
      ],
    };
    const pages = async () => {
      const ids: string[] = [];
      for (let offset = 0; offset < 140; offset += 20) {
        const page = await index.search({ ...query, offset, limit: 20 });
        expect(page.total).toBe(130);
        ids.push(...page.hits.map((hit) => hit.id));
      }
      return ids;
    };
    expect(await pages()).toEqual(expected(items));
    // A later page first (past the ordering kept so far), then the first ones again.
    expect(
      (await index.search({ ...query, offset: 120, limit: 20 })).hits.map((h) => h.id),
    ).toEqual(expected(items).slice(120));
    expect(await pages()).toEqual(expected(items));

    const changed = items.map((item, i) => (i % 7 === 1 ? { ...item, price: 1000 + i } : item));
    await index.upsert(changed.filter((_, i) => i % 7 === 1));
    expect(await pages()).toEqual(expected(changed));
  });
});
