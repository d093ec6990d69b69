/**
 * Distributed read models on MongoDB (official driver). Runs on MongoDB in production and on
 * FerretDB v1 (SQLite backend) in development and CI, so it keeps to what both run:
 * find/sort/projection/skip/limit, replaceOne and updateOne with upsert, createIndexes, and the
 * aggregation stages $match, $group (with $sum), $sort, $limit, $project, $unwind.
 * Known differences (seen on FerretDB v1.24 with SQLite): a $group with several accumulators
 * computes only the first one (the others come back 0), so use one accumulator per $group;
 * $project takes inclusion/exclusion only ('$field' renames come back as literal strings); it
 * lacks many other stages ($lookup, $facet, ...) and multi-document transactions, which this
 * adapter does not use.
 */
import {
  MongoClient,
  MongoServerError,
  type Collection,
  type Document,
  type IndexDescription,
} from 'mongodb';
import type {
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  ReadModelCollection,
  ReadModelStore,
} from '@rewear/ports';

export interface MongoReadModelOptions {
  uri: string;
  database: string;
  /** Defaults to a short timeout so a missing server fails fast instead of hanging boot. */
  serverSelectionTimeoutMS?: number;
}

const NAMESPACE_NOT_FOUND = 26;
const INDEX_ALREADY_EXISTS = 68;

/**
 * Creates indexes one `createIndex` call each: FerretDB 1.24 drops the connection when one
 * `createIndexes` command names several indexes that already exist (every restart). Recreating
 * an identical index is a no-op on both servers; "already exists" is tolerated as well.
 */
export async function createIndexesOneByOne<T extends Document>(
  collection: Collection<T>,
  indexes: IndexDescription[],
): Promise<void> {
  for (const { key, ...options } of indexes) {
    try {
      await collection.createIndex(key, options);
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === INDEX_ALREADY_EXISTS)) throw error;
    }
  }
}

/**
 * Has the server delete documents once their `expiresAt` has passed (a TTL index), and answers
 * whether it will. FerretDB refuses TTL indexes ('expireAfterSeconds is not implemented yet');
 * there a plain index on the field is made instead, for the owner's own range deletes.
 */
export async function expireAtField<T extends Document>(
  collection: Collection<T>,
  field = 'expiresAt',
): Promise<boolean> {
  try {
    await collection.createIndex({ [field]: 1 }, { name: `${field}_ttl`, expireAfterSeconds: 0 });
    return true;
  } catch (error) {
    if (!(error instanceof MongoServerError)) throw error;
    await createIndexesOneByOne(collection, [{ key: { [field]: 1 }, name: `${field}_1` }]);
    return false;
  }
}

function indexName(spec: IndexSpec): string {
  return Object.entries(spec.keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}

class MongoCollection<T extends Doc> implements ReadModelCollection<T> {
  constructor(private readonly collection: Collection<Document>) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.collection.find(filter);
    if (options.projection) cursor = cursor.project(options.projection);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.collection.findOne(filter)) as unknown as T | null;
  }

  async count(filter: Filter = {}): Promise<number> {
    return this.collection.countDocuments(filter);
  }

  async aggregate<R = Doc>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    return (await this.collection.aggregate(pipeline).toArray()) as R[];
  }

  async put(doc: T): Promise<void> {
    if (typeof doc?._id !== 'string')
      throw new TypeError(`put into ${this.collection.collectionName}: _id must be a string`);
    // undefined fields would be stored as null by the driver; drop them like the memory store
    const clean = Object.fromEntries(
      Object.entries(doc).filter(([, value]) => value !== undefined),
    );
    await this.collection.replaceOne({ _id: doc._id } as Document, clean, { upsert: true });
  }

  async update(
    id: string,
    changes: { $set?: Partial<T>; $unset?: Record<string, 1> },
    options: { upsert?: boolean } = {},
  ): Promise<void> {
    const set = Object.fromEntries(
      Object.entries(changes.$set ?? {}).filter(
        ([key, value]) => key !== '_id' && value !== undefined,
      ),
    );
    if ((changes.$set as Doc | undefined)?._id !== undefined && (changes.$set as Doc)._id !== id) {
      throw new Error(`update of ${this.collection.collectionName}/${id}: _id cannot change`);
    }
    const modifier: Document = {};
    if (Object.keys(set).length > 0) modifier['$set'] = set;
    if (changes.$unset && Object.keys(changes.$unset).length > 0)
      modifier['$unset'] = changes.$unset;
    // MongoDB rejects an empty update document; an empty upsert still has to create the document.
    if (Object.keys(modifier).length === 0) modifier['$setOnInsert'] = { _id: id };
    await this.collection.updateOne({ _id: id } as Document, modifier, {
      upsert: options.upsert ?? false,
    });
  }

  async delete(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id } as Document);
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.collection.deleteMany(filter)).deletedCount;
  }

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    if (indexes.length === 0) {
      // creates the collection so it is listed, as the memory store does
      await this.collection.createIndex({ _id: 1 }).catch(() => undefined);
      return;
    }
    await createIndexesOneByOne(
      this.collection,
      indexes.map((spec) => ({
        key: spec.keys,
        name: indexName(spec),
        ...(spec.unique ? { unique: true } : {}),
      })),
    );
  }

  async drop(): Promise<void> {
    try {
      await this.collection.drop();
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
    }
  }
}

export async function openMongoReadModelStore(
  options: MongoReadModelOptions,
): Promise<ReadModelStore> {
  const client = new MongoClient(options.uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5_000,
    // keeps `_id` strings as they are and returns plain objects
    ignoreUndefined: true,
  });
  await client.connect();
  const db = client.db(options.database);
  const collections = new Map<string, MongoCollection<Doc>>();
  return {
    collection<T extends Doc = Doc>(name: string): ReadModelCollection<T> {
      let collection = collections.get(name);
      if (!collection)
        collections.set(name, (collection = new MongoCollection<Doc>(db.collection(name))));
      return collection as unknown as ReadModelCollection<T>;
    },
    async listCollections() {
      const infos = await db.listCollections({}, { nameOnly: true }).toArray();
      return infos.map((info) => info.name);
    },
    async close() {
      await client.close();
    },
  };
}
