import {
  collectionCreatedAnswer,
  collectionFollowedAnswer,
} from '@rewear/contracts/command-answers';
import { collectionParams, createCollectionBody } from '@rewear/contracts';
import { notFound } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { collections } from './aggregate.ts';
import { availabilityOf } from '../listing/availability.ts';

export const collectionRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/collections',
      summary: 'Creates a collection of products owned by the user',
      tags: ['collections'],
      auth: 'user',
      body: createCollectionBody,
      responses: {
        201: {
          description:
            "{ id, title, description, productIds, isPublic, type: 'user', owner_id, position }",
          body: collectionCreatedAnswer,
        },
        404: 'A product does not exist',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      const productIds = [...new Set(body.productIds)];
      const missing: string[] = [];
      for (const productId of productIds)
        if (!(await availabilityOf(services, productId)).listed) missing.push(productId);
      if (missing.length) throw notFound(`Product not found: ${missing.join(', ')}`);
      const collectionId = services.newId();
      const outcome = await collections.handle(services.envFor(ctx), collectionId, {
        type: 'CreateCollection',
        collectionId,
        ownerId: user.uid,
        title: body.title,
        description: body.description,
        productIds,
        isPublic: body.isPublic,
      });
      return {
        status: 201,
        body: {
          id: collectionId,
          title: body.title,
          description: body.description,
          productIds,
          isPublic: body.isPublic,
          type: 'user',
          owner_id: user.uid,
        },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/collections/{id}/follow',
      summary: 'Follows a collection (a public or own user collection, or an algorithmic one)',
      tags: ['collections'],
      auth: 'user',
      params: collectionParams,
      responses: {
        200: { description: '{ id, following: true, position }', body: collectionFollowedAnswer },
        404: 'Collection not found',
      },
    },
    async handle({ user, params, ctx, deps: services }) {
      const outcome = await collections.handle(services.envFor(ctx), params.id, {
        type: 'FollowCollection',
        collectionId: params.id,
        userId: user.uid,
      });
      return { status: 200, body: { id: params.id, following: true }, position: outcome.position };
    },
  }),
];
