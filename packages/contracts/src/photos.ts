/**
 * Uploaded photos (docs/product.md §3): up to 10 per listing, the first the cover. Each is
 * served in three WebP sizes at content-addressed URLs, so a browser may keep them for good.
 */
import { z } from 'zod';
import { MAX_PHOTOS_PER_LISTING, PHOTO_SIZE_NAMES } from './photo-rules.ts';
import type * as commandAnswers from './command-answers.ts';

// Sizes, limits and URLs are apart from the schemas, so the pages that show or pick photos do not
// carry zod.
export * from './photo-rules.ts';

/** A photo id: 32 lowercase hex characters (a hash of the uploader and the bytes). */
export const photoId = z.string().regex(/^[0-9a-f]{32}$/, 'must be a photo id');
export const photoIdList = z.array(photoId).max(MAX_PHOTOS_PER_LISTING);

/** GET /api/photos/{id}/{size}.webp */
export const photoParams = z.object({ id: photoId, size: z.enum(PHOTO_SIZE_NAMES) });

/** The answer of POST /api/photos. */
export type UploadedPhoto = Omit<z.output<typeof commandAnswers.uploadedPhotoAnswer>, 'position'>;
