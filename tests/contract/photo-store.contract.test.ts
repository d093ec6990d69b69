/**
 * One contract for every photo store: files in a throwaway folder, and GridFS on MongoDB or
 * FerretDB (two clients: a command-api and a query-api replica) when MONGODB_URI answers, in a
 * throwaway database dropped afterwards.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilePhotoStore, type PhotoStore } from '@rewear/platform';
import { openGridFsPhotoStore, type GridFsPhotoStore } from '@rewear/mongodb';
import { reportSkip } from '@rewear/testing';
import { contractEngine } from './engines.ts';

const mongo = await contractEngine('mongodb');
reportSkip('photo store contract (GridFS)', mongo);

interface Engine {
  name: string;
  reachable: boolean;
  /** Two stores over the same objects (a writer and a reader process). */
  open(): Promise<[PhotoStore, PhotoStore]>;
  /** Closes the stores and drops what the run wrote. */
  finish(stores: PhotoStore[]): Promise<void>;
}

function fileEngine(): Engine {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'photo-contract-'));
  return {
    name: 'files',
    reachable: true,
    open: async () => [createFilePhotoStore(dir), createFilePhotoStore(dir)],
    async finish(stores) {
      for (const store of stores) await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function gridFsEngine(): Engine {
  const database = `contract_photos_${randomUUID().slice(0, 8)}`;
  return {
    name: 'gridfs',
    reachable: mongo.available,
    open: async () => [
      await openGridFsPhotoStore({ uri: mongo.url!, database }),
      await openGridFsPhotoStore({ uri: mongo.url!, database }),
    ],
    async finish(stores) {
      await (stores[0] as GridFsPhotoStore).db.dropDatabase();
      for (const store of stores) await store.close();
    },
  };
}

for (const engine of [fileEngine(), gridFsEngine()]) {
  describe.skipIf(!engine.reachable)(`PhotoStore contract: ${engine.name}`, () => {
    let writer: PhotoStore;
    let reader: PhotoStore;
    const fresh = (size = 'card') => `${randomUUID().replaceAll('-', '')}-${size}.webp`;

    beforeAll(async () => {
      [writer, reader] = await engine.open();
    });
    afterAll(async () => {
      if (writer) await engine.finish([writer, reader]);
    });

    it('gives back the bytes, media type and owner that were put, to another process too', async () => {
      const name = fresh();
      const data = randomBytes(3000);
      await writer.put(name, { data, contentType: 'image/webp', owner: 'seller-1' });
      const got = await reader.get(name);
      expect(got).not.toBeNull();
      expect(got!.data.equals(data)).toBe(true);
      expect(got!.contentType).toBe('image/webp');
      expect(got!.owner).toBe('seller-1');
    });

    it('keeps a photo of several megabytes whole (GridFS splits it in chunks)', async () => {
      const name = fresh('full');
      const data = randomBytes(3 * 1024 * 1024 + 17);
      await writer.put(name, { data, contentType: 'image/webp', owner: 'seller-2' });
      const got = await reader.get(name);
      expect(got!.data.length).toBe(data.length);
      expect(got!.data.equals(data)).toBe(true);
    });

    it('answers null for a name it does not hold, or one no store may hold', async () => {
      expect(await reader.get(fresh())).toBeNull();
      expect(await reader.get('../../etc/passwd')).toBeNull();
    });

    it('refuses to write a name with path separators', async () => {
      await expect(
        writer.put('../escape.webp', {
          data: Buffer.from('x'),
          contentType: 'image/webp',
          owner: 'u',
        }),
      ).rejects.toThrow(/Invalid photo name/);
    });

    it('a second put of a name replaces the first', async () => {
      const name = fresh();
      await writer.put(name, { data: Buffer.from('first'), contentType: 'image/webp', owner: 'a' });
      await writer.put(name, {
        data: Buffer.from('second'),
        contentType: 'image/webp',
        owner: 'a',
      });
      expect((await reader.get(name))!.data.toString()).toBe('second');
    });

    it('deletes an object; deleting one that is not there does nothing', async () => {
      const name = fresh('thumbnail');
      await writer.put(name, {
        data: Buffer.from('gone soon'),
        contentType: 'image/webp',
        owner: 'a',
      });
      await writer.delete(name);
      expect(await reader.get(name)).toBeNull();
      await expect(writer.delete(name)).resolves.toBeUndefined();
    });
  });
}
