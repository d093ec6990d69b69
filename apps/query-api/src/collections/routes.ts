/** Algorithmic collections (computed by the catalogue projector) and users' own collections. */
import { collectionListAnswer, collectionViewAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import { LIMITS } from '@rewear/contracts';
import { notFound, requireSelf } from '@rewear/platform';
import {
  collectionShownTo,
  collectionsOwnedBy,
  collectionViews,
  publicCollections,
} from '@rewear/features/collections/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam, wholeNumber } from '../shared/schemas.ts';
import { toProduct } from '@rewear/features/listing/queries';

export const collectionRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/collections/public',
      summary:
        'The algorithmic collections, then public user collections (most followed first), up to limit',
      tags: ['Collections'],
      auth: 'optional',
      query: z.object({ limit: wholeNumber(1, 100).default(LIMITS.publicCollectionsDefault) }),
      responses: {
        200: { description: 'CollectionView[]', body: collectionListAnswer },
        400: 'Invalid query',
      },
    },
    async handle({ query, deps }) {
      const docs = await publicCollections(deps.readSide, query.limit);
      return collectionViews(deps.readSide, docs, toProduct);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/collections/user/{userId}',
      summary: "The signed-in user's own collections",
      tags: ['Collections'],
      auth: 'user',
      params: z.object({ userId: idParam }),
      responses: {
        200: { description: 'CollectionView[]', body: collectionListAnswer },
        401: 'Not signed in',
        403: 'Not your collections',
      },
    },
    async handle({ ctx, params, deps }) {
      requireSelf(ctx, params.userId);
      const docs = await collectionsOwnedBy(deps.readSide, params.userId);
      return collectionViews(deps.readSide, docs, toProduct);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/collections/{id}',
      summary: 'One collection (a private one only for its owner)',
      tags: ['Collections'],
      auth: 'optional',
      params: z.object({ id: idParam }),
      responses: {
        200: { description: 'CollectionView', body: collectionViewAnswer },
        404: 'Collection not found',
      },
    },
    async handle({ ctx, params, deps }) {
      const doc = await collectionShownTo(deps.readSide, params.id, ctx.state.user?.uid);
      if (!doc) throw notFound('Collection not found');
      const [view] = await collectionViews(deps.readSide, [doc], toProduct);
      return view;
    },
  }),
];
