/** A seller sets their own bundle discounts (docs/product.md §13). */
import { bundleDiscountsSetAnswer } from '@rewear/contracts/command-answers';
import { bundleDiscountsBody } from '@rewear/contracts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { bundles } from './aggregate.ts';

export const bundleRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'put',
      path: '/api/bundle-discounts',
      summary:
        'The signed-in seller sets their bundle discounts: percent off from so many of their items in one order (none: no discount)',
      tags: ['bundles'],
      auth: 'user',
      body: bundleDiscountsBody,
      responses: {
        200: {
          description: '{ sellerId, tiers: [{ minItems, percent }], position }',
          body: bundleDiscountsSetAnswer,
        },
        400: 'A tier out of range, two tiers of one size, or a bigger bundle with a smaller discount',
        401: 'Not signed in',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      const outcome = await bundles.handle(services.envFor(ctx), user.uid, {
        type: 'SetBundleDiscounts',
        sellerId: user.uid,
        tiers: body.tiers,
      });
      return {
        status: 200,
        body: { sellerId: user.uid, tiers: outcome.state.tiers },
        position: outcome.position,
      };
    },
  }),
];
