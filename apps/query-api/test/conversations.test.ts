/**
 * Conversations and the cart's prices on the real read side (docs/product.md §13): each party
 * reads their own conversation, a stranger is refused; the buyer's cart is priced from their
 * held offer and the seller's bundle discount, anyone else's at the listed price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_RULES } from '@rewear/contracts';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { listing, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;
let conversationId: string;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  [buyer, seller, stranger] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
  h = await startHarness();
  const now = Date.now();
  const iso = (ms: number) => new Date(now + ms).toISOString();
  for (const [id, price] of [
    ['coat', 4000],
    ['scarf', 1000],
    ['hat', 2000],
  ] as const)
    await h.append('listing', id, [listing(id, { sellerId: seller.uid, priceCents: price })]);
  conversationId = `coat_${buyer.uid}`;
  const ref = {
    conversationId,
    listingId: 'coat',
    listingTitle: 'Item coat',
    buyerId: buyer.uid,
    sellerId: seller.uid,
  };
  await h.append('conversation', conversationId, [
    {
      type: 'MessageSent',
      data: { ...ref, senderId: buyer.uid, text: '<i>Lined?</i>', sentAt: iso(0) },
    },
    {
      type: 'OfferMade',
      data: {
        ...ref,
        offerId: 'o1',
        amountCents: 2500,
        listPriceCents: 4000,
        madeAt: iso(0),
        expiresAt: iso(OFFER_RULES.answerWithinMs),
      },
    },
    {
      type: 'OfferCountered',
      data: {
        ...ref,
        offerId: 'o1',
        amountCents: 3000,
        counteredAt: iso(0),
        expiresAt: iso(OFFER_RULES.answerWithinMs),
      },
    },
    {
      type: 'OfferAccepted',
      data: {
        ...ref,
        offerId: 'o1',
        acceptedBy: 'buyer',
        amountCents: 3000,
        acceptedAt: iso(0),
        holdsUntil: iso(OFFER_RULES.holdMs),
      },
    },
  ]);
  await h.append('bundle', seller.uid, [
    {
      type: 'BundleDiscountsSet',
      data: { sellerId: seller.uid, tiers: [{ minItems: 3, percent: 10 }], setAt: iso(0) },
    },
  ]);
  for (const user of [buyer, stranger]) {
    const cartId = `u_${user.uid}`;
    await h.append('cart', cartId, [
      { type: 'CartCreated', data: { cartId, userId: user.uid } },
      ...['coat', 'scarf', 'hat'].map((productId) => ({
        type: 'CartItemAdded' as const,
        data: { cartId, productId, quantity: 1 },
      })),
    ]);
  }
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

describe('conversations', () => {
  it('shows both parties the offers and the timeline in order; a stranger gets 403', async () => {
    for (const [user, role] of [
      [buyer, 'buyer'],
      [seller, 'seller'],
    ] as const) {
      const res = await h.get(`/api/conversations/${conversationId}`, { token: user.idToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        role,
        listingTitle: 'Item coat',
        listPrice: 40,
        offers: [{ offerId: 'o1', amount: 25, counterAmount: 30, status: 'accepted' }],
        canOffer: false,
      });
      expect(res.body.entries.map((e: { kind: string }) => e.kind)).toEqual([
        'message',
        'offer_made',
        'offer_countered',
        'offer_accepted',
      ]);
      expect(res.body.entries[0].text).toBe('<i>Lined?</i>');
    }
    expect(
      (await h.get(`/api/conversations/${conversationId}`, { token: stranger.idToken })).status,
    ).toBe(403);
    expect((await h.get(`/api/conversations/${conversationId}`)).status).toBe(401);
    expect((await h.get('/api/conversations/nope', { token: buyer.idToken })).status).toBe(404);
  });

  it('lists each party’s conversations, and none for a stranger', async () => {
    const mine = await h.get('/api/conversations', { token: seller.idToken });
    expect(mine.body.conversations).toEqual([
      expect.objectContaining({
        conversationId,
        role: 'seller',
        lastText: 'Offer accepted at $30.00',
      }),
    ]);
    expect((await h.get('/api/conversations', { token: stranger.idToken })).body).toEqual({
      conversations: [],
    });
  });

  it('prices the buyer’s cart from the held offer and the bundle discount; a stranger’s at the listed prices', async () => {
    const cart = await h.get(`/api/cart/user/${buyer.uid}`, { token: buyer.idToken });
    const coat = cart.body.products.find((p: { product_id: string }) => p.product_id === 'coat');
    expect(coat).toMatchObject({ price: 30, offerId: 'o1', listPrice: 40 });
    expect(cart.body.bundles).toEqual({ [seller.uid]: [{ minItems: 3, percent: 10 }] });
    const totals = await h.get(`/api/cart/u_${buyer.uid}/totals`, { token: buyer.idToken });
    // 30 (offer) + 10 + 20; 10 % off the listed-price lines (30): 3.
    expect(totals.body).toMatchObject({
      subtotal: 60,
      discounts: [{ sellerId: seller.uid, percent: 10, amount: 3 }],
      total: 57,
    });
    const theirs = await h.get(`/api/cart/u_${stranger.uid}/totals`, { token: stranger.idToken });
    expect(theirs.body).toMatchObject({ subtotal: 70, total: 63 });
  });

  it('answers a seller’s bundle discounts to anyone', async () => {
    const res = await h.get(`/api/sellers/${seller.uid}/bundle-discounts`);
    expect(res.body).toEqual({ sellerId: seller.uid, tiers: [{ minItems: 3, percent: 10 }] });
  });
});
