/** A seller sets their own bundle discounts (docs/product.md §13). */
import { bundleDiscountsBody } from '@rewear/contracts';
import { requireUser } from '@rewear/platform';
import { handleCommand } from '../shared/decider.ts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { bundleDecider, bundleStream } from './decider.ts';

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
        200: '{ sellerId, tiers: [{ minItems, percent }], position }',
        400: 'A tier out of range, two tiers of one size, or a bigger bundle with a smaller discount',
        401: 'Not signed in',
      },
    },
    async handle({ body, ctx, deps: services }) {
      const user = requireUser(ctx);
      const outcome = await handleCommand(
        services.envFor(ctx),
        bundleDecider,
        bundleStream(user.uid),
        { type: 'SetBundleDiscounts', sellerId: user.uid, tiers: body.tiers },
      );
      return {
        status: 200,
        body: { sellerId: user.uid, tiers: outcome.state.tiers },
        position: outcome.position,
      };
    },
  }),
];
