/**
 * POST /api/vitals: a page's Web Vitals, from any visitor's browser (navigator.sendBeacon when the
 * page is hidden). Nothing is stored: each value is counted in the operators' metrics (GET
 * /metrics), by metric, kind of page and rating. Rate-limited like the commands; a body that is
 * not a report is a 400 naming the field.
 */
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { webVitalsBody, type WebVitalsBody } from '@rewear/contracts';
import {
  parseRouteInput,
  rateLimit,
  type AppState,
  type CommandMetrics,
  type RateLimiter,
} from '@rewear/platform';

export const WEB_VITALS_PATH = '/api/vitals';

/** The route's description; its body schema is what parseRouteInput checks. */
const doc = {
  method: 'post' as const,
  path: WEB_VITALS_PATH,
  summary: 'Reports a page’s Web Vitals (counted in the operators’ metrics, nothing stored)',
  tags: ['vitals'],
  auth: 'optional' as const,
  body: webVitalsBody,
  responses: {
    204: 'Counted',
    400: 'Not a report: the field and the reason',
  },
};

export function webVitalsRouter(options: {
  rateLimiter: RateLimiter | null;
  metrics: CommandMetrics | null;
}): Router<AppState> {
  const router = new Router<AppState>();
  const limited: Middleware<AppState> = options.rateLimiter
    ? rateLimit(options.rateLimiter)
    : (_ctx, next) => next();
  // sendBeacon sends a JSON Blob as application/json; a few hundred bytes at most.
  const json = bodyParser({ enableTypes: ['json'], jsonLimit: '4kb' });
  router.post(WEB_VITALS_PATH, limited, json, (ctx) => {
    const report = parseRouteInput(doc, ctx).body as WebVitalsBody;
    for (const metric of report.metrics)
      options.metrics?.webVitalReported?.(metric.name, report.page, metric.rating, metric.value);
    ctx.status = 204;
  });
  return router;
}
