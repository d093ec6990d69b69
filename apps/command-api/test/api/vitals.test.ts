/**
 * POST /api/vitals: any page's Web Vitals, counted in the operators' metrics by metric, kind of
 * page and rating; a body that is not a report is a 400 naming the field, and the route counts
 * against the rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, createRateLimiter, type Metrics } from '@rewear/platform';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let metrics: Metrics;

beforeAll(async () => {
  metrics = createMetrics({ defaultMetrics: false });
  h = await startHarness({ metrics });
});
afterAll(async () => {
  await h?.close();
});

const exposition = async () => (await metrics.exposition()).text;

describe('POST /api/vitals', () => {
  it('counts each reported value by metric, kind of page and rating', async () => {
    const res = await h.call('POST', '/api/vitals', {
      body: {
        page: 'product',
        metrics: [
          { name: 'LCP', value: 1840, rating: 'good' },
          { name: 'CLS', value: 0.12, rating: 'needs-improvement' },
        ],
      },
    });
    expect(res.status).toBe(204);
    const text = await exposition();
    expect(text).toContain('rewear_web_vitals_total{metric="LCP",page="product",rating="good"} 1');
    expect(text).toContain(
      'rewear_web_vitals_total{metric="CLS",page="product",rating="needs-improvement"} 1',
    );
    // LCP in seconds: 1.84 s falls in the 2.5 s bucket, not the 1.8 s one.
    expect(text).toContain(
      'rewear_web_vital_seconds_bucket{le="1.8",metric="LCP",page="product"} 0',
    );
    expect(text).toContain(
      'rewear_web_vital_seconds_bucket{le="2.5",metric="LCP",page="product"} 1',
    );
    expect(text).toContain('rewear_web_vital_cls_bucket{le="0.25",page="product"} 1');
  });

  it('refuses what is not a report with a 400 naming the field, and counts nothing', async () => {
    const before = await exposition();
    for (const body of [
      { page: '/products/123', metrics: [{ name: 'LCP', value: 1, rating: 'good' }] },
      { page: 'home', metrics: [{ name: 'LCP', value: -5, rating: 'good' }] },
      { page: 'home', metrics: [{ name: 'FID', value: 5, rating: 'good' }] },
      { page: 'home', metrics: [] },
      { page: 'home', metrics: [{ name: 'LCP', value: 5, rating: 'good', url: '/x' }] },
    ]) {
      const res = await h.call('POST', '/api/vitals', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/request body/);
    }
    const notJson = await h.call('POST', '/api/vitals', { raw: '{not json' });
    expect(notJson.status).toBe(400);
    expect(await exposition()).toBe(before);
  });

  it('counts against the rate limits', async () => {
    const limited = await startHarness({
      metrics: createMetrics({ defaultMetrics: false }),
      rateLimiter: createRateLimiter({
        perAddress: [{ points: 2, windowMs: 60_000 }],
        perUser: [{ points: 2, windowMs: 60_000 }],
      }),
    });
    try {
      const report = { page: 'home', metrics: [{ name: 'TTFB', value: 120, rating: 'good' }] };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.call('POST', '/api/vitals', { body: report })).status);
      expect(statuses).toEqual([204, 204, 429]);
    } finally {
      await limited.close();
    }
  });
});
