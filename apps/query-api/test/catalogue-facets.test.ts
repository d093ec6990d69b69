/**
 * GET /api/products/filter?facets=true: the page and the filter options' counts from one search,
 * and the default answer unchanged. Visitors only (no identity needed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, startHarness, type Harness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.append('brand', 'nike', [
    { type: 'BrandCreated', data: { brandId: 'nike', name: 'Nike', image: null } },
  ]);
  const listings: Array<[string, Parameters<typeof listing>[1]]> = [
    [
      'f-tee',
      { title: 'Alpha Tee', categoryId: 1, sizeIds: [2], colorIds: [7], conditionIds: [1] },
    ],
    [
      'f-tee2',
      { title: 'Beta Tee', categoryId: 1, sizeIds: [2, 3], colorIds: [8], conditionIds: [3] },
    ],
    [
      'f-tee3',
      { title: 'Gamma Tee', categoryId: 1, sizeIds: [3], colorIds: [7], conditionIds: [3] },
    ],
    [
      'f-dress',
      { title: 'Delta Dress', categoryId: 2, sizeIds: [4], colorIds: [2], conditionIds: [1] },
    ],
  ];
  let position = 0;
  for (const [id, overrides] of listings)
    position = await h.append('listing', id, [listing(id, overrides)], { wait: false });
  await h.runtime.waitFor(position, 5000);
});

afterAll(async () => {
  await h?.close();
});

describe('catalogue filter with facets=true', () => {
  it('answers the page and the counts of the filter options over all matches, as filter-options does', async () => {
    const { status, body } = await h.get(
      '/api/products/filter?category=Tops&pageSize=1&facets=true',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 1 });
    expect(body.products.map((p: { product_id: string }) => p.product_id)).toEqual(['f-tee']);
    // Counted over the three tops, not just the page of one.
    expect(body.facets.categories).toEqual([{ name: 'Tops', count: 3 }]);
    expect(body.facets.brands).toEqual([{ name: 'Nike', count: 3 }]);
    expect(body.facets.sizes).toEqual([
      { name: 'Small', count: 2 },
      { name: 'Medium', count: 2 },
    ]);
    expect(body.facets).toEqual((await h.get('/api/products/filter-options?category=Tops')).body);
  });

  it('narrows the counts with the rest of the filter', async () => {
    const { body } = await h.get('/api/products/filter?category=Tops&size=Medium&facets=1');
    expect(body.total).toBe(2);
    expect(body.facets.sizes).toEqual([
      { name: 'Small', count: 1 },
      { name: 'Medium', count: 2 },
    ]);
  });

  it('keeps the default answer without facets, and refuses a value that is not a boolean', async () => {
    const plain = (await h.get('/api/products/filter?category=Tops')).body;
    expect(Object.keys(plain).sort()).toEqual(['page', 'pageSize', 'products', 'total']);
    expect((await h.get('/api/products/filter?category=Tops&facets=false')).body).toEqual(plain);
    const bad = await h.get('/api/products/filter?facets=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });

  it('answers a repeated page with what was written since: a new price, a sold-out listing gone', async () => {
    const path = '/api/products/filter?category=Dresses&facets=true';
    const first = (await h.get(path)).body;
    expect(first.products.map((p: { price: number }) => p.price)).toEqual([
      first.products[0].price,
    ]);
    const again = await h.get(path);
    expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again.body).toEqual(first);

    await h.append('listing', 'f-dress', [
      { type: 'ListingUpdated', data: { listingId: 'f-dress', changes: { priceCents: 4321 } } },
    ]);
    const repriced = (await h.get(path)).body;
    expect(
      repriced.products.map((p: { product_id: string; price: number }) => [p.product_id, p.price]),
    ).toEqual([['f-dress', 43.21]]);

    await h.append('listing', 'f-dress', [
      { type: 'StockSold', data: { listingId: 'f-dress', orderId: 'o-1', quantity: 1 } },
    ]);
    const soldOut = (await h.get(path)).body;
    expect(soldOut).toMatchObject({ total: 0, products: [] });
    expect(soldOut.facets.sizes).toEqual([]);
  });
});
