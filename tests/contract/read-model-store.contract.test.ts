/**
 * One contract for every read-model engine: the embedded store always, MongoDB (or FerretDB)
 * when MONGODB_URI answers. Each run uses fresh collection names.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Doc,
  type FindOptions,
  type IndexSpec,
  type ReadModelCollection,
  type ReadModelStore,
  createMemoryReadModelStore,
} from '@rewear/platform';
import { openMongoReadModelStore } from '@rewear/mongodb';
import { reportSkip } from '@rewear/testing';
import { contractEngine } from './engines.ts';

interface Listing extends Doc {
  title: string;
  sellerId: string;
  price: number;
  category: string;
  sizes: string[];
  stock?: number;
  note?: string;
}

const listings: Listing[] = [
  {
    _id: 'l1',
    title: 'Denim Jacket',
    sellerId: 'u1',
    price: 4500,
    category: 'Jackets',
    sizes: ['S', 'M'],
    stock: 1,
  },
  {
    _id: 'l2',
    title: 'Wool Coat',
    sellerId: 'u2',
    price: 12000,
    category: 'Coats',
    sizes: ['M'],
    stock: 2,
  },
  {
    _id: 'l3',
    title: 'Leather Jacket',
    sellerId: 'u1',
    price: 9900,
    category: 'Jackets',
    sizes: ['L'],
    stock: 0,
  },
  {
    _id: 'l4',
    title: 'Rain Coat',
    sellerId: 'u3',
    price: 3000,
    category: 'Coats',
    sizes: ['S', 'L'],
    stock: 5,
  },
  {
    _id: 'l5',
    title: 'Bomber Jacket',
    sellerId: 'u2',
    price: 4500,
    category: 'Jackets',
    sizes: ['M', 'L'],
    stock: 1,
  },
];

const mongo = await contractEngine('mongodb');
reportSkip('read-model store contract (MongoDB)', mongo);

const engines: Array<{ name: string; reachable: boolean; open: () => Promise<ReadModelStore> }> = [
  { name: 'memory', reachable: true, open: async () => createMemoryReadModelStore() },
  {
    name: 'mongodb',
    reachable: mongo.available,
    open: () =>
      openMongoReadModelStore({
        uri: mongo.url!,
        database: `contract_${randomUUID().slice(0, 8)}`,
      }),
  },
];

for (const engine of engines) {
  describe.skipIf(!engine.reachable)(`ReadModelStore contract: ${engine.name}`, () => {
    let store: ReadModelStore;
    const used: string[] = [];
    const fresh = async (seed = true): Promise<ReadModelCollection<Listing>> => {
      const name = `listings_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      used.push(name);
      const collection = store.collection<Listing>(name);
      if (seed) for (const listing of listings) await collection.put(listing);
      return collection;
    };

    beforeAll(async () => {
      store = await engine.open();
    });
    afterAll(async () => {
      for (const name of used) await store.collection(name).drop();
      await store.close();
    });

    it('put then find by _id returns the document; put again replaces it', async () => {
      const c = await fresh();
      expect(await c.findOne({ _id: 'l2' })).toEqual(listings[1]);
      // an id with another condition: both must hold
      expect(await c.findOne({ _id: 'l2', price: 1 })).toBeNull();
      expect(await c.findOne({ _id: 'l2', price: 12000 })).toEqual(listings[1]);
      expect(await c.find({ _id: 'l2', category: 'Jackets' })).toEqual([]);
      await c.put({
        _id: 'l2',
        title: 'Wool Coat',
        sellerId: 'u2',
        price: 11000,
        category: 'Coats',
        sizes: [],
      });
      const replaced = await c.findOne({ _id: 'l2' });
      expect(replaced?.price).toBe(11000);
      expect(replaced).not.toHaveProperty('stock');
      expect(await c.count()).toBe(5);
    });

    it('filters with equality, comparison, $in and array membership', async () => {
      const c = await fresh();
      const ids = async (filter: Record<string, unknown>) =>
        (await c.find(filter, { sort: { _id: 1 } })).map((d) => d._id);
      expect(await ids({ sellerId: 'u1' })).toEqual(['l1', 'l3']);
      expect(await ids({ price: { $lte: 4500 } })).toEqual(['l1', 'l4', 'l5']);
      expect(await ids({ category: 'Jackets', price: { $gt: 5000 } })).toEqual(['l3']);
      expect(await ids({ sellerId: { $in: ['u2', 'u3'] } })).toEqual(['l2', 'l4', 'l5']);
      expect(await ids({ sizes: 'L' })).toEqual(['l3', 'l4', 'l5']);
      expect(await ids({ sizes: { $in: ['S'] }, stock: { $gt: 0 } })).toEqual(['l1', 'l4']);
      expect(await ids({ sellerId: 'nobody' })).toEqual([]);
      expect(await c.findOne({ sellerId: 'nobody' })).toBeNull();
    });

    it('sorts on several fields, skips, limits and projects', async () => {
      const c = await fresh();
      const sorted = await c.find({}, { sort: { price: 1, title: -1 } });
      expect(sorted.map((d) => d._id)).toEqual(['l4', 'l1', 'l5', 'l3', 'l2']);
      const page = await c.find({}, { sort: { price: -1, _id: 1 }, skip: 1, limit: 2 });
      expect(page.map((d) => d._id)).toEqual(['l3', 'l1']);
      const projected = await c.find({ _id: 'l1' }, { projection: { title: 1, price: 1 } });
      expect(projected).toEqual([{ _id: 'l1', title: 'Denim Jacket', price: 4500 }]);
      const without = await c.find({ _id: 'l1' }, { projection: { sizes: 0, note: 0 } });
      expect(without[0]).not.toHaveProperty('sizes');
      expect(without[0]).toHaveProperty('title', 'Denim Jacket');
    });

    it('counts with and without a filter', async () => {
      const c = await fresh();
      expect(await c.count()).toBe(5);
      expect(await c.count({ category: 'Coats' })).toBe(2);
      expect(await c.count({ price: { $gte: 100000 } })).toBe(0);
    });

    it('aggregates facet-style counts with $match, $unwind, $group/$sum, $sort, $limit, $project', async () => {
      const c = await fresh();
      // one accumulator per $group: FerretDB v1 computes only the first of several
      const countByCategory = await c.aggregate<{ _id: string; count: number }>([
        { $match: { stock: { $gt: 0 } } },
        { $group: { _id: '$category', count: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ]);
      expect(countByCategory).toEqual([
        { _id: 'Coats', count: 2 },
        { _id: 'Jackets', count: 2 },
      ]);
      const valueByCategory = await c.aggregate<{ _id: string; total: number }>([
        { $match: { stock: { $gt: 0 } } },
        { $group: { _id: '$category', total: { $sum: '$price' } } },
        { $sort: { total: -1 } },
      ]);
      expect(valueByCategory).toEqual([
        { _id: 'Coats', total: 15000 },
        { _id: 'Jackets', total: 9000 },
      ]);
      // $project with inclusion only: FerretDB v1 takes '$field' renames as literal strings
      const bySize = await c.aggregate<{ _id: string }>([
        { $unwind: '$sizes' },
        { $group: { _id: '$sizes', count: { $sum: 1 } } },
        { $sort: { count: -1, _id: 1 } },
        { $limit: 2 },
        { $project: { _id: 1 } },
      ]);
      expect(bySize).toEqual([{ _id: 'L' }, { _id: 'M' }]);
    });

    it('update applies $set and $unset to one document, and upserts when asked', async () => {
      const c = await fresh();
      await c.update('l1', { $set: { price: 4000, note: 'reduced' }, $unset: { stock: 1 } });
      const updated = await c.findOne({ _id: 'l1' });
      expect(updated).toMatchObject({ price: 4000, note: 'reduced', title: 'Denim Jacket' });
      expect(updated).not.toHaveProperty('stock');
      expect((await c.findOne({ _id: 'l2' }))?.price).toBe(12000);

      await c.update('missing', { $set: { price: 1 } });
      expect(await c.findOne({ _id: 'missing' })).toBeNull();
      await c.update('new', { $set: { title: 'New Hat', price: 100 } }, { upsert: true });
      expect(await c.findOne({ _id: 'new' })).toEqual({ _id: 'new', title: 'New Hat', price: 100 });
      await c.update('new', { $set: { 'shipping.city': 'Lyon' } as never });
      expect(await c.findOne({ _id: 'new' })).toEqual({
        _id: 'new',
        title: 'New Hat',
        price: 100,
        shipping: { city: 'Lyon' },
      });
      await c.update('empty', {}, { upsert: true });
      expect(await c.findOne({ _id: 'empty' })).toEqual({ _id: 'empty' });
    });

    it('delete removes one document; deleteMany removes the matches and says how many', async () => {
      const c = await fresh();
      await c.delete('l1');
      await c.delete('l1');
      expect(await c.findOne({ _id: 'l1' })).toBeNull();
      expect(await c.deleteMany({ category: 'Coats' })).toBe(2);
      expect((await c.find({}, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(['l3', 'l5']);
      expect(await c.deleteMany({ category: 'Coats' })).toBe(0);
    });

    it('indexed lookups stay correct through replacements and updates', async () => {
      const c = await fresh(false);
      await c.ensureIndexes([
        { keys: { sellerId: 1 } },
        { keys: { category: 1, price: -1 } },
        { keys: { sizes: 1 } },
      ]);
      for (const listing of listings) await c.put(listing);
      // an index on a list holds each of its values
      await c.put({ ...listings[3]!, sizes: ['XS', 'L'] });
      expect((await c.find({ sizes: 'L' }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual([
        'l3',
        'l4',
        'l5',
      ]);
      expect(
        (await c.find({ sizes: { $in: ['XS', 'S'] } }, { sort: { _id: 1 } })).map((d) => d._id),
      ).toEqual(['l1', 'l4']);
      await c.put(listings[3]!);
      await c.put({ ...listings[0]!, sellerId: 'u9' });
      await c.update('l3', { $set: { sellerId: 'u9' } });
      await c.update('l5', { $unset: { category: 1 } });
      expect((await c.find({ sellerId: 'u1' })).map((d) => d._id)).toEqual([]);
      expect((await c.find({ sellerId: 'u9' }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual([
        'l1',
        'l3',
      ]);
      expect(
        (await c.find({ category: 'Jackets' }, { sort: { _id: 1 } })).map((d) => d._id),
      ).toEqual(['l1', 'l3']);
      expect(await c.count({ sellerId: { $in: ['u9', 'u3'] } })).toBe(3);
      // the compound index's second field answers as any other field does
      expect((await c.find({ price: 4500 }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual([
        'l1',
        'l5',
      ]);
      expect(await c.count({ category: 'Coats', price: { $in: [3000, 12000] } })).toBe(2);
      // a value's only holder leaves and comes back; one of two holders leaves
      await c.delete('l4');
      expect(await c.count({ sellerId: 'u3' })).toBe(0);
      await c.put(listings[3]!);
      expect((await c.find({ sellerId: 'u3' })).map((d) => d._id)).toEqual(['l4']);
      await c.delete('l1');
      expect((await c.find({ sellerId: 'u9' })).map((d) => d._id)).toEqual(['l3']);
      expect(await c.count({ sellerId: { $in: ['u9', 'u3'] } })).toBe(2);
    });

    it('ensureIndexes with several indexes can run again on the same collection (every restart does)', async () => {
      const c = await fresh();
      const indexes: IndexSpec[] = [
        { keys: { sellerId: 1 } },
        { keys: { category: 1, price: -1 } },
      ];
      await c.ensureIndexes(indexes);
      await c.ensureIndexes(indexes);
      await c.ensureIndexes([{ keys: { sellerId: 1 } }]);
      expect(await c.count({ sellerId: 'u1' })).toBe(2);
    });

    it('a unique index refuses a second document with the same key and keeps the first', async () => {
      const c = await fresh(false);
      await c.ensureIndexes([{ keys: { sellerId: 1, title: 1 }, unique: true }]);
      await c.put(listings[0]!);
      await expect(c.put({ ...listings[0]!, _id: 'other' })).rejects.toThrow(/duplicate key/i);
      await c.put({ ...listings[0]!, price: 1 }); // same _id: a replacement, not a duplicate
      expect(await c.count()).toBe(1);
      expect((await c.findOne({ _id: 'l1' }))?.price).toBe(1);
    });

    it('returned documents are copies: changing them does not change the store', async () => {
      const c = await fresh();
      const doc = await c.findOne({ _id: 'l1' });
      doc!.sizes.push('XXL');
      doc!.price = 1;
      const input = { ...listings[1]!, sizes: ['M'] };
      await c.put(input);
      input.sizes.push('XS');
      expect(await c.findOne({ _id: 'l1' })).toEqual(listings[0]);
      expect((await c.findOne({ _id: 'l2' }))?.sizes).toEqual(['M']);
    });

    it('a read-only find answers what a find does, and nothing done to its results reaches the store', async () => {
      const c = await fresh();
      const cases: FindOptions[] = [
        {},
        { projection: { title: 1, sizes: 1 } },
        { sort: { price: -1 }, limit: 2 },
      ];
      for (const options of cases) {
        const readonly = await c.find({ price: { $gte: 4500 } }, { ...options, readonly: true });
        expect(readonly).toEqual(await c.find({ price: { $gte: 4500 } }, options));
      }
      const [doc] = await c.find({ _id: 'l1' }, { readonly: true });
      // The in-memory engine hands out its frozen document (a change throws); others a copy.
      try {
        doc!.sizes.push('XXL');
      } catch (err) {
        expect(err).toBeInstanceOf(TypeError);
      }
      expect(await c.findOne({ _id: 'l1' })).toEqual(listings[0]);
    });

    it('a read-only findOne answers what a findOne does, and nothing done to it reaches the store', async () => {
      const c = await fresh();
      expect(await c.findOne({ _id: 'l2' }, { readonly: true })).toEqual(
        await c.findOne({ _id: 'l2' }),
      );
      expect(await c.findOne({ _id: 'nope' }, { readonly: true })).toBeNull();
      const doc = await c.findOne({ _id: 'l1' }, { readonly: true });
      try {
        doc!.sizes.push('XXL');
      } catch (err) {
        expect(err).toBeInstanceOf(TypeError);
      }
      expect(await c.findOne({ _id: 'l1' })).toEqual(listings[0]);
    });

    it('drop empties the collection and removes it from the list', async () => {
      const c = await fresh();
      const name = used[used.length - 1]!;
      expect(await store.listCollections()).toContain(name);
      await c.drop();
      await c.drop();
      expect(await c.count()).toBe(0);
      expect(await store.listCollections()).not.toContain(name);
      await c.put(listings[0]!);
      expect(await c.count()).toBe(1);
    });
  });
}
