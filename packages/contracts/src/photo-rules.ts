/**
 * Uploaded photos' sizes, limits and URLs (docs/product.md §3): up to 10 per listing, each served
 * in three WebP sizes at content-addressed URLs.
 */

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

export const photoUrl = (id: string, size: PhotoSize) => `/api/photos/${id}/${size}.webp`;

/** A `srcset` of the photo's sizes, for <img srcset sizes>. */
export const photoSrcSet = (id: string) =>
  PHOTO_SIZE_NAMES.map((size) => `${photoUrl(id, size)} ${PHOTO_SIZES[size]}w`).join(', ');
