/**
 * The authorization matrix: every command endpoint × {visitor, owner, another user, malformed
 * token}. A token that does not verify is always 401; a visitor is 401 except on open routes;
 * another user is 403 on what belongs to the owner. What the owner buys is another seller's
 * listing: no one buys their own (400, as an offer on it is), nor reviews themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthEmulatorForTests,
  createTestUser,
  createTestUserWithRole,
  makeTestPhoto,
  type TestUser,
} from '@rewear/testing';
import { streamIdOf } from '@rewear/contracts';
import { commandRoutes } from '../../src/index.ts';
import {
  eventsAfter,
  listingBody,
  OPS_TOKEN,
  shipping,
  startHarness,
  type Harness,
} from './harness.ts';
import { advanceShipment, paidOrder, type Step } from './shipment-fixtures.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let owner: TestUser;
let other: TestUser;
let seller: TestUser;
let brandId: string;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [owner, other, seller] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
  brandId = (
    await h.call('POST', '/api/brands/find-or-create', {
      token: owner.idToken,
      body: { name: 'Matrix brand' },
    })
  ).body.id;
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

type Caller = 'visitor' | 'owner' | 'other' | 'malformed';
interface Row {
  name: string;
  /** Builds a fresh request (fresh fixtures owned by `owner`) for one caller. */
  request(): Promise<{ method: string; path: string; body?: unknown; photo?: Buffer }>;
  /** Expected status per caller. */
  expect: Record<Caller, number>;
}

async function listing(stock = 3) {
  return (
    await h.call('POST', '/api/products', {
      token: owner.idToken,
      body: listingBody({ brand_id: brandId, stock }),
    })
  ).body as { product_id: string; price: number };
}
/** A listing of `seller`'s, for `owner` to buy. */
async function sellersListing(stock = 3) {
  const created = await h.call('POST', '/api/products', {
    token: seller.idToken,
    body: listingBody({ brand_id: brandId, stock }),
  });
  expect(created.status).toBe(201);
  return created.body as { product_id: string; price: number };
}
/** A photo `owner` uploaded, distinct from every other (its colour is random). */
async function ownersPhoto() {
  return (await h.call('POST', '/api/photos', { token: owner.idToken, raw: await freshPhoto() }))
    .body.photoId as string;
}
const freshPhoto = () =>
  makeTestPhoto({
    width: 64,
    height: 64,
    color: `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`,
  });
async function cartWith(productId?: string) {
  const cartId = (
    await h.call('POST', '/api/cart/create', { token: owner.idToken, body: { userId: owner.uid } })
  ).body.id;
  if (productId) {
    const added = await h.call('POST', '/api/cart/add-item', {
      token: owner.idToken,
      body: { cartId, productId, quantity: 1 },
    });
    expect(added.status).toBe(200);
  }
  return cartId as string;
}
async function placedOrder() {
  const product = await sellersListing();
  const res = await h.call('POST', '/api/orders', {
    token: owner.idToken,
    body: {
      userId: owner.uid,
      orderItems: [{ productId: product.product_id, quantity: 1, unitPrice: product.price }],
      shippingInfo: shipping,
    },
  });
  await h.payments.confirm(res.body.clientSecret, {
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2035,
    cvc: '123',
  });
  return res.body as { order: { id: string }; paymentIntentId: string };
}

