/**
 * From an uploaded file to the sizes the storefront shows. The type is read from the bytes (what
 * the decoder finds, never the declared Content-Type); the sizes are WebP, turned upright by the
 * EXIF orientation and written without any metadata (sharp keeps none unless asked to), so a
 * phone photo's GPS position, camera and time never leave the server.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  PHOTO_FORMATS,
  PHOTO_SIZE_NAMES,
  PHOTO_SIZES,
  PHOTO_TYPE_MESSAGE,
  type PhotoSize,
} from '@rewear/contracts';
import { badRequest } from '@rewear/platform';

export const DAMAGED_PHOTO_MESSAGE = 'The photo could not be read; it may be damaged';

/** Larger images are refused before they are decoded in full (about 8,000 × 6,000). */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedPhoto {
  width: number;
  height: number;
  sizes: Record<PhotoSize, Buffer>;
}

/** The photo's id: its uploader and bytes hashed, 32 hex characters. */
export const photoIdOf = (ownerId: string, bytes: Buffer) =>
  createHash('sha256').update(ownerId).update('\0').update(bytes).digest('hex').slice(0, 32);

const decodeOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

/** Decodes, checks and resizes `bytes`; a 400 saying why when it is not a usable photo. */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, decodeOptions).metadata());
  } catch {
    throw badRequest(PHOTO_TYPE_MESSAGE);
  }
  if (!format || !(PHOTO_FORMATS as readonly string[]).includes(format))
    throw badRequest(PHOTO_TYPE_MESSAGE);
  try {
    // Decoded and turned upright once (EXIF orientation applied), then each size from the pixels.
    const upright = await sharp(bytes, decodeOptions)
      .rotate()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const entries = await Promise.all(
      PHOTO_SIZE_NAMES.map(async (size) => {
        const data = await sharp(upright.data, { raw: { width, height, channels } })
          .resize({
            width: PHOTO_SIZES[size],
            height: PHOTO_SIZES[size],
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: size === 'thumbnail' ? 70 : 80 })
          .toBuffer();
        return [size, data] as const;
      }),
    );
    return { width, height, sizes: Object.fromEntries(entries) as Record<PhotoSize, Buffer> };
  } catch {
    // The header read as a photo but the pixels do not decode: a truncated or corrupt file.
    throw badRequest(DAMAGED_PHOTO_MESSAGE);
  }
}
