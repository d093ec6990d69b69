import { newsletterAnswer } from '@rewear/contracts/command-answers';
import { newsletterBody } from '@rewear/contracts';
import { subscriptionIdFor } from '@rewear/features/newsletter/decider';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { subscriptions } from './aggregate.ts';

export const newsletterRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/newsletter/subscribe',
      summary: 'Subscribes an email to the newsletter',
      tags: ['newsletter'],
      auth: 'optional',
      body: newsletterBody,
      responses: {
        201: { description: '{ message, position }', body: newsletterAnswer },
        200: { description: '{ message, position } (already subscribed)', body: newsletterAnswer },
      },
    },
    async handle({ body, ctx, deps: services }) {
      const outcome = await subscriptions.handle(
        services.envFor(ctx),
        subscriptionIdFor(body.email),
        {
          type: 'Subscribe',
          email: body.email,
        },
      );
      return outcome.events.length
        ? {
            status: 201,
            body: { message: 'Thanks for subscribing to our newsletter!' },
            position: outcome.position,
          }
        : {
            status: 200,
            body: { message: 'You are already subscribed.' },
            position: outcome.position,
          };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/newsletter/unsubscribe',
      summary: 'Unsubscribes an email from the newsletter',
      tags: ['newsletter'],
      auth: 'optional',
      body: newsletterBody,
      responses: {
        200: { description: '{ message, position }', body: newsletterAnswer },
        404: 'This email is not subscribed',
      },
    },
    async handle({ body, ctx, deps: services }) {
      const outcome = await subscriptions.handle(
        services.envFor(ctx),
        subscriptionIdFor(body.email),
        {
          type: 'Unsubscribe',
          email: body.email,
        },
      );
      return {
        status: 200,
        body: { message: 'You have been unsubscribed.' },
        position: outcome.position,
      };
    },
  }),
];
