/** Readiness and the client's run-time configuration. */
import { HttpError } from '@rewear/platform';
import { route, type QueryRoute } from '../shared/route.ts';

export const systemRoutes: QueryRoute[] = [
  route({
    doc: {
      method: 'get',
      path: '/api/health',
      summary: 'Ready once the projections have caught up at boot',
      tags: ['System'],
      auth: 'none',
      responses: { 200: '{status: "ok"}', 503: 'Starting' },
    },
    async handle(_ctx, _input, deps) {
      if (deps.config?.isReady && !deps.config.isReady()) throw new HttpError(503, 'Starting');
      return { status: 'ok' };
    },
  }),
  route({
    doc: {
      method: 'get',
      path: '/api/config',
      summary: 'What the client needs at run time (Firebase, Stripe publishable key)',
      tags: ['System'],
      auth: 'none',
      responses: { 200: 'ClientConfig', 404: 'Not configured' },
    },
    async handle(_ctx, _input, deps) {
      if (!deps.config?.clientConfig)
        throw new HttpError(404, 'Client configuration is not available');
      return deps.config.clientConfig;
    },
  }),
];
