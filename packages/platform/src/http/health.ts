/**
 * GET /api/health, the readiness every service answers: 200 `{status: "ok"}`, or 503 saying in
 * words what the service still waits for (the projections, the Auth emulator at host:port). A
 * starting service is polled every few seconds: its 503 is an expected state, not logged.
 */
import type { Middleware } from 'koa';

export const HEALTH_PATH = '/api/health';

export function startingMessage(waitingFor: readonly string[]): string {
  return `Starting: waiting for ${waitingFor.join(' and ')}`;
}

/** Answers GET/HEAD /api/health from `waitingFor` (empty: ready); other requests pass on. */
export function healthMiddleware(waitingFor: () => readonly string[]): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== HEALTH_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const waiting = waitingFor();
    ctx.status = waiting.length ? 503 : 200;
    ctx.body = waiting.length ? { message: startingMessage(waiting) } : { status: 'ok' };
  };
}
