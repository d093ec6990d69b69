/**
 * Serves the built client (apps/client/dist): hashed assets cached for a year, index.html never
 * cached, and index.html for any other GET that is not a file (the SPA's own routes).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

const HASHED_ASSET = /^\/assets\//;
/**
 * A file's extension starts with a letter (.js, .svg, .woff2): a route's last segment may end in
 * a dot and digits (a moderation decision's id, `listing.{id}.1`) and is still the app's.
 */
const FILE_EXTENSION = /\.[A-Za-z][A-Za-z0-9]*$/;

export function staticClient(distDir: string): Middleware {
  const root = path.resolve(distDir);
  const hasIndex = () => existsSync(path.join(root, 'index.html'));
  return async (ctx, next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/api'
    )
      return next();
    const looksLikeFile = FILE_EXTENSION.test(path.posix.extname(ctx.path));
    if (looksLikeFile) {
      try {
        await send(ctx, ctx.path, {
          root,
          index: false,
          maxage: HASHED_ASSET.test(ctx.path) ? 365 * 24 * 3600 * 1000 : 3600 * 1000,
          immutable: HASHED_ASSET.test(ctx.path),
          brotli: false,
          gzip: false,
        });
        return;
      } catch (err) {
        if ((err as { status?: number }).status !== 404) throw err;
        ctx.status = 404;
        ctx.body = 'Not found';
        return;
      }
    }
    if (!hasIndex()) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body =
        'The client is not built yet: run `npm run build -w @rewear/client` (npm start does it).';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root });
  };
}
