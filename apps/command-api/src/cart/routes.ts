import {
  cartClearedAnswer,
  cartCreatedAnswer,
  cartLineChangedAnswer,
  cartMergedAnswer,
} from '@rewear/contracts/command-answers';
import {
  cartItemBody,
  clearCartBody,
  createCartBody,
  mergeCartBody,
  removeCartItemBody,
  updateCartItemBody,
} from '@rewear/contracts';
import { requireSelf } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { cartIdForUser, planMerge } from '@rewear/features/cart/decider';
import { carts } from './aggregate.ts';
import { availabilityOf } from '../listing/availability.ts';
import { requireGoodStanding, requireListingShown, SANCTIONED } from '../moderation/standing.ts';

export const cartRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/cart/create',
      summary: 'Creates the user’s cart (one per user; answers the existing one with 200)',
      tags: ['cart'],
      auth: 'user',
      body: createCartBody,
      responses: {
        201: { description: '{ id, position }', body: cartCreatedAnswer },
        200: { description: '{ id, position } (the cart existed)', body: cartCreatedAnswer },
        403: 'userId is not the token’s',
      },
    },
    async handle({ body, ctx, deps: services }) {
      requireSelf(ctx, body.userId);
      const cartId = cartIdForUser(body.userId);
      const outcome = await carts.handle(services.envFor(ctx), cartId, {
        type: 'CreateCart',
        cartId,
        userId: body.userId,
      });
      return {
        status: outcome.events.length ? 201 : 200,
        body: { id: cartId },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/cart/add-item',
      summary:
        'Adds units of a product to the cart (at most the available stock; never one’s own listing)',
      tags: ['cart'],
      auth: 'user',
      body: cartItemBody,
      responses: {
        200: {
          description: '{ cartId, productId, quantity, position }',
          body: cartLineChangedAnswer,
        },
        400: "'You cannot buy your own listing'",
        403: `Not your cart; or ${SANCTIONED}`,
        404: 'Cart or product not found',
        409: 'Only {n} available',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      await requireGoodStanding(services, user.uid);
      await requireListingShown(services, body.productId);
      const product = await availabilityOf(services, body.productId);
      const outcome = await carts.handle(services.envFor(ctx), body.cartId, {
        type: 'AddItem',
        userId: user.uid,
        product,
        quantity: body.quantity,
      });
      return lineAnswer(body, outcome);
    },
  }),
  defineRoute({
    doc: {
      method: 'delete',
      path: '/api/cart/remove-item',
      summary: 'Removes units of a product from the cart (all of them when quantity is absent)',
      tags: ['cart'],
      auth: 'user',
      body: removeCartItemBody,
      responses: {
        204: 'Removed (position in x-event-position)',
        403: 'Not your cart',
        404: 'Cart not found or product not in it',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      const outcome = await carts.handle(services.envFor(ctx), body.cartId, {
        type: 'RemoveItem',
        userId: user.uid,
        productId: body.productId,
        quantity: body.quantity,
      });
      return { status: 204, position: outcome.position };
    },
  }),
  defineRoute({
    doc: {
      method: 'put',
      path: '/api/cart/update-item',
      summary: 'Sets the quantity of a cart line (0 or less removes it)',
      tags: ['cart'],
      auth: 'user',
      body: updateCartItemBody,
      responses: {
        200: {
          description: '{ cartId, productId, quantity, position }',
          body: cartLineChangedAnswer,
        },
        403: 'Not your cart',
        404: 'Cart or product not found',
        409: 'Only {n} available',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      const product = await availabilityOf(services, body.productId);
      const outcome = await carts.handle(services.envFor(ctx), body.cartId, {
        type: 'SetItemQuantity',
        userId: user.uid,
        product,
        quantity: body.quantity,
      });
      return lineAnswer(body, outcome);
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/cart/clear',
      summary: 'Empties the cart',
      tags: ['cart'],
      auth: 'user',
      body: clearCartBody,
      responses: {
        200: { description: '{ cartId, position }', body: cartClearedAnswer },
        403: 'Not your cart',
        404: 'Cart not found',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      const outcome = await carts.handle(services.envFor(ctx), body.cartId, {
        type: 'ClearCart',
        userId: user.uid,
      });
      return { status: 200, body: { cartId: body.cartId }, position: outcome.position };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/cart/merge',
      summary:
        'Merges a visitor’s browser cart into the user’s cart at sign-in (capped by available stock)',
      tags: ['cart'],
      auth: 'user',
      body: mergeCartBody,
      responses: {
        200: {
          description:
            '{ id, items: [{productId, quantity}], skipped: [{productId, reason}], position }',
          body: cartMergedAnswer,
        },
        403: 'Not your cart',
        404: 'Cart not found',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      const items = await Promise.all(
        body.items.map(async (item) => ({
          product: await availabilityOf(services, item.productId),
          quantity: item.quantity,
        })),
      );
      const before = await carts.load(services.aggregates, body.cartId);
      const outcome = await carts.handle(services.envFor(ctx), body.cartId, {
        type: 'MergeItems',
        userId: user.uid,
        items,
      });
      return {
        status: 200,
        body: {
          id: body.cartId,
          items: Object.entries(outcome.state.lines).map(([productId, quantity]) => ({
            productId,
            quantity,
          })),
          skipped: planMerge(before.state, items).skipped,
        },
        position: outcome.position,
      };
    },
  }),
];

/** Answer of add-item and update-item: the line's quantity after the command. */
function lineAnswer(
  body: { cartId: string; productId: string },
  outcome: { state: { lines: Record<string, number> }; position: number },
) {
  return {
    status: 200,
    body: {
      cartId: body.cartId,
      productId: body.productId,
      quantity: outcome.state.lines[body.productId] ?? 0,
    },
    position: outcome.position,
  };
}
