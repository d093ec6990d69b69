/**
 * Bounded input on query-api: a query string beyond the input limits answers 400 with a message
 * (read from the raw text, before anything parses it); the catalogue's filters go through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '@rewear/platform';
import { startHarness, type Harness } from './harness.ts';

const L = INPUT_LIMITS;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('bounded input on query-api', () => {
  it('answers a query with too many parameters, or too long a value, with 400 and what is wrong', async () => {
    const many = Array.from({ length: L.queryParameters + 1 }, (_, i) => `size=${i}`).join('&');
    const tooMany = await h.get(`/api/products?${many}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      message: `The query has too many parameters (at most ${L.queryParameters})`,
    });
    const long = await h.get(`/api/search?query=${'x'.repeat(L.queryValueLength + 1)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(
      `The query parameter "query" is too long (at most ${L.queryValueLength} characters)`,
    );
    const proto = await h.get('/api/products?__proto__=1');
    expect(proto.status).toBe(400);
    expect(proto.body.message).toMatch(/not allowed/);
  });

  it('lets the catalogue filters through', async () => {
    const answer = await h.get(
      '/api/products/filter?category=Tops&size=Small&size=Medium&color=blue,red&minPrice=10&maxPrice=99.5&sort=newest&page=2&pageSize=24&facets=true',
    );
    expect(answer.body).not.toHaveProperty('message');
    expect(answer.status).toBe(200);
  });
});