const rows: Row[] = [
  {
    name: 'POST /api/users/register',
    request: async () => ({
      method: 'POST',
      path: '/api/users/register',
      body: { uid: owner.uid, email: owner.email, display_name: 'Owner' },
    }),
    // Registering twice is 409; the owner's first call is the 201 below, later ones 409.
    expect: { visitor: 401, owner: 201, other: 403, malformed: 401 },
  },
  {
    name: 'POST /api/cart/create',
    request: async () => ({
      method: 'POST',
      path: '/api/cart/create',
      body: { userId: owner.uid },
    }),
    expect: { visitor: 401, owner: 201, other: 403, malformed: 401 },
  },
  {
    name: 'POST /api/cart/add-item',
    request: async () => ({
      method: 'POST',
      path: '/api/cart/add-item',
      body: {
        cartId: await cartWith(),
        productId: (await sellersListing()).product_id,
        quantity: 1,
      },
    }),
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    // A seller does not buy their own listing: refused as an offer on it is, nothing added.
    name: "POST /api/cart/add-item of the owner's own listing",
    request: async () => ({
      method: 'POST',
      path: '/api/cart/add-item',
      body: { cartId: await cartWith(), productId: (await listing()).product_id, quantity: 1 },
    }),
    expect: { visitor: 401, owner: 400, other: 403, malformed: 401 },
  },
  {
    name: 'DELETE /api/cart/remove-item',
    request: async () => {
      const product = await sellersListing();
      return {
        method: 'DELETE',
        path: '/api/cart/remove-item',
        body: { cartId: await cartWith(product.product_id), productId: product.product_id },
      };
    },
    expect: { visitor: 401, owner: 204, other: 403, malformed: 401 },
  },
  {
    name: 'PUT /api/cart/update-item',
    request: async () => {
      const product = await sellersListing();
      return {
        method: 'PUT',
        path: '/api/cart/update-item',
        body: {
          cartId: await cartWith(product.product_id),
          productId: product.product_id,
          quantity: 2,
        },
      };
    },
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    name: 'POST /api/cart/clear',
    request: async () => ({
      method: 'POST',
      path: '/api/cart/clear',
      body: { cartId: await cartWith() },
    }),
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    name: 'POST /api/cart/merge',
    request: async () => ({
      method: 'POST',
      path: '/api/cart/merge',
      body: {
        cartId: await cartWith(),
        items: [{ productId: (await sellersListing()).product_id, quantity: 1 }],
      },
    }),
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    name: 'POST /api/wishlist',
    request: async () => ({
      method: 'POST',
      path: '/api/wishlist',
      body: { userId: owner.uid, productId: (await listing()).product_id },
    }),
    expect: { visitor: 401, owner: 201, other: 403, malformed: 401 },
  },
  {
    name: 'DELETE /api/wishlist/user/{uid}/product/{productId}',
    request: async () => {
      const product = await listing();
      await h.call('POST', '/api/wishlist', {
        token: owner.idToken,
        body: { userId: owner.uid, productId: product.product_id },
      });
      return {
        method: 'DELETE',
        path: `/api/wishlist/user/${owner.uid}/product/${product.product_id}`,
      };
    },
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    name: 'DELETE /api/wishlist/user/{uid}',
    request: async () => ({ method: 'DELETE', path: `/api/wishlist/user/${owner.uid}` }),
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    name: 'POST /api/orders',
    request: async () => {
      const product = await sellersListing();
      return {
        method: 'POST',
        path: '/api/orders',
        body: {
          userId: owner.uid,
          orderItems: [{ productId: product.product_id, quantity: 1, unitPrice: product.price }],
          shippingInfo: shipping,
        },
      };
    },
    expect: { visitor: 401, owner: 201, other: 403, malformed: 401 },
  },
  {
    // Nothing is reserved and no payment is opened for a seller's own listing.
    name: "POST /api/orders of the owner's own listing",
    request: async () => {
      const product = await listing();
      return {
        method: 'POST',
        path: '/api/orders',
        body: {
          userId: owner.uid,
          orderItems: [{ productId: product.product_id, quantity: 1, unitPrice: product.price }],
          shippingInfo: shipping,
        },
      };
    },
    expect: { visitor: 401, owner: 400, other: 403, malformed: 401 },
  },
  {
    name: 'PUT /api/orders/{id}/update-payment',
    request: async () => {
      const placed = await placedOrder();
      return {
        method: 'PUT',
        path: `/api/orders/${placed.order.id}/update-payment`,
        body: { stripePaymentId: placed.paymentIntentId },
      };
    },
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    name: 'POST /api/products',
    request: async () => ({
      method: 'POST',
      path: '/api/products',
      body: listingBody({ brand_id: brandId }),
    }),
    expect: { visitor: 401, owner: 201, other: 201, malformed: 401 },
  },
  {
    name: 'POST /api/photos',
    request: async () => ({ method: 'POST', path: '/api/photos', photo: await freshPhoto() }),
    expect: { visitor: 401, owner: 201, other: 201, malformed: 401 },
  },
  {
    // A listing may show only photos its seller uploaded.
    name: "POST /api/products with the owner's photos",
    request: async () => ({
      method: 'POST',
      path: '/api/products',
      body: listingBody({ brand_id: brandId, photos: [await ownersPhoto()] }),
    }),
    expect: { visitor: 401, owner: 201, other: 403, malformed: 401 },
  },
  {
    name: "PUT /api/products/{id} with the owner's photos",
    request: async () => ({
      method: 'PUT',
      path: `/api/products/${(await listing()).product_id}`,
      body: { photos: [await ownersPhoto()] },
    }),
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    name: 'PUT /api/products/{id}',
    request: async () => ({
      method: 'PUT',
      path: `/api/products/${(await listing()).product_id}`,
      body: { price: 12 },
    }),
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    name: 'DELETE /api/products/{id}',
    request: async () => ({
      method: 'DELETE',
      path: `/api/products/${(await listing()).product_id}`,
    }),
    expect: { visitor: 401, owner: 200, other: 403, malformed: 401 },
  },
  {
    name: 'POST /api/brands',
    request: async () => ({
      method: 'POST',
      path: '/api/brands',
      body: { name: `Brand ${Math.random()}` },
    }),
    expect: { visitor: 401, owner: 201, other: 201, malformed: 401 },
  },
  {
    name: 'POST /api/brands/find-or-create',
    request: async () => ({
      method: 'POST',
      path: '/api/brands/find-or-create',
      body: { name: `Brand ${Math.random()}` },
    }),
    expect: { visitor: 401, owner: 201, other: 201, malformed: 401 },
  },
  {
    name: 'POST /api/newsletter/subscribe',
    request: async () => ({
      method: 'POST',
      path: '/api/newsletter/subscribe',
      body: { email: `n${Math.random()}@example.com`.replace('0.', '') },
    }),
    expect: { visitor: 201, owner: 201, other: 201, malformed: 401 },
  },
  {
    name: 'POST /api/newsletter/unsubscribe',
    request: async () => {
      const email = `n${Math.random()}@example.com`.replace('0.', '');
      await h.call('POST', '/api/newsletter/subscribe', { body: { email } });
      return { method: 'POST', path: '/api/newsletter/unsubscribe', body: { email } };
    },
    expect: { visitor: 200, owner: 200, other: 200, malformed: 401 },
  },
  {
    name: 'POST /api/collections',
    request: async () => ({
      method: 'POST',
      path: '/api/collections',
      body: { title: 'Mine', productIds: [], isPublic: false },
    }),
    expect: { visitor: 401, owner: 201, other: 201, malformed: 401 },
  },
  {
    name: 'POST /api/collections/{id}/follow',
    request: async () => {
      const created = await h.call('POST', '/api/collections', {
        token: owner.idToken,
        body: { title: 'Private', isPublic: false },
      });
      return { method: 'POST', path: `/api/collections/${created.body.id}/follow` };
    },
    // A private collection is visible to its owner only: to others it does not exist.
    expect: { visitor: 401, owner: 200, other: 404, malformed: 401 },
  },
  {
    name: 'POST /api/notifications/read',
    // Each caller marks their own: the route names no user, so another can't reach the owner's.
    request: async () => ({
      method: 'POST',
      path: '/api/notifications/read',
      body: { upTo: new Date().toISOString() },
    }),
    expect: { visitor: 401, owner: 200, other: 200, malformed: 401 },
  },
  {
    name: 'POST /api/sellers/{uid}/follow',
    // Each caller follows as themselves: the follower is the token's user, never a parameter.
    request: async () => ({
      method: 'POST',
      path: `/api/sellers/${await registeredSeller()}/follow`,
    }),
    expect: { visitor: 401, owner: 200, other: 200, malformed: 401 },
  },
  {
    name: 'DELETE /api/sellers/{uid}/follow',
    request: async () => {
      const sellerId = await registeredSeller();
      await h.call('POST', `/api/sellers/${sellerId}/follow`, { token: owner.idToken });
      return { method: 'DELETE', path: `/api/sellers/${sellerId}/follow` };
    },
    expect: { visitor: 401, owner: 200, other: 200, malformed: 401 },
  },
  {
    name: 'POST /api/members/{uid}/block',
    // Each caller blocks as themselves: the blocker is the token's user, never a parameter.
    request: async () => ({ method: 'POST', path: `/api/members/${await freshMember()}/block` }),
    expect: { visitor: 401, owner: 200, other: 200, malformed: 401 },
  },
  {
    name: 'DELETE /api/members/{uid}/block',
    request: async () => {
      const memberId = await freshMember();
      await h.call('POST', `/api/members/${memberId}/block`, { token: owner.idToken });
      return { method: 'DELETE', path: `/api/members/${memberId}/block` };
    },
    // Another caller unblocks in their own stream, where there is nothing to undo (200, no event).
    expect: { visitor: 401, owner: 200, other: 200, malformed: 401 },
  },
  {
    name: 'PUT /api/me/holiday',
    // Each caller sets their own holiday: the route names no user.
    request: async () => ({ method: 'PUT', path: '/api/me/holiday', body: holidayDays(3, 10) }),
    expect: { visitor: 401, owner: 200, other: 200, malformed: 401 },
  },
  {
    name: 'DELETE /api/me/holiday',
    request: async () => {
      await h.call('PUT', '/api/me/holiday', { token: owner.idToken, body: holidayDays(3, 10) });
      return { method: 'DELETE', path: '/api/me/holiday' };
    },
    expect: { visitor: 401, owner: 200, other: 200, malformed: 401 },
  },
  {
    name: 'POST /api/saved-searches',
    request: async () => ({
      method: 'POST',
      path: '/api/saved-searches',
      body: { name: 'Denim', query: { q: 'denim', maxPrice: 50 } },
    }),
    expect: { visitor: 401, owner: 201, other: 201, malformed: 401 },
  },
  {
    name: 'POST /api/saved-searches/{id}/opened',
    request: async () => ({
      method: 'POST',
      path: `/api/saved-searches/${await savedSearch()}/opened`,
    }),
    // Searches are kept in their owner's stream: another user's id is not found among theirs.
    expect: { visitor: 401, owner: 200, other: 404, malformed: 401 },
  },
  {
    // The account is always the token's own: no one names another's. Unconfirmed, it is refused
    // before anything is looked at (the account is deleted in apps/server/test/account.test.ts).
    name: 'DELETE /api/me',
    request: async () => ({ method: 'DELETE', path: '/api/me', body: { confirm: 'yes' } }),
    expect: { visitor: 401, owner: 400, other: 400, malformed: 401 },
  },
  {
    name: 'DELETE /api/saved-searches/{id}',
    request: async () => ({ method: 'DELETE', path: `/api/saved-searches/${await savedSearch()}` }),
    expect: { visitor: 401, owner: 200, other: 404, malformed: 401 },
  },
];

