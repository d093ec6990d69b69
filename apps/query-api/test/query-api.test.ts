import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@rewear/contracts';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { listing, startHarness, type Harness } from './harness.ts';

let h: Harness;
let stopEmulator: () => Promise<void>;
let alice: TestUser;
let bob: TestUser;

const shipping = {
  name: 'Alice',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'alice@example.com',
};
const reserve = (listingId: string, orderId: string, quantity: number): DomainEvent => ({
  type: 'StockReserved',
  data: { listingId, orderId, quantity, expiresAt: new Date(Date.now() + 900_000).toISOString() },
});

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
  h = await startHarness();

  await h.append('brand', 'nike', [
    { type: 'BrandCreated', data: { brandId: 'nike', name: 'Nike', image: null } },
  ]);
  await h.append('brand', 'zara', [
    { type: 'BrandCreated', data: { brandId: 'zara', name: 'Zara', image: null } },
  ]);
  const created: Array<[string, Parameters<typeof listing>[1]]> = [
    [
      'p-jacket',
      {
        title: 'Vintage Denim Jacket',
        categoryId: 5,
        brandId: 'zara',
        priceCents: 4500,
        stock: 2,
        sizeIds: [3, 4],
        colorIds: [2],
        conditionIds: [3],
      },
    ],
    [
      'p-tee',
      {
        title: 'Nike Running Tee',
        categoryId: 1,
        brandId: 'nike',
        priceCents: 1999,
        stock: 3,
        sizeIds: [2],
        colorIds: [7],
        conditionIds: [1],
      },
    ],
    [
      'p-tee2',
      {
        title: 'Nike Training Tee',
        categoryId: 1,
        brandId: 'nike',
        priceCents: 2500,
        stock: 1,
        sizeIds: [3],
        colorIds: [8],
        conditionIds: [3],
      },
    ],
    [
      'p-dress',
      {
        title: 'Floral Summer Dress',
        categoryId: 2,
        brandId: 'zara',
        priceCents: 6000,
        originalPriceCents: 12000,
        stock: 1,
        sizeIds: [2],
        colorIds: [6, 8],
        conditionIds: [2],
      },
    ],
    [
      'p-boots',
      {
        title: 'Leather Ankle Boots',
        categoryId: 3,
        brandId: 'nike',
        priceCents: 12000,
        stock: 1,
        sizeIds: [4],
        colorIds: [7],
        conditionIds: [4],
      },
    ],
    [
      'p-skirt',
      { title: 'Denim Mini Skirt', categoryId: 7, brandId: 'zara', priceCents: 3000, stock: 1 },
    ],
    [
      'p-scarf',
      { title: 'Wool Scarf', categoryId: 4, brandId: 'nike', priceCents: 1500, stock: 1 },
    ],
    [
      'p-levis',
      { title: "Levi's 501 Jeans", categoryId: 6, brandId: 'levis', priceCents: 5500, stock: 1 },
    ],
  ];
  for (const [id, overrides] of created) await h.append('listing', id, [listing(id, overrides)]);
  // The brand arrives after its listing.
  await h.append('brand', 'levis', [
    { type: 'BrandCreated', data: { brandId: 'levis', name: "Levi's", image: null } },
  ]);
  await h.append('listing', 'p-skirt', [
    { type: 'StockSold', data: { listingId: 'p-skirt', orderId: 'o-old', quantity: 1 } },
  ]);
  await h.append('listing', 'p-jacket', [reserve('p-jacket', 'o-other', 1)]);

  await h.append('cart', 'cart-a', [
    { type: 'CartCreated', data: { cartId: 'cart-a', userId: alice.uid } },
    { type: 'CartItemAdded', data: { cartId: 'cart-a', productId: 'p-jacket', quantity: 2 } },
    { type: 'CartItemAdded', data: { cartId: 'cart-a', productId: 'p-tee', quantity: 1 } },
    { type: 'CartItemAdded', data: { cartId: 'cart-a', productId: 'p-scarf', quantity: 1 } },
  ]);
  await h.append('listing', 'p-scarf', [
    { type: 'ListingDeleted', data: { listingId: 'p-scarf' } },
  ]);

  await h.append('wishlist', alice.uid, [
    { type: 'WishlistItemAdded', data: { userId: alice.uid, productId: 'p-tee' } },
    { type: 'WishlistItemAdded', data: { userId: alice.uid, productId: 'p-dress' } },
  ]);
  await h.append('wishlist', bob.uid, [
    { type: 'WishlistItemAdded', data: { userId: bob.uid, productId: 'p-dress' } },
  ]);

  await h.append('order', 'o-1', [
    {
      type: 'OrderPlaced',
      data: {
        orderId: 'o-1',
        userId: alice.uid,
        items: [
          {
            productId: 'p-tee',
            title: 'Nike Running Tee',
            image: 'tee.jpg',
            quantity: 1,
            unitPriceCents: 1999,
          },
          {
            productId: 'p-boots',
            title: 'Leather Ankle Boots',
            image: 'boots.jpg',
            quantity: 1,
            unitPriceCents: 12000,
          },
        ],
        totalCents: 13999,
        currency: 'usd',
        shipping,
        paymentIntentId: 'pi_1',
        expiresAt: new Date(Date.now() + 900_000).toISOString(),
      },
    },
    { type: 'OrderPaid', data: { orderId: 'o-1', paymentIntentId: 'pi_1', amountCents: 13999 } },
  ]);

  await h.append('collection', 'k-summer', [
    {
      type: 'CollectionCreated',
      data: {
        collectionId: 'k-summer',
        ownerId: alice.uid,
        title: 'Summer picks',
        description: '',
        productIds: ['p-dress', 'p-skirt'],
        isPublic: true,
      },
    },
    { type: 'CollectionFollowed', data: { collectionId: 'k-summer', userId: bob.uid } },
  ]);
  await h.append('collection', 'k-secret', [
    {
      type: 'CollectionCreated',
      data: {
        collectionId: 'k-secret',
        ownerId: alice.uid,
        title: 'Secret',
        description: '',
        productIds: ['p-tee'],
        isPublic: false,
      },
    },
  ]);
}, 180_000);

afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const ids = (products: Array<{ product_id: string }>) => products.map((p) => p.product_id);

describe('products', () => {
  it('lists listed products by title, without sold-out or deleted ones', async () => {
    const { status, body } = await h.get('/api/products');
    expect(status).toBe(200);
    expect(body.map((p: { title: string }) => p.title)).toEqual([
      'Floral Summer Dress',
      'Leather Ankle Boots',
      "Levi's 501 Jeans",
      'Nike Running Tee',
      'Nike Training Tee',
      'Vintage Denim Jacket',
    ]);
    expect(
      (await h.get('/api/products?limit=2&offset=1')).body.map((p: { title: string }) => p.title),
    ).toEqual(['Leather Ankle Boots', "Levi's 501 Jeans"]);
    expect((await h.get('/api/products?limit=500')).status).toBe(400);
  });

  it('answers product detail in dollars with names resolved, also for a brand seen after its listing', async () => {
    const { status, body } = await h.get('/api/products/p-dress');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      product_id: 'p-dress',
      id: 'p-dress',
      price: 60,
      original_price: 120,
      brand_name: 'Zara',
      category_name: 'Dresses',
      condition_name: 'NWOT',
      sizes: ['Small'],
      colors: ['pink', 'white'],
      stock: 1,
      num_likes: 2,
      seller_name: 'Sam Seller',
    });
    expect((await h.get('/api/products/p-levis')).body.brand_name).toBe("Levi's");
    expect((await h.get('/api/products/p-tee')).body.price).toBe(19.99);
  });

  it('a sold-out product still answers with stock 0; deleted and unknown ones are 404', async () => {
    expect((await h.get('/api/products/p-skirt')).body).toMatchObject({ stock: 0 });
    const deleted = await h.get('/api/products/p-scarf');
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual({ message: 'Product not found' });
    expect((await h.get('/api/products/nope')).status).toBe(404);
    expect((await h.get('/api/products/bad%20id')).status).toBe(400);
  });

  it('available stock counts reservations', async () => {
    const { body } = await h.get('/api/products/p-jacket/availability?quantity=2');
    expect(body).toEqual({
      product_id: 'p-jacket',
      requested: 2,
      available: 1,
      isAvailable: false,
    });
    expect((await h.get('/api/products/p-jacket/availability')).body.isAvailable).toBe(true);
    expect((await h.get('/api/products/p-jacket/availability?quantity=0')).status).toBe(400);
    expect((await h.get('/api/products/p-scarf/availability')).status).toBe(404);
  });

  it('lists by category name, 404 for an unknown category', async () => {
    expect(ids((await h.get('/api/products/category/tops')).body)).toEqual(['p-tee', 'p-tee2']);
    expect((await h.get('/api/products/category/Skirts')).body).toEqual([]);
    expect((await h.get('/api/products/category/Spaceships')).status).toBe(404);
  });

  it("lists a seller's listings including sold-out ones, 404 when none", async () => {
    const { body } = await h.get('/api/products/seller/seller-1');
    expect(ids(body)).toContain('p-skirt');
    expect(ids(body)).not.toContain('p-scarf');
    expect((await h.get('/api/products/seller/nobody')).status).toBe(404);
  });

  it('answers each product the same in every list as in its detail (one JSON text per product)', async () => {
    const lists = [
      '/api/products',
      '/api/products/category/tops',
      '/api/products/p-tee/recommendations',
      '/api/products/search?keyword=tee',
      '/api/products/filter?category=tops',
      '/api/search?query=tee',
    ];
    let compared = 0;
    for (const list of lists) {
      const { status, body, headers } = await h.get(list);
      expect(status, list).toBe(200);
      expect(headers.get('content-type'), list).toMatch(/^application\/json/);
      const products = (Array.isArray(body) ? body : body.products) as Array<{
        product_id: string;
      }>;
      expect(products.length, list).toBeGreaterThan(0);
      for (const product of products) {
        // The seller's rating and badges too: the catalogue carries them on each listing. The
        // detail alone says whether the seller is away (none is here).
        const { sellerAwayUntil, ...detail } = (await h.get(`/api/products/${product.product_id}`))
          .body;
        expect(sellerAwayUntil, list).toBeNull();
        expect(detail.sellerRating, list).toEqual({
          average: expect.any(Number),
          count: expect.any(Number),
        });
        expect(detail.sellerBadges, list).toEqual([]);
        expect(product, list).toEqual(detail);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(lists.length);
  });

  it('recommends listed products of the same category, excluding the product', async () => {
    expect(ids((await h.get('/api/products/p-tee/recommendations')).body)).toEqual(['p-tee2']);
    expect((await h.get('/api/products/p-boots/recommendations?limit=2')).body).toEqual([]);
    expect((await h.get('/api/products/nope/recommendations')).status).toBe(404);
    expect((await h.get('/api/products/p-tee/recommendations?limit=-1')).status).toBe(400);
  });

  it('serves the Product of the Day from the server-side score, only a listed product', async () => {
    const { status, body } = await h.get('/api/products/featured');
    expect(status).toBe(200);
    expect(body.stock).toBeGreaterThan(0);
    // Favoured brand and category, an image, 2 likes, $30-100 and new: the dress outscores the rest by more than the random 0-5.
    expect(body.product_id).toBe('p-dress');
  });
});

