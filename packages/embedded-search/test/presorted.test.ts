/**
 * The presorted orders (a catalogue sorted without text) are built by a key sort, not a
 * comparator: each must be exactly the order of a plain stable sort of the documents by the
 * sort keys (numbers before strings ascending, missing values last either way, strings compared
 * whole even when they share the 7-character prefix the key holds), ties in insertion order.
 */
import { describe, expect, it } from 'vitest';
import { EmbeddedSearchIndex } from '../src/index.ts';

interface Item {
  id: string;
  cat: string;
  rank?: number | string;
  price?: number;
  [key: string]: unknown;
}

type Value = number | string | undefined;

/** The engine's sort semantics, written plainly: kind, then value, missing last. */
function compareValues(a: Value, b: Value, direction: number): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const kindA = typeof a === 'number' ? 1 : 2;
  const kindB = typeof b === 'number' ? 1 : 2;
  if (kindA !== kindB) return (kindA - kindB) * direction;
  const x = typeof a === 'string' ? a.toLowerCase() : a;
  const y = typeof b === 'string' ? b.toLowerCase() : b;
  return x < y ? -direction : x > y ? direction : 0;
}

describe('presorted orders', () => {
  it('equal a plain stable sort by the sort keys, for every sort, page and after writes', async () => {
    const index = new EmbeddedSearchIndex<Item>('presorted');
    await index.configure({ searchable: [], filterable: ['cat'], sortable: ['rank', 'price'] });
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const strings = ['vintage jacket', 'Vintage coat', 'vintage', 'VINTAGE JACKET', 'zip', 'a'];
    const rankOf = (): Value => {
      const pick = random(10);
      if (pick < 2) return undefined;
      if (pick < 5) return strings[random(strings.length)];
      if (pick === 5) return -0;
      return random(40) - 10;
    };
    const order: string[] = [];
    const docs = new Map<string, Item>();
    const write = async (count: number, ids: number) => {
      const batch: Item[] = [];
      for (let i = 0; i < count; i++) {
        const id = `d${random(ids)}`;
        const doc: Item = { id, cat: 'ABC'[random(3)]! };
        const rank = rankOf();
        if (rank !== undefined) doc.rank = rank;
        if (random(8) > 0) doc.price = random(50) * 100;
        if (!docs.has(id)) order.push(id);
        docs.set(id, doc);
        batch.push(doc);
      }
      await index.upsert(batch);
    };
    const check = async () => {
      const sorts = [
        [{ field: 'rank', order: 'asc' }],
        [{ field: 'rank', order: 'desc' }],
        [{ field: 'price', order: 'asc' }],
        [{ field: 'price', order: 'desc' }],
        [
          { field: 'price', order: 'desc' },
          { field: 'rank', order: 'asc' },
        ],
      ] as const;
      for (const sort of sorts)
        for (const cat of [undefined, 'B']) {
          // insertion order: the document numbers, hence the engine's last tie-break
          const expected = order
            .map((id) => docs.get(id)!)
            .filter((d) => cat === undefined || d.cat === cat)
            .sort((a, b) => {
              for (const { field, order: direction } of sort) {
                const c = compareValues(a[field], b[field], direction === 'asc' ? 1 : -1);
                if (c !== 0) return c;
              }
              return 0;
            })
            .map((d) => d.id);
          for (const [offset, limit] of [
            [0, 20],
            [35, 20],
            [0, expected.length],
          ] as const) {
            const { hits, total } = await index.search({
              filter: cat === undefined ? undefined : { cat },
              sort: [...sort],
              offset,
              limit,
            });
            expect(total).toBe(expected.length);
            expect(hits.map((h) => h.id)).toEqual(expected.slice(offset, offset + limit));
          }
        }
    };
    await write(3000, 100_000);
    await check();
    await write(40, 100_000); // merged into the kept orders
    await check();
    await write(6000, 100_000); // more changes than are merged: the orders are built again
    await check();
  });
});
