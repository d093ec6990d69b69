/**
 * Uploaded photos (docs/product.md §3): up to 10 per listing, the first the cover. Each is
 * served in three WebP sizes at content-addressed URLs, so a browser may keep them for good.
 */
import { z } from 'zod';

/** Widths in pixels (longest side at most this, never enlarged) of the sizes the storefront shows. */
export const PHOTO_SIZES = { thumbnail: 200, card: 480, full: 1200 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
export const PHOTO_SIZE_NAMES = Object.keys(PHOTO_SIZES) as PhotoSize[];

export const MAX_PHOTOS_PER_LISTING = 10;
/** Largest upload, checked before the image is decoded. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The media types an upload may be, checked on its content (not its declared type). */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp'] as const;

export const PHOTO_TYPE_MESSAGE = 'Photos must be JPEG, PNG or WebP';
export const PHOTO_SIZE_MESSAGE = 'A photo may be at most 10 MB';

/** A photo id: 32 lowercase hex characters (a hash of the uploader and the bytes). */
export const photoId = z.string().regex(/^[0-9a-f]{32}$/, 'must be a photo id');
export const photoIdList = z.array(photoId).max(MAX_PHOTOS_PER_LISTING);

export const photoUrl = (id: string, size: PhotoSize) => `/api/photos/${id}/${size}.webp`;

/** GET /api/photos/{id}/{size}.webp */
export const photoParams = z.object({ id: photoId, size: z.enum(PHOTO_SIZE_NAMES) });

/** The answer of POST /api/photos. */
export interface UploadedPhoto {
  photoId: string;
  width: number;
  height: number;
  urls: Record<PhotoSize, string>;
}

/** A `srcset` of the photo's sizes, for <img srcset sizes>. */
export const photoSrcSet = (id: string) =>
  PHOTO_SIZE_NAMES.map((size) => `${photoUrl(id, size)} ${PHOTO_SIZES[size]}w`).join(', ');
