import { wishlistClearedAnswer, wishlistItemAnswer } from '@rewear/contracts/command-answers';
import {
  type DomainEvent,
  addWishlistBody,
  wishlistItemParams,
  wishlistParams,
} from '@rewear/contracts';
import { requireSelf } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { wishlists } from './aggregate.ts';
import { availabilityOf } from '../listing/availability.ts';

export const wishlistRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/wishlist',
      summary: 'Saves a product to the user’s wishlist',
      tags: ['wishlist'],
      auth: 'user',
      body: addWishlistBody,
      responses: {
        201: { description: '{ userId, productId, position }', body: wishlistItemAnswer },
        200: {
          description: '{ userId, productId, position } (already saved)',
          body: wishlistItemAnswer,
        },
        403: 'Not your wishlist',
        404: 'Product not found',
      },
    },
    async handle({ body, ctx, deps: services }) {
      requireSelf(ctx, body.userId);
      const product = await availabilityOf(services, body.productId);
      const outcome = await wishlists.handle(services.envFor(ctx), body.userId, {
        type: 'AddToWishlist',
        userId: body.userId,
        productId: body.productId,
        productListed: product.listed,
      });
      return {
        status: outcome.events.length ? 201 : 200,
        body: { userId: body.userId, productId: body.productId },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'delete',
      path: '/api/wishlist/user/{uid}/product/{productId}',
      summary: 'Removes a product from the user’s wishlist',
      tags: ['wishlist'],
      auth: 'user',
      params: wishlistItemParams,
      responses: {
        200: { description: '{ userId, productId, position }', body: wishlistItemAnswer },
        403: 'Not your wishlist',
        404: 'Product is not in the wishlist',
      },
    },
    async handle({ params, ctx, deps: services }) {
      requireSelf(ctx, params.uid);
      const outcome = await wishlists.handle(services.envFor(ctx), params.uid, {
        type: 'RemoveFromWishlist',
        userId: params.uid,
        productId: params.productId,
      });
      return {
        status: 200,
        body: { userId: params.uid, productId: params.productId },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'delete',
      path: '/api/wishlist/user/{uid}',
      summary: 'Empties the user’s wishlist',
      tags: ['wishlist'],
      auth: 'user',
      params: wishlistParams,
      responses: {
        200: { description: '{ userId, removed, position }', body: wishlistClearedAnswer },
        403: 'Not your wishlist',
      },
    },
    async handle({ params, ctx, deps: services }) {
      requireSelf(ctx, params.uid);
      const outcome = await wishlists.handle(services.envFor(ctx), params.uid, {
        type: 'ClearWishlist',
        userId: params.uid,
      });
      const cleared = outcome.events[0] as DomainEvent | undefined;
      const removed = cleared?.type === 'WishlistCleared' ? cleared.data.productIds.length : 0;
      return { status: 200, body: { userId: params.uid, removed }, position: outcome.position };
    },
  }),
];