/** A holiday from `start` days after the harness's today for `days` days. */
function holidayDays(start: number, days: number) {
  const day = (offset: number) =>
    new Date(h.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(start), until: day(start + days) };
}

/** The `seller` user, registered (once), as someone to follow. */
async function registeredSeller() {
  const res = await h.call('POST', '/api/users/register', {
    token: seller.idToken,
    body: { uid: seller.uid, email: seller.email, display_name: 'Seller' },
  });
  expect([201, 409]).toContain(res.status);
  return seller.uid;
}
/** A registered member no other row uses, for blocking (a block would refuse other rows' steps). */
async function freshMember() {
  const member = await createTestUser();
  const res = await h.call('POST', '/api/users/register', {
    token: member.idToken,
    body: { uid: member.uid, email: member.email, display_name: 'Member' },
  });
  expect(res.status).toBe(201);
  return member.uid;
}
async function savedSearch() {
  const res = await h.call('POST', '/api/saved-searches', {
    token: owner.idToken,
    body: { name: 'Jackets', query: { q: 'jacket' } },
  });
  return res.body.id as string;
}

const tokenOf = (caller: Caller) =>
  caller === 'owner'
    ? owner.idToken
    : caller === 'other'
      ? other.idToken
      : caller === 'malformed'
        ? 'not-a-jwt.at.all'
        : undefined;

