/**
 * Photos in MongoDB GridFS (FerretDB in the distributed topology), in the bucket `photos`: one
 * GridFS file per name, its media type and owner in the file's metadata. Every replica of
 * command-api and query-api reads the same photos.
 */
import { GridFSBucket, MongoClient, type Db } from 'mongodb';
import type { PhotoStore, StoredPhoto } from '@rewear/ports';
import { checkPhotoName } from '@rewear/platform/adapters';

export interface GridFsPhotoStoreOptions {
  uri: string;
  database: string;
  /** Default 'photos'. */
  bucket?: string;
  /** Defaults to a short timeout so a missing server fails fast instead of hanging boot. */
  serverSelectionTimeoutMS?: number;
}

export interface GridFsPhotoStore extends PhotoStore {
  readonly db: Db;
}

interface PhotoMetadata {
  contentType: string;
  owner: string;
}

export async function openGridFsPhotoStore(
  options: GridFsPhotoStoreOptions,
): Promise<GridFsPhotoStore> {
  const client = new MongoClient(options.uri, {
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
  });
  await client.connect();
  const db = client.db(options.database);
  const bucket = new GridFSBucket(db, { bucketName: options.bucket ?? 'photos' });

  const filesNamed = (name: string) => bucket.find({ filename: name }).toArray();

  return {
    db,
    async put(name, photo) {
      checkPhotoName(name);
      const earlier = await filesNamed(name);
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStream(name, {
          metadata: { contentType: photo.contentType, owner: photo.owner } satisfies PhotoMetadata,
        });
        upload.once('error', reject);
        upload.once('finish', () => resolve());
        upload.end(photo.data);
      });
      // The new file is complete before an older one of the same name goes.
      for (const file of earlier) await bucket.delete(file._id);
    },
    async get(name): Promise<StoredPhoto | null> {
      const [file] = await bucket
        .find({ filename: name })
        .sort({ uploadDate: -1 })
        .limit(1)
        .toArray();
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
      const metadata = file.metadata as PhotoMetadata;
      return {
        data: Buffer.concat(chunks),
        contentType: metadata.contentType,
        owner: metadata.owner,
      };
    },
    async delete(name) {
      for (const file of await filesNamed(name)) await bucket.delete(file._id);
    },
    async close() {
      await client.close();
    },
  };
}
