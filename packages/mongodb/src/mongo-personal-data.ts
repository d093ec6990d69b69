/**
 * The personal-data vault on MongoDB (collection `personal_data_keys`), shared by every role of
 * the distributed topology: one document per subject with its data key; an erasure removes the
 * key and keeps the document as a tombstone, so no key is made for the subject again. A key is
 * made by inserting its document (`_id` the subject): of two processes making one, the second
 * gets a duplicate-key error and reads the first's.
 */
import { Binary, MongoClient, type Db } from 'mongodb';
import type { PersonalDataVault } from '@rewear/ports';
import { newDataKey } from '@rewear/platform/adapters';
import { isDuplicateKey } from './mongo-event-store.ts';

export interface MongoPersonalDataOptions {
  uri: string;
  database: string;
  /** Default 'personal_data_keys'. */
  collection?: string;
  serverSelectionTimeoutMS?: number;
}

interface KeyDoc {
  _id: string;
  key: Binary | null;
  createdAt: Date;
  erasedAt?: Date;
}

const bufferOf = (key: Binary | null | undefined): Buffer | null =>
  key ? Buffer.from(key.buffer) : null;

/** The vault, with its database (for tests and tools that drop what a run wrote). */
export interface MongoPersonalDataVault extends PersonalDataVault {
  readonly db: Db;
}

export async function openMongoPersonalDataVault(
  options: MongoPersonalDataOptions,
): Promise<MongoPersonalDataVault> {
  const client = new MongoClient(options.uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5_000,
    ignoreUndefined: true,
  });
  await client.connect();
  const db = client.db(options.database);
  const keys = db.collection<KeyDoc>(options.collection ?? 'personal_data_keys');
  return {
    db,
    async keyFor(subject) {
      const existing = await keys.findOne({ _id: subject });
      if (existing) return bufferOf(existing.key);
      const key = newDataKey();
      try {
        await keys.insertOne({ _id: subject, key: new Binary(key), createdAt: new Date() });
        return key;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        return bufferOf((await keys.findOne({ _id: subject }))?.key);
      }
    },
    async keysOf(subjects) {
      const found = new Map<string, Buffer>();
      if (subjects.length === 0) return found;
      for (const doc of await keys.find({ _id: { $in: [...subjects] } }).toArray()) {
        const key = bufferOf(doc.key);
        if (key) found.set(doc._id, key);
      }
      return found;
    },
    async erase(subject) {
      await keys.updateOne(
        { _id: subject },
        { $set: { key: null, erasedAt: new Date() }, $setOnInsert: { createdAt: new Date() } },
        { upsert: true },
      );
    },
    async close() {
      await client.close();
    },
  };
}
