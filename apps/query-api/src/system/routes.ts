/** Readiness and the client's run-time configuration. */
import { clientConfigAnswer, healthAnswer } from '@rewear/contracts/answers';
import { HttpError, startingMessage } from '@rewear/platform';
import { defineRoute, type QueryRoute } from '../shared/route.ts';

export const systemRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/health',
      summary:
        'Ready once the projections have caught up at boot and the identity service answers; a 503 says what it waits for',
      tags: ['System'],
      auth: 'none',
      responses: {
        200: { description: '{status: "ok"}', body: healthAnswer },
        503: 'Starting: waiting for ...',
      },
    },
    async handle({ deps }) {
      const waiting = deps.config?.waitingFor?.() ?? [];
      if (waiting.length) throw new HttpError(503, startingMessage(waiting));
      return { status: 'ok' };
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/config',
      summary: 'What the client needs at run time (Firebase, Stripe publishable key)',
      tags: ['System'],
      auth: 'none',
      responses: {
        200: { description: 'ClientConfig', body: clientConfigAnswer },
        404: 'Not configured',
      },
    },
    async handle({ deps }) {
      if (!deps.config?.clientConfig)
        throw new HttpError(404, 'Client configuration is not available');
      return deps.config.clientConfig;
    },
  }),
];
