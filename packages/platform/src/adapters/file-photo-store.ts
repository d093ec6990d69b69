/**
 * Photos as files under one folder (DATA_DIR/photos on the embedded default): `<name>` holds the
 * bytes, `<name>.json` the media type and owner. Each file is written to a temporary name and
 * renamed, so a reader never sees half a photo.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PHOTO_NAME, type PhotoStore, type StoredPhoto } from '@rewear/ports';

export function checkPhotoName(name: string): string {
  if (!PHOTO_NAME.test(name)) throw new Error(`Invalid photo name: ${name.slice(0, 40)}`);
  return name;
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function createFilePhotoStore(dir: string): PhotoStore {
  const ready = mkdir(dir, { recursive: true });
  const fileOf = (name: string) => path.join(dir, checkPhotoName(name));
  const writeAtomically = async (file: string, data: Buffer | string) => {
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  };
  return {
    async put(name, photo) {
      await ready;
      const file = fileOf(name);
      // The description first: a data file is only ever there with its description.
      await writeAtomically(
        `${file}.json`,
        JSON.stringify({ contentType: photo.contentType, owner: photo.owner }),
      );
      await writeAtomically(file, photo.data);
    },
    async get(name): Promise<StoredPhoto | null> {
      if (!PHOTO_NAME.test(name)) return null;
      const file = fileOf(name);
      try {
        const [data, description] = await Promise.all([
          readFile(file),
          readFile(`${file}.json`, 'utf8'),
        ]);
        const { contentType, owner } = JSON.parse(description) as Omit<StoredPhoto, 'data'>;
        return { data, contentType, owner };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(name) {
      const file = fileOf(name);
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
    },
    async close() {},
  };
}
