/** POST /api/photos: a signed-in user uploads one photo (its raw bytes) for their listings. */
import { uploadedPhotoAnswer } from '@rewear/contracts/command-answers';
import getRawBody from 'raw-body';
import type { Middleware } from 'koa';
import {
  MAX_PHOTO_BYTES,
  PHOTO_SIZE_MESSAGE,
  PHOTO_SIZE_NAMES,
  photoUrl,
  type PhotoSize,
  type UploadedPhoto,
} from '@rewear/contracts';
import { assertQueryWithinLimits, badRequest, HttpError, type AppState } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { photoIdOf, processPhoto } from './process.ts';
import { photos } from './aggregate.ts';

/** The name a size of a photo is stored under. */
export const photoObjectName = (photoId: string, size: PhotoSize) => `${photoId}-${size}.webp`;

/** Media types the route documents; the content decides, whatever the request declares. */
const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

/**
 * Reads the body as bytes, at most MAX_PHOTO_BYTES: a declared length beyond it is refused
 * before a byte is read, a body that grows beyond it as soon as it does (413 either way).
 */
export const readPhotoBody: Middleware<AppState> = async (ctx, next) => {
  assertQueryWithinLimits(ctx.querystring);
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_PHOTO_BYTES) throw new HttpError(413, PHOTO_SIZE_MESSAGE);
  try {
    (ctx.request as { body?: unknown }).body = await getRawBody(ctx.req, {
      limit: MAX_PHOTO_BYTES,
    });
  } catch (err) {
    if ((err as { type?: string }).type === 'entity.too.large')
      throw new HttpError(413, PHOTO_SIZE_MESSAGE);
    throw err;
  }
  await next();
};

export const photoRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/photos',
      summary:
        'Uploads a photo (JPEG, PNG or WebP by content, at most 10 MB) as the raw request body; answers its id and the URLs of its WebP sizes, without metadata',
      tags: ['photos'],
      auth: 'user',
      binaryBody: {
        mediaTypes: UPLOAD_TYPES,
        description: 'The image file itself (not a form): JPEG, PNG or WebP, at most 10 MB',
      },
      responses: {
        201: {
          description: '{ photoId, width, height, urls: { thumbnail, card, full }, position }',
          body: uploadedPhotoAnswer,
        },
        400: 'Not a JPEG, PNG or WebP photo, or damaged',
        413: 'Larger than 10 MB',
      },
    },
    readBody: readPhotoBody,
    async handle({ user, body, ctx, deps: services }) {
      const bytes = body as unknown;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        throw badRequest('Send the photo file as the request body');
      const photo = await processPhoto(bytes);
      const photoId = photoIdOf(user.uid, bytes);
      // The sizes are stored before the upload is recorded: a recorded photo always has them.
      for (const size of PHOTO_SIZE_NAMES)
        await services.photos.put(photoObjectName(photoId, size), {
          data: photo.sizes[size],
          contentType: 'image/webp',
          owner: user.uid,
        });
      const outcome = await photos.handle(services.envFor(ctx), photoId, {
        type: 'RecordPhotoUpload',
        photo: {
          photoId,
          ownerId: user.uid,
          width: photo.width,
          height: photo.height,
          bytes: bytes.length,
          uploadedAt: services.now().toISOString(),
        },
      });
      const answer: UploadedPhoto = {
        photoId,
        width: photo.width,
        height: photo.height,
        urls: Object.fromEntries(
          PHOTO_SIZE_NAMES.map((size) => [size, photoUrl(photoId, size)]),
        ) as UploadedPhoto['urls'],
      };
      return { status: 201, body: { ...answer }, position: outcome.position };
    },
  }),
];
