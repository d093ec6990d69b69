/**
 * Blocks on the real read side (docs/product.md §14.4): a member's own list and status, never
 * the other way; while a block holds, the pair's follow is neither counted nor fed, and their
 * conversation is hidden from both (404), and all of it is back once unblocked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@rewear/contracts';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { listing, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let buyer: TestUser;
let seller: TestUser;
let fan: TestUser;
const BLOCKED_AT = '2026-03-01T12:00:00.000Z';

const registered = (user: TestUser, displayName: string): DomainEvent => ({
  type: 'UserRegistered',
  data: { uid: user.uid, email: user.email, displayName, photoUrl: null },
});
const conversation = (listingId: string, buyerId: string, text: string): DomainEvent => ({
  type: 'MessageSent',
  data: {
    conversationId: `${listingId}_${buyerId}`,
    listingId,
    listingTitle: `Item ${listingId}`,
    buyerId,
    sellerId: seller.uid,
    senderId: buyerId,
    text,
    sentAt: new Date().toISOString(),
  },
});
const blockEvent = (type: 'MemberBlocked' | 'MemberUnblocked'): DomainEvent => ({
  type,
  data: { blockerId: seller.uid, blockedId: buyer.uid, at: BLOCKED_AT },
});

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  [buyer, seller, fan] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
  h = await startHarness();
  await h.append('user', buyer.uid, [registered(buyer, 'Bea Buyer')]);
  await h.append('user', seller.uid, [registered(seller, 'Sid Seller')]);
  for (const id of ['coat', 'hat'])
    await h.append('listing', id, [listing(id, { sellerId: seller.uid })]);
  for (const user of [buyer, fan])
    await h.append('follows', user.uid, [
      { type: 'SellerFollowed', data: { followerId: user.uid, sellerId: seller.uid } },
    ]);
  await h.append('conversation', `coat_${buyer.uid}`, [conversation('coat', buyer.uid, 'Lined?')]);
  await h.append('conversation', `hat_${fan.uid}`, [conversation('hat', fan.uid, 'Wool?')], {
    wait: true,
  });
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const get = (path: string, user?: TestUser) => h.get(path, user ? { token: user.idToken } : {});
const conversationIds = async (user: TestUser) =>
  (await get('/api/conversations', user)).body.conversations.map(
    (c: { conversationId: string }) => c.conversationId,
  );

describe('blocks on the read side', () => {
  it('before any block: the follow counts, the conversation is listed', async () => {
    expect((await get(`/api/sellers/${seller.uid}/follow`, buyer)).body).toEqual({
      sellerId: seller.uid,
      followerCount: 2,
      following: true,
    });
    expect((await get('/api/blocks', seller)).body).toEqual({ blocked: [] });
    expect((await get('/api/blocks')).status).toBe(401);
    expect((await get(`/api/members/${buyer.uid}/block`)).status).toBe(401);
    expect(await conversationIds(buyer)).toEqual([`coat_${buyer.uid}`]);
  });

  it('while the seller blocks the buyer', async () => {
    await h.append('blocks', seller.uid, [blockEvent('MemberBlocked')], { wait: true });
    // The blocker's own list and status; the blocked member is told nothing.
    expect((await get('/api/blocks', seller)).body).toEqual({
      blocked: [{ uid: buyer.uid, displayName: 'Bea Buyer', blockedAt: BLOCKED_AT }],
    });
    expect((await get('/api/blocks', buyer)).body).toEqual({ blocked: [] });
    expect((await get(`/api/members/${buyer.uid}/block`, seller)).body).toEqual({
      memberId: buyer.uid,
      blocked: true,
    });
    expect((await get(`/api/members/${seller.uid}/block`, buyer)).body).toEqual({
      memberId: seller.uid,
      blocked: false,
    });
    // The follow is neither counted nor fed.
    expect((await get(`/api/sellers/${seller.uid}/follow`, buyer)).body).toEqual({
      sellerId: seller.uid,
      followerCount: 1,
      following: false,
    });
    expect((await get(`/api/sellers/${seller.uid}/follow`)).body.followerCount).toBe(1);
    expect((await get('/api/follows/listings', buyer)).body).toEqual({
      followingCount: 0,
      products: [],
    });
    expect((await get('/api/follows/listings', fan)).body.followingCount).toBe(1);
    // Their conversation is hidden from both; the seller's other one stays.
    expect(await conversationIds(buyer)).toEqual([]);
    expect(await conversationIds(seller)).toEqual([`hat_${fan.uid}`]);
    for (const user of [buyer, seller]) {
      const res = await get(`/api/conversations/coat_${buyer.uid}`, user);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Conversation not found');
    }
    // A stranger is still told it is not theirs, nothing of the block.
    expect((await get(`/api/conversations/coat_${buyer.uid}`, fan)).status).toBe(403);
  });

  it('once unblocked, all of it is back', async () => {
    await h.append('blocks', seller.uid, [blockEvent('MemberUnblocked')], { wait: true });
    expect((await get('/api/blocks', seller)).body).toEqual({ blocked: [] });
    expect((await get(`/api/sellers/${seller.uid}/follow`, buyer)).body).toMatchObject({
      followerCount: 2,
      following: true,
    });
    expect((await get('/api/follows/listings', buyer)).body.followingCount).toBe(1);
    expect(await conversationIds(buyer)).toEqual([`coat_${buyer.uid}`]);
    expect((await get(`/api/conversations/coat_${buyer.uid}`, seller)).status).toBe(200);
  });
});
