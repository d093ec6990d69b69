/** Every feature's API module: the method, path and body each endpoint sends over fetch. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_HEADER, type CartView, type OrderCreated } from '@rewear/contracts';
import { api as http, resetHttpState, type Api } from '../api/http.ts';
import { authApi, registrationOf } from './auth/api.ts';
import { cartApi, cartLinesFrom, mergeItemsFrom } from './cart/api.ts';
import { catalogueApi } from './catalogue/api.ts';
import { emptyFilters } from './catalogue/catalogueSlice.ts';
import { checkoutApi, pendingOrderFrom } from './checkout/api.ts';
import { homeApi } from './home/api.ts';
import { brandViewFrom, listingsApi } from './listings/api.ts';
import { newsletterApi } from './newsletter/api.ts';
import { notificationsApi } from './notifications/api.ts';
import { ordersApi } from './orders/api.ts';
import { productApi } from './product/api.ts';
import { searchApi } from './search/api.ts';
import { shipmentsApi } from './shipments/api.ts';
import { wishlistApi } from './wishlist/api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetHttpState();
});

/** Answers every request with `answer` and returns what the last one sent. */
function recordFetch(answer: unknown = {}) {
  const fetchMock = vi.fn(
    async (_path: string, _init: RequestInit) => new Response(JSON.stringify(answer)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return () => {
    const [path, init] = fetchMock.mock.calls.at(-1)!;
    const headers = init.headers as Record<string, string>;
    return {
      method: init.method,
      path,
      body: init.body === undefined ? undefined : JSON.parse(init.body as string),
      idempotencyKey: headers[IDEMPOTENCY_HEADER],
    };
  };
}

const key = { headers: { [IDEMPOTENCY_HEADER]: 'key-1' } };
const command = { idempotencyKey: 'key-1' };

type Sent = { method: string; path: string; body?: unknown; idempotencyKey?: string };
type Case = [name: string, send: (http: Api) => Promise<unknown>, sent: Sent];

const cases: Case[] = [
  ['auth: client config', (h) => authApi(h).config(), { method: 'GET', path: '/api/config' }],
  [
    'auth: register (no key: a 409 already means done)',
    (h) => authApi(h).register({ uid: 'u1', email: 'a@b.c', display_name: 'Ada' }),
    {
      method: 'POST',
      path: '/api/users/register',
      body: { uid: 'u1', email: 'a@b.c', display_name: 'Ada' },
    },
  ],
  [
    'cart: the user cart, id encoded',
    (h) => cartApi(h).userCart('u 1/2'),
    { method: 'GET', path: '/api/cart/user/u%201%2F2' },
  ],
  [
    'cart: create',
    (h) => cartApi(h).create({ userId: 'u1' }, key),
    { method: 'POST', path: '/api/cart/create', body: { userId: 'u1' }, ...command },
  ],
  [
    'cart: add an item',
    (h) => cartApi(h).addItem({ cartId: 'c1', productId: 'p1', quantity: 2 }, key),
    {
      method: 'POST',
      path: '/api/cart/add-item',
      body: { cartId: 'c1', productId: 'p1', quantity: 2 },
      ...command,
    },
  ],
  [
    'cart: remove an item',
    (h) => cartApi(h).removeItem({ cartId: 'c1', productId: 'p1', quantity: 1 }, key),
    {
      method: 'DELETE',
      path: '/api/cart/remove-item',
      body: { cartId: 'c1', productId: 'p1', quantity: 1 },
      ...command,
    },
  ],
  [
    'cart: update an item',
    (h) => cartApi(h).updateItem({ cartId: 'c1', productId: 'p1', quantity: 3 }, key),
    {
      method: 'PUT',
      path: '/api/cart/update-item',
      body: { cartId: 'c1', productId: 'p1', quantity: 3 },
      ...command,
    },
  ],
  [
    'cart: clear',
    (h) => cartApi(h).clear({ cartId: 'c1' }, key),
    { method: 'POST', path: '/api/cart/clear', body: { cartId: 'c1' }, ...command },
  ],
  [
    'cart: merge',
    (h) => cartApi(h).merge({ cartId: 'c1', items: [{ productId: 'p1', quantity: 1 }] }, key),
    {
      method: 'POST',
      path: '/api/cart/merge',
      body: { cartId: 'c1', items: [{ productId: 'p1', quantity: 1 }] },
      ...command,
    },
  ],
  [
    'catalogue: a page of filtered products',
    (h) =>
      catalogueApi(h).products({
        filters: { ...emptyFilters, category: 'Shoes', sort: 'name_asc' },
        page: 2,
      }),
    {
      method: 'GET',
      path: '/api/products/filter?category=Shoes&sortBy=title&sortOrder=ASC&page=2&pageSize=20',
    },
  ],
  [
    'catalogue: categories with counts',
    (h) => catalogueApi(h).categoriesWithCount(),
    { method: 'GET', path: '/api/products/categories-with-count' },
  ],
  [
    'catalogue: brands with counts in a category',
    (h) => catalogueApi(h).brandsWithCount('T-shirts & tops'),
    { method: 'GET', path: '/api/brands/brands-with-count?category=T-shirts+%26+tops' },
  ],
  [
    'catalogue: brands with counts, any category',
    (h) => catalogueApi(h).brandsWithCount(''),
    { method: 'GET', path: '/api/brands/brands-with-count' },
  ],
  [
    'catalogue: filter options leave out an empty facet',
    (h) => catalogueApi(h).filterOptions({ category: 'Shoes', brand: '' }),
    { method: 'GET', path: '/api/products/filter-options?category=Shoes' },
  ],
  [
    'catalogue: price range',
    (h) => catalogueApi(h).priceRange({ category: 'Shoes', brand: 'Nike' }),
    { method: 'GET', path: '/api/products/price-range?category=Shoes&brand=Nike' },
  ],
  [
    'checkout: client config',
    (h) => checkoutApi(h).config(),
    { method: 'GET', path: '/api/config' },
  ],
  [
    'checkout: create the order',
    (h) =>
      checkoutApi(h).createOrder(
        {
          userId: 'u1',
          orderItems: [{ productId: 'p1', quantity: 1, unitPrice: 12.5 }],
          shippingInfo: {
            name: 'Ada',
            address: '1 Main St',
            city: 'Springfield',
            state: 'IL',
            zip: '62701',
            email: 'a@b.c',
          },
        },
        key,
      ),
    {
      method: 'POST',
      path: '/api/orders',
      body: {
        userId: 'u1',
        orderItems: [{ productId: 'p1', quantity: 1, unitPrice: 12.5 }],
        shippingInfo: {
          name: 'Ada',
          address: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
          email: 'a@b.c',
        },
      },
      ...command,
    },
  ],
  [
    'checkout: record the payment',
    (h) => checkoutApi(h).recordPayment('o/1', { stripePaymentId: 'pi_1' }, key),
    {
      method: 'PUT',
      path: '/api/orders/o%2F1/update-payment',
      body: { stripePaymentId: 'pi_1' },
      ...command,
    },
  ],
  [
    'checkout: confirm a card with the simulated processor (no key)',
    (h) =>
      checkoutApi(h).confirmSimulatedCard('secret', {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      }),
    {
      method: 'POST',
      path: '/api/payments/simulated/confirm',
      body: {
        clientSecret: 'secret',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      },
    },
  ],
  ['home: categories', (h) => homeApi(h).categories(), { method: 'GET', path: '/api/categories/' }],
  ['home: brands', (h) => homeApi(h).brands(), { method: 'GET', path: '/api/brands/' }],
  [
    'home: a carousel',
    (h) => homeApi(h).carousel('lowestPrices'),
    { method: 'GET', path: '/api/products/filter?sort=price_low&page=1&pageSize=10' },
  ],
  [
    'home: the featured product',
    (h) => homeApi(h).featured(),
    { method: 'GET', path: '/api/products/featured' },
  ],
  ['listings: brands', (h) => listingsApi(h).brands(), { method: 'GET', path: '/api/brands/' }],
  [
    'listings: categories',
    (h) => listingsApi(h).categories(),
    { method: 'GET', path: '/api/categories/' },
  ],
  [
    'listings: find or create a brand',
    (h) => listingsApi(h).findOrCreateBrand({ name: 'Gap' }, key),
    { method: 'POST', path: '/api/brands/find-or-create', body: { name: 'Gap' }, ...command },
  ],
  [
    "listings: a seller's listings",
    (h) => listingsApi(h).sellerListings('u#1'),
    { method: 'GET', path: '/api/products/seller/u%231' },
  ],
  [
    'listings: one listing',
    (h) => listingsApi(h).listing('p1'),
    { method: 'GET', path: '/api/products/p1' },
  ],
  [
    'listings: create',
    (h) =>
      listingsApi(h).createListing(
        {
          title: 'Tee',
          price: 10,
          description: 'Soft',
          brand_id: 'b1',
          category_id: 2,
          condition_ids: [1],
        },
        key,
      ),
    {
      method: 'POST',
      path: '/api/products',
      body: {
        title: 'Tee',
        price: 10,
        description: 'Soft',
        brand_id: 'b1',
        category_id: 2,
        condition_ids: [1],
      },
      ...command,
    },
  ],
  [
    'listings: update',
    (h) => listingsApi(h).updateListing('p1', { title: 'Tee' }, key),
    { method: 'PUT', path: '/api/products/p1', body: { title: 'Tee' }, ...command },
  ],
  [
    'listings: delete',
    (h) => listingsApi(h).deleteListing('p1', key),
    { method: 'DELETE', path: '/api/products/p1', ...command },
  ],
  [
    'checkout: resume the payment of an unpaid order',
    (h) => checkoutApi(h).resumePayment('o 1', key),
    { method: 'POST', path: '/api/orders/o%201/resume-payment', ...command },
  ],
  [
    'newsletter: subscribe',
    (h) => newsletterApi(h).subscribe({ email: 'a@b.c' }, key),
    { method: 'POST', path: '/api/newsletter/subscribe', body: { email: 'a@b.c' }, ...command },
  ],
  [
    'newsletter: unsubscribe',
    (h) => newsletterApi(h).unsubscribe({ email: 'a@b.c' }, key),
    { method: 'POST', path: '/api/newsletter/unsubscribe', body: { email: 'a@b.c' }, ...command },
  ],
  [
    "notifications: the signed-in user's",
    (h) => notificationsApi(h).list(),
    { method: 'GET', path: '/api/notifications' },
  ],
  [
    'notifications: mark read up to a time',
    (h) => notificationsApi(h).markRead({ upTo: '2026-03-01T12:00:00.000Z' }, key),
    {
      method: 'POST',
      path: '/api/notifications/read',
      body: { upTo: '2026-03-01T12:00:00.000Z' },
      ...command,
    },
  ],
  [
    "shipments: the seller's sales",
    (h) => shipmentsApi(h).sales(),
    { method: 'GET', path: '/api/sales' },
  ],
  [
    "shipments: the seller's balance",
    (h) => shipmentsApi(h).balance(),
    { method: 'GET', path: '/api/sales/balance' },
  ],
  [
    "shipments: an order's shipments, id encoded",
    (h) => shipmentsApi(h).orderShipments('o 1'),
    { method: 'GET', path: '/api/orders/o%201/shipments' },
  ],
  [
    'shipments: ship, with carrier and tracking number',
    (h) => shipmentsApi(h).ship('o1.s 1', { carrier: 'UPS', trackingNumber: '1Z999' }, key),
    {
      method: 'POST',
      path: '/api/shipments/o1.s%201/ship',
      body: { carrier: 'UPS', trackingNumber: '1Z999' },
      ...command,
    },
  ],
  [
    'shipments: the seller marks delivered',
    (h) => shipmentsApi(h).markDelivered('o1.s1', key),
    { method: 'POST', path: '/api/shipments/o1.s1/delivered', ...command },
  ],
  [
    'shipments: the buyer confirms receipt (the same route)',
    (h) => shipmentsApi(h).confirmReceipt('o1.s1', key),
    { method: 'POST', path: '/api/shipments/o1.s1/delivered', ...command },
  ],
  [
    'shipments: everything is OK',
    (h) => shipmentsApi(h).confirmOk('o1.s1', key),
    { method: 'POST', path: '/api/shipments/o1.s1/complete', ...command },
  ],
  [
    'shipments: report a problem, with reason and text',
    (h) => shipmentsApi(h).reportProblem('o1.s1', { reason: 'damaged', text: 'Torn seam' }, key),
    {
      method: 'POST',
      path: '/api/shipments/o1.s1/problem',
      body: { reason: 'damaged', text: 'Torn seam' },
      ...command,
    },
  ],
  [
    'shipments: accept the return',
    (h) => shipmentsApi(h).acceptReturn('o1.s1', key),
    { method: 'POST', path: '/api/shipments/o1.s1/accept-return', ...command },
  ],
  [
    'shipments: dispute',
    (h) => shipmentsApi(h).dispute('o1.s1', key),
    { method: 'POST', path: '/api/shipments/o1.s1/dispute', ...command },
  ],
  [
    'shipments: cancel before shipping',
    (h) => shipmentsApi(h).cancel('o1.s1', key),
    { method: 'POST', path: '/api/shipments/o1.s1/cancel', ...command },
  ],
  [
    "orders: a user's orders",
    (h) => ordersApi(h).userOrders('u1'),
    { method: 'GET', path: '/api/orders/user/u1' },
  ],
  [
    'orders: one order',
    (h) => ordersApi(h).order('o 1'),
    { method: 'GET', path: '/api/orders/o%201' },
  ],
  [
    'product: one product',
    (h) => productApi(h).product('p1'),
    { method: 'GET', path: '/api/products/p1' },
  ],
  [
    'product: recommendations',
    (h) => productApi(h).recommendations('p1', 8),
    { method: 'GET', path: '/api/products/p1/recommendations?limit=8' },
  ],
  [
    "product: the seller's delete",
    (h) => productApi(h).deleteListing('p 1', key),
    { method: 'DELETE', path: '/api/products/p%201', ...command },
  ],
  [
    'search: suggestions',
    (h) => searchApi(h).suggestions('red & blue', new AbortController().signal),
    { method: 'GET', path: '/api/search/suggestions?q=red%20%26%20blue' },
  ],
  [
    'search: results',
    (h) => searchApi(h).results('red dress', 3, 20),
    { method: 'GET', path: '/api/search/results?query=red%20dress&page=3&pageSize=20' },
  ],
  [
    'wishlist: the list',
    (h) => wishlistApi(h).wishlist('u1'),
    { method: 'GET', path: '/api/wishlist/user/u1' },
  ],
  [
    'wishlist: add',
    (h) => wishlistApi(h).add({ userId: 'u1', productId: 'p1' }, key),
    {
      method: 'POST',
      path: '/api/wishlist',
      body: { userId: 'u1', productId: 'p1' },
      ...command,
    },
  ],
  [
    'wishlist: remove one product',
    (h) => wishlistApi(h).remove('u1', 'p/1', key),
    { method: 'DELETE', path: '/api/wishlist/user/u1/product/p%2F1', ...command },
  ],
  [
    'wishlist: clear',
    (h) => wishlistApi(h).clear('u1', key),
    { method: 'DELETE', path: '/api/wishlist/user/u1', ...command },
  ],
];

describe('API modules', () => {
  it.each(cases)('%s', async (_name, send, sent) => {
    const lastSent = recordFetch();
    await send(http);
    expect(lastSent()).toEqual({ body: undefined, idempotencyKey: undefined, ...sent });
  });

  it('passes the abort signal of a suggestion request to fetch', async () => {
    recordFetch([]);
    const controller = new AbortController();
    await searchApi(http).suggestions('dress', controller.signal);
    const init = vi.mocked(fetch).mock.calls[0]![1]!;
    expect(init.signal).toBe(controller.signal);
  });

  it("answers a home carousel's products, not the page around them", async () => {
    recordFetch({ products: [{ product_id: 'p1' }], total: 1, page: 1, pageSize: 10 });
    await expect(homeApi(http).carousel('popular')).resolves.toEqual([{ product_id: 'p1' }]);
  });
});

describe('answer-to-state mappings', () => {
  it("keeps what a cart line shows from the server's cart, price as a number, with its seller and offer", () => {
    const view = {
      id: 'c1',
      products: [
        {
          product_id: 'p1',
          title: 'Tee',
          image: '/p1.jpg',
          brand_name: 'Gap',
          price: '12.50',
          quantity: 2,
          stock: 3,
          description: 'not on a cart line',
          seller_id: 's1',
          offerId: 'o1',
          listPrice: 15,
        },
      ],
    } as unknown as CartView;
    expect(cartLinesFrom(view)).toEqual([
      {
        product_id: 'p1',
        title: 'Tee',
        image: '/p1.jpg',
        brand_name: 'Gap',
        price: 12.5,
        quantity: 2,
        stock: 3,
        seller_id: 's1',
        offerId: 'o1',
        listPrice: 15,
      },
    ]);
    expect(mergeItemsFrom(cartLinesFrom(view))).toEqual([{ productId: 'p1', quantity: 2 }]);
  });

  it('keeps the created order for a retry after a declined card', () => {
    const created: OrderCreated = {
      order: { id: 'o1', status: 'pending', total_price: 25, expires_at: '2030-01-01T00:00:00Z' },
      clientSecret: 'pi_1_secret',
      paymentIntentId: 'pi_1',
      position: 7,
    };
    expect(pendingOrderFrom(created, 'fingerprint')).toEqual({
      id: 'o1',
      clientSecret: 'pi_1_secret',
      totalPrice: 25,
      expiresAt: '2030-01-01T00:00:00Z',
      fingerprint: 'fingerprint',
    });
  });

  it('lists a found brand as the reference data does', () => {
    expect(
      brandViewFrom({ id: 'gap', name: 'Gap', image: null, created: false, position: 3 }),
    ).toEqual({ id: 'gap', name: 'Gap', image: null });
  });

  it('registers a user under their display name, else their email', () => {
    const user = { uid: 'u1', email: 'a@b.c', displayName: null, photoURL: null };
    expect(registrationOf(user, null)).toEqual({
      uid: 'u1',
      email: 'a@b.c',
      display_name: 'a@b.c',
      photo_url: null,
    });
    expect(registrationOf({ ...user, displayName: 'Ada' }, '/ada.jpg')).toMatchObject({
      display_name: 'Ada',
      photo_url: '/ada.jpg',
    });
  });
});
