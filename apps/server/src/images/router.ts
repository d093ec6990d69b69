/** GET /images/garments/{category}-{color}.svg, /images/categories/{id}.svg, /images/brands/{slug}.svg */
import type { Middleware } from 'koa';
import { brandSvg, categorySvg, garmentSvg } from '@rewear/images';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/**
 * Brand wordmarks are drawn from the slug; `brandName` maps a slug to the brand's real spelling
 * when known (e.g. 'h-m' → 'H&M').
 */
export function imagesMiddleware(
  brandName: (slug: string) => string | null = () => null,
): Middleware {
  const cache = new Map<string, string | null>();
  const render = (path: string): string | null => {
    let m = /^\/images\/garments\/([a-z0-9-]+)-([a-z]+)\.svg$/.exec(path);
    if (m) return garmentSvg(m[1]!, m[2]!);
    m = /^\/images\/categories\/(\d+)\.svg$/.exec(path);
    if (m) return categorySvg(Number(m[1]));
    m = /^\/images\/brands\/([a-z0-9-]{1,60})\.svg$/.exec(path);
    if (m) {
      const name =
        brandName(m[1]!) ??
        m[1]!
          .split('-')
          .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
          .join(' ');
      return brandSvg(name);
    }
    return null;
  };
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/images/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD'))
      return next();
    let svg = cache.get(ctx.path);
    if (svg === undefined) {
      svg = render(ctx.path);
      if (cache.size < 2000) cache.set(ctx.path, svg);
    }
    if (svg === null) {
      ctx.status = 404;
      ctx.body = { message: 'Image not found' };
      return;
    }
    ctx.set('Cache-Control', LONG_CACHE);
    ctx.type = 'image/svg+xml';
    ctx.body = svg;
  };
}