describe('authorization matrix', () => {
  for (const row of rows) {
    for (const caller of ['visitor', 'malformed', 'other', 'owner'] as Caller[]) {
      it(`${row.name} as ${caller} → ${row.expect[caller]}`, async () => {
        const request = await row.request();
        const before = await h.log.headPosition();
        const res = await h.call(request.method, request.path, {
          token: tokenOf(caller),
          body: request.body,
          ...(request.photo
            ? { raw: request.photo, headers: { 'content-type': 'image/jpeg' } }
            : {}),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(row.expect[caller]);
        if (res.status >= 400) {
          expect(res.body.message).toEqual(expect.any(String));
          expect(await h.log.headPosition()).toBe(before);
        }
        if (res.status === 400 && row.name.includes('own listing'))
          expect(res.body.message).toBe('You cannot buy your own listing');
      });
    }
  }

  it('treats a token of another project, or an expired-looking forgery, as 401, never as a visitor', async () => {
    const [header, payload] = owner.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forge = (changes: Record<string, unknown>) =>
      `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.`;
    for (const token of [
      forge({ aud: 'demo-other', iss: 'https://securetoken.google.com/demo-other' }),
      forge({ exp: 1_000_000 }),
      forge({ sub: 'nobody-at-all', user_id: 'nobody-at-all' }),
    ]) {
      const res = await h.call('POST', '/api/cart/create', { token, body: { userId: owner.uid } });
      expect(res.status).toBe(401);
    }
  });
});

/**
 * The shipment commands: a shipment has two parties, so the matrix has five callers. `owner`
 * is the buyer; `seller` sold the item; `other` is neither.
 */
type ShipmentCaller = 'visitor' | 'malformed' | 'other' | 'buyer' | 'seller';
interface ShipmentRow {
  action: string;
  /** Where the fresh shipment is brought before the request. */
  after: Step[];
  body?: unknown;
  expect: Record<ShipmentCaller, number>;
}
const asSeller = { visitor: 401, malformed: 401, other: 403, buyer: 403, seller: 200 };
const asBuyer = { visitor: 401, malformed: 401, other: 403, buyer: 200, seller: 403 };
const shipmentRows: ShipmentRow[] = [
  { action: 'ship', after: [], body: { carrier: 'UPS', trackingNumber: '1Z' }, expect: asSeller },
  {
    action: 'delivered',
    after: ['ship'],
    expect: { visitor: 401, malformed: 401, other: 403, buyer: 200, seller: 200 },
  },
  { action: 'complete', after: ['ship', 'delivered'], expect: asBuyer },
  {
    action: 'problem',
    after: ['ship', 'delivered'],
    body: { reason: 'not_received', text: 'Nothing came' },
    expect: asBuyer,
  },
  { action: 'accept-return', after: ['ship', 'delivered', 'problem'], expect: asSeller },
  { action: 'dispute', after: ['ship', 'delivered', 'problem'], expect: asSeller },
  { action: 'cancel', after: [], expect: asBuyer },
];

describe('authorization matrix of the shipment commands', () => {
  const tokenOfParty = (caller: ShipmentCaller) =>
    caller === 'buyer'
      ? owner.idToken
      : caller === 'seller'
        ? seller.idToken
        : tokenOf(caller === 'other' ? 'other' : caller);
  for (const row of shipmentRows) {
    for (const caller of ['visitor', 'malformed', 'other', 'buyer', 'seller'] as ShipmentCaller[]) {
      it(`POST /api/shipments/{shipmentId}/${row.action} as ${caller} → ${row.expect[caller]}`, async () => {
        const { shipmentId } = await paidOrder(h, owner, [seller]);
        await advanceShipment(h, shipmentId, { seller, buyer: owner }, row.after);
        const before = await h.log.headPosition();
        const res = await h.call('POST', `/api/shipments/${shipmentId}/${row.action}`, {
          token: tokenOfParty(caller),
          body: row.body,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(row.expect[caller]);
        if (res.status >= 400) {
          expect(res.body.message).toEqual(expect.any(String));
          expect(await h.log.headPosition()).toBe(before);
        }
      });
    }
  }
});

/**
 * The review commands of a completed shipment: its buyer and its seller may each review the
 * other; anyone else is refused. PUT changes a review its author left.
 */
describe('authorization matrix of the review commands', () => {
  const tokenOfParty = (caller: ShipmentCaller) =>
    caller === 'buyer'
      ? owner.idToken
      : caller === 'seller'
        ? seller.idToken
        : tokenOf(caller === 'other' ? 'other' : caller);
  const rows = [
    {
      method: 'POST',
      expect: { visitor: 401, malformed: 401, other: 403, buyer: 201, seller: 201 },
    },
    {
      method: 'PUT',
      expect: { visitor: 401, malformed: 401, other: 403, buyer: 200, seller: 200 },
    },
  ] as const;
  for (const row of rows) {
    for (const caller of ['visitor', 'malformed', 'other', 'buyer', 'seller'] as ShipmentCaller[]) {
      it(`${row.method} /api/shipments/{shipmentId}/review as ${caller} → ${row.expect[caller]}`, async () => {
        const { shipmentId } = await paidOrder(h, owner, [seller]);
        await advanceShipment(h, shipmentId, { seller, buyer: owner }, [
          'ship',
          'delivered',
          'complete',
        ]);
        if (row.method === 'PUT') {
          for (const party of [owner, seller]) {
            const left = await h.call('POST', `/api/shipments/${shipmentId}/review`, {
              token: party.idToken,
              body: { rating: 4, text: 'Smooth sale' },
            });
            expect(left.status).toBe(201);
          }
        }
        const before = await h.log.headPosition();
        const res = await h.call(row.method, `/api/shipments/${shipmentId}/review`, {
          token: tokenOfParty(caller),
          body: { rating: 5, text: 'Great' },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(row.expect[caller]);
        if (res.status >= 400) {
          expect(res.body.message).toEqual(expect.any(String));
          expect(await h.log.headPosition()).toBe(before);
        }
      });
    }
  }
});

/**
 * A shipment whose buyer is its seller (someone who bought their own listing before that was
 * refused), completed: the event log holds it as it was recorded then.
 */
async function selfShipmentCompleted(person: TestUser) {
  const shipmentId = `self-${Math.random().toString(36).slice(2, 10)}.${person.uid}`;
  const at = h.now().toISOString();
  await h.log.append(
    streamIdOf('shipment', shipmentId),
    [
      {
        type: 'ShipmentOpened',
        data: {
          shipmentId,
          orderId: shipmentId.split('.')[0]!,
          sellerId: person.uid,
          buyerId: person.uid,
          items: [
            {
              productId: 'p-self',
              title: 'Own jacket',
              image: '',
              quantity: 1,
              unitPriceCents: 2500,
            },
          ],
          amountCents: 2500,
          currency: 'usd',
          shipping,
          paymentIntentId: 'pi_self',
          openedAt: at,
          shipBy: at,
        },
      },
      {
        type: 'ShipmentCompleted',
        data: {
          shipmentId,
          sellerId: person.uid,
          amountCents: 2500,
          reason: 'buyer_confirmed',
          completedAt: at,
        },
      },
    ],
    { expectedVersion: 0, actor: person.uid, correlationId: `fixture-${shipmentId}` },
  );
  return shipmentId;
}

/**
 * Reviewing needs two people: on a shipment whose buyer is its seller, the one party would
 * review themselves (400, as an offer on one's own listing is); anyone else is not a party.
 */
describe('authorization matrix of the review commands on a shipment bought from oneself', () => {
  const expected: Record<Caller, number> = { visitor: 401, malformed: 401, other: 403, owner: 400 };
  for (const method of ['POST', 'PUT'] as const) {
    for (const caller of ['visitor', 'malformed', 'other', 'owner'] as Caller[]) {
      it(`${method} /api/shipments/{shipmentId}/review as ${caller} → ${expected[caller]}`, async () => {
        const shipmentId = await selfShipmentCompleted(owner);
        const before = await h.log.headPosition();
        const res = await h.call(method, `/api/shipments/${shipmentId}/review`, {
          token: tokenOf(caller),
          body: { rating: 5, text: 'Great seller' },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(expected[caller]);
        expect(res.body.message).toEqual(expect.any(String));
        if (caller === 'owner') expect(res.body.message).toBe('You cannot review yourself');
        expect(await h.log.headPosition()).toBe(before);
      });
    }
  }
});

/**
 * The operators' routes (/api/ops): the operators' token, or the ID token of an account with the
 * `operator` role. Any other account (the buyer's and the seller's included) is 403, a support
 * account too (it reads, it does not act); a token that is neither is 401; a server without
 * OPS_TOKEN answers 403 to its token. A refused request appends nothing.
 */
describe('authorization matrix of the operator commands', () => {
  type OperatorCaller =
    ShipmentCaller | 'operator' | 'wrong operator token' | 'support account' | 'operator account';
  const expected: Record<OperatorCaller, number> = {
    visitor: 401,
    malformed: 401,
    other: 403,
    buyer: 403,
    seller: 403,
    'wrong operator token': 401,
    'support account': 403,
    operator: 200,
    'operator account': 200,
  };
  let support: TestUser;
  let operatorAccount: TestUser;
  beforeAll(async () => {
    [support, operatorAccount] = await Promise.all([
      createTestUserWithRole('support'),
      createTestUserWithRole('operator'),
    ]);
  });
  const tokenOfCaller = (caller: OperatorCaller) =>
    caller === 'operator'
      ? OPS_TOKEN
      : caller === 'wrong operator token'
        ? `${OPS_TOKEN}-not`
        : caller === 'support account'
          ? support.idToken
          : caller === 'operator account'
            ? operatorAccount.idToken
            : caller === 'buyer'
              ? owner.idToken
              : caller === 'seller'
                ? seller.idToken
                : tokenOf(caller === 'other' ? 'other' : caller);
  for (const caller of Object.keys(expected) as OperatorCaller[]) {
    it(`POST /api/ops/disputes/{shipmentId}/settle as ${caller} → ${expected[caller]}`, async () => {
      const { shipmentId } = await paidOrder(h, owner, [seller]);
      await advanceShipment(h, shipmentId, { seller, buyer: owner }, [
        'ship',
        'delivered',
        'problem',
        'dispute',
      ]);
      const before = await h.log.headPosition();
      const res = await h.call('POST', `/api/ops/disputes/${shipmentId}/settle`, {
        token: tokenOfCaller(caller),
        body: { outcome: 'buyer' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(expected[caller]);
      if (res.status >= 400) {
        expect(res.body.message).toEqual(expect.any(String));
        expect(await h.log.headPosition()).toBe(before);
      }
      if (caller === 'operator account') {
        // The person is recorded: their uid in the shipment's history and in the operators' own.
        const events = await eventsAfter(h.log, before);
        const settled = events.find((e) => e.type === 'ShipmentDisputeSettled');
        expect(settled?.data).toMatchObject({ operator: operatorAccount.uid, outcome: 'buyer' });
        expect(settled?.actor).toBe(`operator:${operatorAccount.uid}`);
        const recorded = events.find((e) => e.type === 'DisputeSettlementRecorded');
        expect(recorded?.streamId).toBe('operator-actions');
        expect(recorded?.data).toMatchObject({
          operator: operatorAccount.uid,
          uid: operatorAccount.uid,
          role: 'operator',
          shipmentId,
          outcome: 'buyer',
        });
      }
    });
  }

  it('a server without an operators token answers 403 and settles nothing', async () => {
    const bare = await startHarness({ opsToken: null });
    try {
      const res = await bare.call('POST', '/api/ops/disputes/any/settle', {
        token: OPS_TOKEN,
        body: { outcome: 'seller' },
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'Operator endpoints are disabled: OPS_TOKEN is not set on the server',
      );
      expect(await bare.log.headPosition()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

/**
 * The offer and message commands (docs/product.md §13): a conversation has two parties, the
 * buyer (`owner`) and the seller of the listing; `other` is neither. Another buyer making their
 * own offer or writing first opens their own conversation, so that is allowed; the seller cannot
 * offer on or write to their own listing (400).
 */
describe('authorization matrix of the offer and message commands', () => {
  const tokenOfParty = (caller: ShipmentCaller) =>
    caller === 'buyer'
      ? owner.idToken
      : caller === 'seller'
        ? seller.idToken
        : tokenOf(caller === 'other' ? 'other' : caller);
  async function sellerListing() {
    const brand = await h.call('POST', '/api/brands/find-or-create', {
      token: seller.idToken,
      body: { name: 'Offer matrix brand' },
    });
    return (
      await h.call('POST', '/api/products', {
        token: seller.idToken,
        body: listingBody({ brand_id: brand.body.id, price: 40 }),
      })
    ).body.product_id as string;
  }
  async function offered(counter = false) {
    const productId = await sellerListing();
    const made = await h.call('POST', `/api/listings/${productId}/offers`, {
      token: owner.idToken,
      body: { amount: 30 },
    });
    const { conversationId } = made.body;
    const offerId = made.body.offer.offerId;
    if (counter)
      await h.call('POST', `/api/conversations/${conversationId}/offers/${offerId}/counter`, {
        token: seller.idToken,
        body: { amount: 35 },
      });
    return `/api/conversations/${conversationId}/offers/${offerId}`;
  }
  const rows: Array<{
    name: string;
    request(): Promise<{ method: string; path: string; body?: unknown }>;
    expect: Record<ShipmentCaller, number>;
  }> = [
    {
      name: 'POST /api/listings/{id}/offers',
      request: async () => ({
        method: 'POST',
        path: `/api/listings/${await sellerListing()}/offers`,
        body: { amount: 30 },
      }),
      expect: { visitor: 401, malformed: 401, other: 201, buyer: 201, seller: 400 },
    },
    {
      name: 'POST /api/listings/{id}/messages',
      request: async () => ({
        method: 'POST',
        path: `/api/listings/${await sellerListing()}/messages`,
        body: { text: 'Hello' },
      }),
      expect: { visitor: 401, malformed: 401, other: 201, buyer: 201, seller: 400 },
    },
    {
      name: 'POST /api/conversations/{conversationId}/messages',
      request: async () => ({
        method: 'POST',
        path: (await offered()).replace(/\/offers\/.*$/, '/messages'),
        body: { text: 'Hello' },
      }),
      expect: { visitor: 401, malformed: 401, other: 403, buyer: 201, seller: 201 },
    },
    {
      name: 'POST /api/conversations/{conversationId}/offers/{offerId}/accept (an offer)',
      request: async () => ({ method: 'POST', path: `${await offered()}/accept` }),
      expect: { visitor: 401, malformed: 401, other: 403, buyer: 403, seller: 200 },
    },
    {
      name: 'POST /api/conversations/{conversationId}/offers/{offerId}/accept (a counter)',
      request: async () => ({ method: 'POST', path: `${await offered(true)}/accept` }),
      expect: { visitor: 401, malformed: 401, other: 403, buyer: 200, seller: 403 },
    },
    {
      name: 'POST /api/conversations/{conversationId}/offers/{offerId}/decline',
      request: async () => ({ method: 'POST', path: `${await offered()}/decline` }),
      expect: { visitor: 401, malformed: 401, other: 403, buyer: 403, seller: 200 },
    },
    {
      name: 'POST /api/conversations/{conversationId}/offers/{offerId}/counter',
      request: async () => ({
        method: 'POST',
        path: `${await offered()}/counter`,
        body: { amount: 35 },
      }),
      expect: { visitor: 401, malformed: 401, other: 403, buyer: 403, seller: 200 },
    },
    {
      // Each caller sets their own: the route names no seller, so no one reaches another's.
      name: 'PUT /api/bundle-discounts',
      request: async () => ({
        method: 'PUT',
        path: '/api/bundle-discounts',
        body: { tiers: [{ minItems: 2, percent: Math.ceil(Math.random() * 50) }] },
      }),
      expect: { visitor: 401, malformed: 401, other: 200, buyer: 200, seller: 200 },
    },
  ];
  for (const row of rows) {
    for (const caller of ['visitor', 'malformed', 'other', 'buyer', 'seller'] as ShipmentCaller[]) {
      it(`${row.name} as ${caller} → ${row.expect[caller]}`, async () => {
        const request = await row.request();
        const before = await h.log.headPosition();
        const res = await h.call(request.method, request.path, {
          token: tokenOfParty(caller),
          body: request.body,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(row.expect[caller]);
        if (res.status >= 400) {
          expect(res.body.message).toEqual(expect.any(String));
          expect(await h.log.headPosition()).toBe(before);
        }
      });
    }
  }
});

describe('who is asking comes before what is asked', () => {
  const invalidListing = { title: '', price: -1, category_id: 'shoes' };

  it('a visitor posting an invalid listing gets 401, not its validation details, and nothing is appended', async () => {
    const before = await h.log.headPosition();
    const res = await h.call('POST', '/api/products', { body: invalidListing });
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.details).toBeUndefined();
    // A body that is not even JSON is not read either.
    expect((await h.call('POST', '/api/products', { raw: '{"title": ' })).status).toBe(401);
    expect(await h.log.headPosition()).toBe(before);
  });

  it('signed in, the same invalid listing gets 400 with the details', async () => {
    const before = await h.log.headPosition();
    const res = await h.call('POST', '/api/products', {
      token: owner.idToken,
      body: invalidListing,
    });
    expect(res.status).toBe(400);
    const paths = (res.body.details as Array<{ path: string }>).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'price']));
    expect(await h.log.headPosition()).toBe(before);
  });

  it('every command route for signed-in users answers a visitor 401 whatever its body and path', async () => {
    const before = await h.log.headPosition();
    const routes = commandRoutes.filter((doc) => doc.auth === 'user');
    expect(routes.length).toBeGreaterThan(15);
    for (const doc of routes) {
      const path = doc.path.replace(/\{\w+\}/g, '%20not%20an%20id');
      for (const raw of ['{not json', '{"$where": "1"}', '[]']) {
        const res = await h.call(doc.method.toUpperCase(), path, { raw });
        expect(res.status, `${doc.method} ${doc.path} ${raw}`).toBe(401);
      }
    }
    expect(await h.log.headPosition()).toBe(before);
  });
});

/**
 * Reports and moderation (docs/product.md, "Reports and moderation"): anyone reports (a visitor
 * with an email), but not their own listing; only a moderator decides a case; only the member a
 * decision affects appeals it; only another moderator decides the appeal.
 */
describe('authorization matrix of reports and moderation', () => {
  type ModerationCaller = 'visitor' | 'malformed' | 'other' | 'reporter' | 'target' | 'moderator';
  let reporter: TestUser;
  let deciding: TestUser;
  let moderator: TestUser;
  beforeAll(async () => {
    [reporter, deciding, moderator] = await Promise.all([
      createTestUser(),
      createTestUserWithRole('moderator'),
      createTestUserWithRole('moderator'),
    ]);
  });
  const tokenOf = (caller: ModerationCaller) =>
    ({
      visitor: undefined,
      malformed: 'not-a-token',
      other: other.idToken,
      reporter: reporter.idToken,
      // The target is the seller of the reported listing: `owner`.
      target: owner.idToken,
      moderator: moderator.idToken,
    })[caller];
  const statement = { what: 'A warning about your listing', why: 'It looked counterfeit' };
  /** A fresh listing of `owner`'s, reported by `reporter`: its case id. */
  async function reportedCase() {
    const product = await listing();
    const filed = await h.call('POST', '/api/reports', {
      token: reporter.idToken,
      body: { target: { kind: 'listing', id: product.product_id }, reason: 'counterfeit' },
    });
    expect(filed.status).toBe(201);
    return filed.body.caseId as string;
  }
  /** A warning to `owner`, decided by the first moderator: its id. */
  async function warning() {
    const decided = await h.call(
      'POST',
      `/api/moderation/cases/${await reportedCase()}/decisions`,
      {
        token: deciding.idToken,
        body: { action: 'warn', rule: 'authentic-items', statement },
      },
    );
    expect(decided.status).toBe(201);
    return decided.body.decision.decisionId as string;
  }
  async function appealed() {
    const decisionId = await warning();
    const appeal = await h.call('POST', `/api/decisions/${decisionId}/appeal`, {
      token: owner.idToken,
      body: { text: 'It is genuine, I have the receipt' },
    });
    expect(appeal.status).toBe(201);
    return decisionId;
  }
  const rows: Array<{
    name: string;
    request(): Promise<{ method: string; path: string; body?: unknown }>;
    expect: Record<ModerationCaller, number>;
  }> = [
    {
      name: 'POST /api/reports',
      request: async () => ({
        method: 'POST',
        path: '/api/reports',
        body: {
          target: { kind: 'listing', id: (await listing()).product_id },
          reason: 'counterfeit',
          text: 'Fake',
          email: 'someone@example.com',
        },
      }),
      expect: {
        visitor: 201,
        malformed: 401,
        other: 201,
        reporter: 201,
        target: 400,
        moderator: 201,
      },
    },
    {
      name: 'POST /api/moderation/cases/{caseId}/decisions',
      request: async () => ({
        method: 'POST',
        path: `/api/moderation/cases/${await reportedCase()}/decisions`,
        body: { action: 'warn', rule: 'authentic-items', statement },
      }),
      expect: {
        visitor: 401,
        malformed: 401,
        other: 403,
        reporter: 403,
        target: 403,
        moderator: 201,
      },
    },
    {
      name: 'POST /api/decisions/{decisionId}/appeal',
      request: async () => ({
        method: 'POST',
        path: `/api/decisions/${await warning()}/appeal`,
        body: { text: 'It is genuine, I have the receipt' },
      }),
      expect: {
        visitor: 401,
        malformed: 401,
        other: 403,
        reporter: 403,
        target: 201,
        moderator: 403,
      },
    },
    {
      // The caller `moderator` is not the one who decided: they may decide the appeal.
      name: 'POST /api/moderation/appeals/{decisionId}/decide',
      request: async () => ({
        method: 'POST',
        path: `/api/moderation/appeals/${await appealed()}/decide`,
        body: { outcome: 'upheld', text: 'The photos show a fake logo' },
      }),
      expect: {
        visitor: 401,
        malformed: 401,
        other: 403,
        reporter: 403,
        target: 403,
        moderator: 200,
      },
    },
  ];
  for (const row of rows) {
    for (const caller of [
      'visitor',
      'malformed',
      'other',
      'reporter',
      'target',
      'moderator',
    ] as ModerationCaller[]) {
      it(`${row.name} as ${caller} → ${row.expect[caller]}`, async () => {
        const request = await row.request();
        const before = await h.log.headPosition();
        const res = await h.call(request.method, request.path, {
          token: tokenOf(caller),
          body: request.body,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(row.expect[caller]);
        if (res.status >= 400) {
          expect(res.body.message).toEqual(expect.any(String));
          expect(await h.log.headPosition()).toBe(before);
        }
      });
    }
  }
});
