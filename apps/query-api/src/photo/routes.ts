/** GET /api/photos/{id}/{size}.webp: an uploaded photo in one of the sizes the storefront shows. */
import { notFound } from '@rewear/platform';
import { photoParams } from '@rewear/contracts';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { BinaryAnswer } from '../shared/answers.ts';

/** A photo's URL names its content (a hash), so what it answers never changes. */
const FOREVER = 'public, max-age=31536000, immutable';

export const photoRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/photos/{id}/{size}.webp',
      summary:
        'An uploaded photo as WebP in size thumbnail (200 px), card (480 px) or full (1200 px), without metadata; cached for good',
      tags: ['photos'],
      auth: 'none',
      params: photoParams,
      responses: {
        200: { description: 'The photo at that size', mediaType: 'image/webp' },
        404: 'Photo not found',
      },
    },
    async handle({ params, deps }) {
      const photo = await deps.photos?.get(`${params.id}-${params.size}.webp`);
      if (!photo) throw notFound('Photo not found');
      return new BinaryAnswer(photo.data, photo.contentType, FOREVER);
    },
  }),
];