describe('catalogue filter', () => {
  it('filters by category and brand names and answers the total with paging', async () => {
    const tops = (await h.get('/api/products/filter?category=Tops')).body;
    expect(tops).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(ids(tops.products)).toEqual(['p-tee', 'p-tee2']);
    const zara = (await h.get('/api/products/filter?brand=Zara&pageSize=1&page=2')).body;
    expect(zara.total).toBe(2);
    expect(ids(zara.products)).toEqual(['p-jacket']);
  });

  it('filters by size, color, condition and price in dollars', async () => {
    expect(ids((await h.get('/api/products/filter?size=Small')).body.products)).toEqual([
      'p-dress',
      'p-tee',
    ]);
    expect(ids((await h.get('/api/products/filter?color=black,white')).body.products)).toEqual([
      'p-dress',
      'p-boots',
      'p-levis',
      'p-tee',
      'p-tee2',
    ]);
    expect(ids((await h.get('/api/products/filter?condition=nwt')).body.products)).toEqual([
      'p-tee',
    ]);
    expect(
      ids((await h.get('/api/products/filter?minPrice=25&maxPrice=55')).body.products),
    ).toEqual(['p-levis', 'p-tee2', 'p-jacket']);
  });

  it('sorts by field and order and by the home shortcuts', async () => {
    const byPriceDesc = ids(
      (await h.get('/api/products/filter?sortBy=price&sortOrder=DESC')).body.products,
    );
    expect(byPriceDesc[0]).toBe('p-boots');
    expect(ids((await h.get('/api/products/filter?sort=price_low')).body.products)[0]).toBe(
      'p-tee',
    );
    expect(ids((await h.get('/api/products/filter?sort=popular')).body.products)[0]).toBe(
      'p-dress',
    );
    expect(ids((await h.get('/api/products/filter?sort=price_high')).body.products)).toEqual(
      byPriceDesc,
    );
  });

  it('rejects invalid and operator-looking parameters with 400 {message, details}', async () => {
    const bad = await h.get('/api/products/filter?sortBy=bogus');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/sortBy/);
    expect(bad.body.details[0].path).toBe('sortBy');
    for (const query of [
      'minPrice=abc',
      'category[$ne]=x',
      'brand=$where',
      'size=Huge',
      'page=0',
      'sortOrder=sideways',
      '$where=1',
    ]) {
      const res = await h.get(`/api/products/filter?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('facets', () => {
  it('counts categories from listed products only', async () => {
    const { body } = await h.get('/api/products/categories-with-count');
    const count = (name: string) =>
      body.find((c: { category_name: string }) => c.category_name === name).product_count;
    expect(body).toHaveLength(10);
    expect([count('Tops'), count('Dresses'), count('Skirts'), count('Accessories')]).toEqual([
      2, 1, 0, 0,
    ]);
  });

  it('answers filter options and price range for a category or brand, with defaults when empty', async () => {
    expect((await h.get('/api/products/filter-options?category=Tops')).body).toEqual({
      categories: [{ name: 'Tops', count: 2 }],
      brands: [{ name: 'Nike', count: 2 }],
      colors: [
        { name: 'black', count: 1 },
        { name: 'white', count: 1 },
      ],
      sizes: [
        { name: 'Small', count: 1 },
        { name: 'Medium', count: 1 },
      ],
      conditions: [
        { name: 'NWT', count: 1 },
        { name: 'Good', count: 1 },
      ],
    });
    expect((await h.get('/api/products/price-range?category=Tops')).body).toEqual({
      minPrice: 19.99,
      maxPrice: 25,
    });
    expect((await h.get('/api/products/price-range?brand=Nobody')).body).toEqual({
      minPrice: 0,
      maxPrice: 1000,
    });
  });

  it('lists brands and counts them per category', async () => {
    expect((await h.get('/api/brands/')).body.map((b: { name: string }) => b.name)).toEqual([
      "Levi's",
      'Nike',
      'Zara',
    ]);
    expect((await h.get('/api/brands')).status).toBe(200);
    expect((await h.get('/api/categories')).body).toHaveLength(10);
    expect((await h.get('/api/brands/nike')).body).toEqual({
      id: 'nike',
      name: 'Nike',
      image: null,
    });
    expect((await h.get('/api/brands/nope')).status).toBe(404);
    expect((await h.get('/api/brands/brands-with-count?category=Dresses')).body).toEqual([
      { brand_name: 'Zara', product_count: 1 },
    ]);
    expect((await h.get('/api/brands/brands-with-count')).body).toEqual(
      [
        { brand_name: 'Nike', product_count: 3 },
        { brand_name: "Levi's", product_count: 1 },
        { brand_name: 'Zara', product_count: 2 },
      ].sort(
        (a, b) => b.product_count - a.product_count || a.brand_name.localeCompare(b.brand_name),
      ),
    );
  });

  it('lists categories with item counts', async () => {
    const all = (await h.get('/api/categories/')).body;
    expect(all[0]).toMatchObject({ id: 1, name: 'Tops', itemCount: 2 });
    expect((await h.get('/api/categories/2')).body).toMatchObject({
      name: 'Dresses',
      itemCount: 1,
    });
    expect((await h.get('/api/categories/99')).status).toBe(404);
    expect((await h.get('/api/categories/abc')).status).toBe(400);
  });
});

describe('search', () => {
  it('finds by words, with typos and prefixes, never sold-out items', async () => {
    expect(ids((await h.get('/api/search?query=denim')).body)).toEqual(['p-jacket']);
    expect(ids((await h.get('/api/search?query=jaket')).body)).toEqual(['p-jacket']);
    expect(ids((await h.get('/api/products/search?keyword=flor')).body)).toEqual(['p-dress']);
    expect((await h.get('/api/search')).body).toEqual([]);
  });

  it('pages the results with the number of all matches', async () => {
    const first = (await h.get('/api/search/results?query=tee&pageSize=1')).body;
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(first.products).toHaveLength(1);
    const second = (await h.get('/api/search/results?query=tee&page=2&pageSize=1')).body;
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect([...ids(first.products), ...ids(second.products)].sort()).toEqual(['p-tee', 'p-tee2']);
    const past = (await h.get('/api/search/results?query=tee&page=3&pageSize=1')).body;
    expect(past).toEqual({ products: [], total: 2, page: 3, pageSize: 1 });
    // 20 a page by default, as the catalogue; nothing without a query.
    expect((await h.get('/api/search/results?query=tee')).body).toMatchObject({
      total: 2,
      page: 1,
      pageSize: 20,
    });
    expect((await h.get('/api/search/results')).body).toEqual({
      products: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
    for (const bad of ['page=0', 'pageSize=0', 'pageSize=101', 'page=x'])
      expect((await h.get(`/api/search/results?query=tee&${bad}`)).status).toBe(400);
  });

  it('suggests up to 6 products from 2 characters', async () => {
    expect((await h.get('/api/search/suggestions?q=t')).body).toEqual([]);
    const tee = (await h.get('/api/search/suggestions?q=tee')).body;
    expect(ids(tee).sort()).toEqual(['p-tee', 'p-tee2']);
    expect((await h.get('/api/search/suggestions?q=' + 'x'.repeat(300))).status).toBe(400);
  });
});

describe('owner-only reads', () => {
  const cases = () => [
    `/api/cart/user/${alice.uid}`,
    '/api/cart/cart-a/totals',
    `/api/wishlist/user/${alice.uid}`,
    `/api/orders/user/${alice.uid}`,
    '/api/orders/o-1',
    `/api/collections/user/${alice.uid}`,
  ];

  it('answers the owner, 401 for visitors and malformed tokens, 403 for anyone else', async () => {
    for (const path of cases()) {
      expect((await h.get(path, { token: alice.idToken })).status, path).toBe(200);
      expect((await h.get(path)).status, path).toBe(401);
      expect((await h.get(path, { token: 'not-a-token' })).status, path).toBe(401);
      const other = await h.get(path, { token: bob.idToken });
      expect(other.status, path).toBe(403);
      expect(other.body.message).toBeTruthy();
    }
  });

  it('a malformed token is refused on public routes too, never treated as a visitor', async () => {
    expect((await h.get('/api/products', { token: 'garbage' })).status).toBe(401);
  });

  it('who is asking comes first: a visitor gets 401 before the path or consistency token is checked', async () => {
    for (const path of ['/api/orders/user/not%20an%20id', `/api/cart/${'x'.repeat(200)}/totals`]) {
      expect((await h.get(path)).status, path).toBe(401);
      // Signed in, the same path is what is wrong.
      const signedIn = await h.get(path, { token: alice.idToken });
      expect(signedIn.status, path).toBe(400);
      expect(signedIn.body.details).toBeTruthy();
    }
    expect(
      (await h.get(`/api/orders/user/${alice.uid}`, { headers: { 'x-consistency-token': 'abc' } }))
        .status,
    ).toBe(401);
    // No wait for the projections either: a token never reached answers at once.
    const started = Date.now();
    const res = await h.get(`/api/wishlist/user/${alice.uid}`, {
      headers: { 'x-consistency-token': '999999999' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-consistency-timeout')).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("joins the cart's lines to their listings and drops deleted ones", async () => {
    const { body } = await h.get(`/api/cart/user/${alice.uid}`, { token: alice.idToken });
    expect(body.id).toBe('cart-a');
    expect(
      body.products.map((p: { product_id: string; quantity: number }) => [
        p.product_id,
        p.quantity,
      ]),
    ).toEqual([
      ['p-jacket', 2],
      ['p-tee', 1],
    ]);
    expect(body.products[0]).toMatchObject({
      title: 'Vintage Denim Jacket',
      brand_name: 'Zara',
      price: 45,
    });
    expect((await h.get(`/api/cart/user/${bob.uid}`, { token: bob.idToken })).body).toEqual({
      id: null,
      products: [],
    });
  });

  it('totals the cart and reports lines that cannot be bought', async () => {
    const { body } = await h.get('/api/cart/cart-a/totals', { token: alice.idToken });
    expect(body).toEqual({
      cartId: 'cart-a',
      lineCount: 3,
      itemCount: 4,
      subtotal: 109.99,
      discounts: [],
      total: 109.99,
      shipping: { amount: 0, label: 'FREE' },
      tax: { status: 'calculated_at_checkout' },
      unavailable: [
        { product_id: 'p-jacket', requested: 2, available: 1 },
        { product_id: 'p-scarf', requested: 1, available: 0 },
      ],
    });
    expect((await h.get('/api/cart/nope/totals', { token: alice.idToken })).status).toBe(404);
  });

  it('lists the wishlist newest first with product fields', async () => {
    const { body } = await h.get(`/api/wishlist/user/${alice.uid}`, { token: alice.idToken });
    expect(ids(body).sort()).toEqual(['p-dress', 'p-tee']);
    expect(body.find((i: { product_id: string }) => i.product_id === 'p-dress')).toMatchObject({
      price: 60,
      original_price: 120,
      brand_name: 'Zara',
      conditions: ['NWOT'],
      sizes: ['Small'],
    });
  });

  it('answers orders as one row per item; 404 for unknown or none', async () => {
    const rows = (await h.get('/api/orders/o-1', { token: alice.idToken })).body;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      order_id: 'o-1',
      status: 'paid',
      total_price: 139.99,
      shipping_city: 'Springfield',
      product_title: 'Nike Running Tee',
      quantity: 1,
      unit_price: 19.99,
    });
    expect((await h.get(`/api/orders/user/${alice.uid}`, { token: alice.idToken })).body).toEqual(
      rows,
    );
    expect((await h.get('/api/orders/nope', { token: alice.idToken })).status).toBe(404);
    expect((await h.get(`/api/orders/user/${bob.uid}`, { token: bob.idToken })).status).toBe(404);
  });
});

describe('collections', () => {
  it('public: the seven algorithmic collections, then public user collections without sold-out products', async () => {
    const { body } = await h.get('/api/collections/public');
    expect(body.map((c: { id: string }) => c.id)).toEqual([
      'trending_hits',
      'hidden_gems',
      'style_steals',
      'fresh_drops',
      'curator_picks',
      'weekend_vibes',
      'investment_pieces',
      'k-summer',
    ]);
    const summer = body[7];
    expect(summer).toMatchObject({ type: 'user', owner_id: alice.uid, followers: 1 });
    expect(ids(summer.products)).toEqual(['p-dress']);
    const investment = body.find((c: { id: string }) => c.id === 'investment_pieces');
    expect(ids(investment.products)).toEqual(['p-boots']);
    expect(investment.metadata.criteria).toMatch(/\$100/);
    expect((await h.get('/api/collections/public?limit=3')).body).toHaveLength(3);
  });

  it('a private collection is visible to its owner only', async () => {
    expect((await h.get('/api/collections/k-secret', { token: alice.idToken })).status).toBe(200);
    expect((await h.get('/api/collections/k-secret', { token: bob.idToken })).status).toBe(404);
    expect((await h.get('/api/collections/k-secret')).status).toBe(404);
    expect((await h.get('/api/collections/trending_hits')).body.type).toBe('algorithmic');
    const mine = (await h.get(`/api/collections/user/${alice.uid}`, { token: alice.idToken })).body;
    expect(mine.map((c: { id: string }) => c.id).sort()).toEqual(['k-secret', 'k-summer']);
  });
});

describe('consistency token', () => {
  it('waits for the projections to reach the position before reading', async () => {
    const position = await h.append(
      'listing',
      'p-fresh',
      [listing('p-fresh', { title: 'Fresh Linen Shirt' })],
      { wait: false },
    );
    const res = await h.get('/api/products/p-fresh', {
      headers: { 'x-consistency-token': String(position) },
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Fresh Linen Shirt');
  });

  it('rejects a malformed token and gives up after the bound on one never reached', async () => {
    expect(
      (await h.get('/api/products', { headers: { 'x-consistency-token': 'abc' } })).status,
    ).toBe(400);
    const started = Date.now();
    const res = await h.get('/api/products', { headers: { 'x-consistency-token': '999999999' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-consistency-timeout')).toBe('true');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('selling out', () => {
  it('a sold-out listing leaves the catalogue, search and facet counts; detail answers stock 0', async () => {
    await h.append('listing', 'p-dress', [reserve('p-dress', 'o-dress', 1)]);
    expect((await h.get('/api/products/p-dress/availability')).body.available).toBe(0);
    expect(ids((await h.get('/api/search?query=floral')).body)).toEqual([]);
    await h.append('listing', 'p-dress', [
      {
        type: 'StockReleased',
        data: { listingId: 'p-dress', orderId: 'o-dress', quantity: 1, reason: 'expired' },
      },
    ]);
    expect(ids((await h.get('/api/search?query=floral')).body)).toEqual(['p-dress']);
    await h.append('listing', 'p-dress', [
      { type: 'StockSold', data: { listingId: 'p-dress', orderId: 'o-dress2', quantity: 1 } },
    ]);

    expect(ids((await h.get('/api/search?query=floral')).body)).toEqual([]);
    expect(ids((await h.get('/api/products/filter?brand=Zara')).body.products)).toEqual([
      'p-jacket',
    ]);
    const categories = (await h.get('/api/products/categories-with-count')).body;
    expect(
      categories.find((c: { category_name: string }) => c.category_name === 'Dresses')
        .product_count,
    ).toBe(0);
    expect((await h.get('/api/brands/brands-with-count?category=Dresses')).body).toEqual([]);
    expect((await h.get('/api/products/p-dress')).body).toMatchObject({
      stock: 0,
      title: 'Floral Summer Dress',
    });
  });
});
