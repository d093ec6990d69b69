import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, COLORS } from '@rewear/contracts';
import {
  brandSvg,
  categorySlug,
  categorySvg,
  garmentImagePath,
  garmentSvg,
  GARMENT_SLUGS,
} from '@rewear/images';
import { imagesMiddleware } from '../src/images/router.ts';

describe('garment and category pictures', () => {
  it('draws every category in every fixed colour, with explicit size', () => {
    // A drawing per category, and a few of garments their category's drawing does not show.
    expect(GARMENT_SLUGS).toEqual(
      expect.arrayContaining(CATEGORIES.map((c) => categorySlug(c.name))),
    );
    expect(GARMENT_SLUGS).toEqual(expect.arrayContaining(['shorts', 'scarf', 'sports-bra']));
    for (const slug of GARMENT_SLUGS) {
      for (const color of COLORS) {
        const svg = garmentSvg(slug, color.name)!;
        expect(svg).toMatch(/^<svg [^>]*width="600" height="600"/);
        expect(svg).toContain(`${color.name} ${slug}`);
      }
    }
    expect(garmentSvg('tops', 'red')).not.toEqual(garmentSvg('tops', 'blue'));
    expect(garmentSvg('tops', 'purple')).toBeNull();
    expect(garmentSvg('hats', 'red')).toBeNull();
  });

  it('names the picture path from the category name and colour', () => {
    expect(garmentImagePath('Knitwear', 'green')).toBe('/images/garments/knitwear-green.svg');
  });

  it('draws category tiles with their name and escapes brand names', () => {
    expect(categorySvg(2)).toContain('>Dresses</text>');
    expect(categorySvg(99)).toBeNull();
    expect(brandSvg('H&M')).toContain('H&amp;M');
  });
});

describe('image routes', () => {
  let base = '';
  let server: ReturnType<Koa['listen']>;
  beforeAll(async () => {
    const app = new Koa();
    app.use(imagesMiddleware((slug) => (slug === 'h-m' ? 'H&M' : null)));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => server.close());

  it('serves garments, categories and brands as SVG with long caching', async () => {
    for (const path of [
      '/images/garments/shoes-black.svg',
      '/images/garments/sports-bra-white.svg',
      '/images/categories/3.svg',
      '/images/brands/h-m.svg',
    ]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
    expect(await (await fetch(`${base}/images/brands/h-m.svg`)).text()).toContain('H&amp;M');
    expect(await (await fetch(`${base}/images/brands/j-crew.svg`)).text()).toContain('J Crew');
  });

  it('answers 404 for unknown pictures', async () => {
    expect((await fetch(`${base}/images/garments/shoes-purple.svg`)).status).toBe(404);
    expect((await fetch(`${base}/images/categories/42.svg`)).status).toBe(404);
    expect((await fetch(`${base}/images/../etc/passwd`)).status).toBe(404);
  });
});
