/**
 * Blocks over HTTP (docs/product.md §14.4): what is refused, with what, and that it changes
 * nothing; and that while a block holds neither member may message, make or answer offers to, or
 * follow the other, with the same words whichever of them blocked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { listingBody, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let ann: TestUser;
let bob: TestUser;
let cy: TestUser;

const NO_CONTACT = 'You can no longer contact this member';

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [ann, bob, cy] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
  for (const [user, name] of [
    [ann, 'Ann'],
    [bob, 'Bob'],
    [cy, 'Cy'],
  ] as const)
    await h.call('POST', '/api/users/register', {
      token: user.idToken,
      body: { uid: user.uid, email: user.email, display_name: name },
    });
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const call = (method: string, path: string, user: TestUser, body?: unknown) =>
  h.call(method, path, { token: user.idToken, body });

/** The call's answer, after checking that it appended nothing. */
async function refused(method: string, path: string, user: TestUser, body?: unknown) {
  const before = await h.log.headPosition();
  const res = await call(method, path, user, body);
  expect(await h.log.headPosition()).toBe(before);
  return { status: res.status, message: res.body.message as string };
}

async function listingOf(owner: TestUser) {
  const brand = await call('POST', '/api/brands/find-or-create', owner, { name: 'Block brand' });
  const res = await call(
    'POST',
    '/api/products',
    owner,
    listingBody({ brand_id: brand.body.id, price: 40, stock: 2 }),
  );
  expect(res.status).toBe(201);
  return res.body.product_id as string;
}

const block = (by: TestUser, whom: TestUser) => call('POST', `/api/members/${whom.uid}/block`, by);
const unblock = (by: TestUser, whom: TestUser) =>
  call('DELETE', `/api/members/${whom.uid}/block`, by);

describe('blocking', () => {
  it('refuses blocking oneself with a 400 that says so', async () => {
    expect(await refused('POST', `/api/members/${ann.uid}/block`, ann)).toEqual({
      status: 400,
      message: 'You cannot block yourself',
    });
  });

  it('refuses blocking someone who is no member', async () => {
    expect(await refused('POST', '/api/members/nobody-here/block', ann)).toEqual({
      status: 404,
      message: 'Member not found',
    });
  });

  it('blocks once however often asked, and unblocks once', async () => {
    const stream = `blocks-${cy.uid}`;
    const first = await block(cy, bob);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ memberId: bob.uid, blocked: true });
    expect(first.body.position).toEqual(expect.any(Number));
    expect((await h.log.readStream(stream)).map((e) => e.type)).toEqual(['MemberBlocked']);
    expect((await h.log.readStream(stream))[0]!.data).toMatchObject({
      blockerId: cy.uid,
      blockedId: bob.uid,
    });
    expect((await block(cy, bob)).status).toBe(200);
    expect((await h.log.readStream(stream)).length).toBe(1);
    const undone = await unblock(cy, bob);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ memberId: bob.uid, blocked: false });
    expect((await unblock(cy, bob)).status).toBe(200);
    expect((await h.log.readStream(stream)).map((e) => e.type)).toEqual([
      'MemberBlocked',
      'MemberUnblocked',
    ]);
  });
});

describe('while a block holds, neither member reaches the other', () => {
  it('refuses messages, offers, counters and follows from both sides, then allows them once unblocked', async () => {
    const annsListing = await listingOf(ann);
    const bobsListing = await listingOf(bob);
    // A conversation opened before the block, with an offer pending on it.
    const made = await call('POST', `/api/listings/${annsListing}/offers`, bob, { amount: 30 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { conversationId } = made.body as { conversationId: string };
    const offerId = made.body.offer.offerId as string;
    expect((await call('POST', `/api/sellers/${ann.uid}/follow`, bob)).status).toBe(200);

    expect((await block(ann, bob)).status).toBe(200);

    const blocked = { status: 403, message: NO_CONTACT };
    // The blocked member, writing to the blocker.
    expect(
      await refused('POST', `/api/listings/${annsListing}/messages`, bob, { text: 'Hello?' }),
    ).toEqual(blocked);
    expect(
      await refused('POST', `/api/listings/${annsListing}/offers`, bob, { amount: 35 }),
    ).toEqual(blocked);
    expect(
      await refused('POST', `/api/conversations/${conversationId}/messages`, bob, {
        text: 'Still there?',
      }),
    ).toEqual(blocked);
    // The blocker, writing to the blocked member: the same words.
    expect(
      await refused('POST', `/api/listings/${bobsListing}/messages`, ann, { text: 'Hi' }),
    ).toEqual(blocked);
    expect(
      await refused('POST', `/api/listings/${bobsListing}/offers`, ann, { amount: 30 }),
    ).toEqual(blocked);
    expect(
      await refused('POST', `/api/conversations/${conversationId}/messages`, ann, { text: 'No' }),
    ).toEqual(blocked);
    const answer = `/api/conversations/${conversationId}/offers/${offerId}`;
    expect(await refused('POST', `${answer}/counter`, ann, { amount: 38 })).toEqual(blocked);
    expect(await refused('POST', `${answer}/accept`, ann)).toEqual(blocked);
    // Follows, either way.
    const noFollow = { status: 403, message: 'You cannot follow this member' };
    expect(await refused('POST', `/api/sellers/${ann.uid}/follow`, bob)).toEqual(noFollow);
    expect(await refused('POST', `/api/sellers/${bob.uid}/follow`, ann)).toEqual(noFollow);
    // Someone else is not concerned.
    expect(
      (await call('POST', `/api/listings/${annsListing}/messages`, cy, { text: 'Hi Ann' })).status,
    ).toBe(201);
    // Declining ends a deal and stays open; unfollowing too.
    expect((await call('POST', `${answer}/decline`, ann)).status).toBe(200);
    expect((await call('DELETE', `/api/sellers/${ann.uid}/follow`, bob)).status).toBe(200);

    expect((await unblock(ann, bob)).status).toBe(200);
    expect(
      (await call('POST', `/api/conversations/${conversationId}/messages`, bob, { text: 'Hi' }))
        .status,
    ).toBe(201);
    expect((await call('POST', `/api/sellers/${ann.uid}/follow`, bob)).status).toBe(200);
  });

  it('a stranger to a conversation is told it is not theirs, not that anyone is blocked', async () => {
    const annsListing = await listingOf(ann);
    const sent = await call('POST', `/api/listings/${annsListing}/messages`, cy, { text: 'Hi' });
    expect(sent.status).toBe(201);
    expect((await block(ann, cy)).status).toBe(200);
    const res = await refused(
      'POST',
      `/api/conversations/${sent.body.conversationId}/messages`,
      bob,
      {
        text: 'Me too',
      },
    );
    expect(res.status).toBe(403);
    expect(res.message).not.toBe(NO_CONTACT);
    expect((await unblock(ann, cy)).status).toBe(200);
  });
});
