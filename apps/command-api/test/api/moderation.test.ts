/**
 * Reports and moderation on command-api (docs/product.md, "Reports and moderation"): a report's
 * input checked (nothing appended when refused) and its limits per reporter; a message reported
 * by a party to its conversation only; a suspended member refused listing, buying, offers and
 * messages with the reason and the end date, until the sweeper ends the suspension at its date;
 * a banned member is not suspended, and a decision names its 409s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '@rewear/platform';
import {
  createTestUser,
  createTestUserWithRole,
  startAuthEmulatorForTests,
  type TestUser,
} from '@rewear/testing';
import { createSuspensionSweeper } from '../../src/index.ts';
import { listingBody, shipping, startHarness, TEST_RATE_LIMITS, type Harness } from './harness.ts';

const DAY = 86_400_000;
let stopEmulator: () => Promise<void>;
let h: Harness;
let seller: TestUser;
let buyer: TestUser;
let moderator: TestUser;
let brandId: string;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness({
    rateLimiter: createRateLimiter({
      ...TEST_RATE_LIMITS,
      perUserScoped: { reports: [{ points: 5, windowMs: 60_000 }] },
    }),
  });
  [seller, buyer, moderator] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUserWithRole('moderator'),
  ]);
  brandId = (
    await h.call('POST', '/api/brands/find-or-create', {
      token: seller.idToken,
      body: { name: 'Moderation brand' },
    })
  ).body.id;
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

async function listingOf(user: TestUser) {
  const created = await h.call('POST', '/api/products', {
    token: user.idToken,
    body: listingBody({ brand_id: brandId, stock: 3 }),
  });
  expect(created.status).toBe(201);
  return created.body as { product_id: string; price: number };
}
const report = (target: unknown, token?: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', '/api/reports', { token, body: { target, reason: 'scam', ...extra } });
const statement = {
  what: 'Your account is suspended',
  why: 'You asked for payment outside Rewear',
};

describe('reports', () => {
  it('refuses bad input with a clear 400 and appends nothing', async () => {
    const { product_id } = await listingOf(seller);
    const before = await h.log.headPosition();
    const target = { kind: 'listing', id: product_id };
    const cases: Array<[unknown, RegExp]> = [
      [{ target, reason: 'rude' }, /reason must be one of/],
      [{ target, reason: 'scam', text: 'x'.repeat(1001) }, /at most 1000 characters/],
      [{ target: { kind: 'shop', id: 'x' }, reason: 'scam' }, /target/],
      [{ target: { kind: 'listing', id: 'a.b' }, reason: 'scam' }, /Unknown target/],
      [{ target, reason: 'scam', email: 'not-an-email' }, /valid email/],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('POST', '/api/reports', { token: buyer.idToken, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    }
    const visitor = await report(target);
    expect(visitor.status).toBe(400);
    expect(visitor.body.message).toMatch(/email/);
    expect(await h.log.headPosition()).toBe(before);
  });

  it('answers 404 for an unknown target and lets only a party report a message', async () => {
    expect((await report({ kind: 'member', id: 'nobody-here' }, buyer.idToken)).body.message).toBe(
      'Member not found',
    );
    const { product_id } = await listingOf(seller);
    const sent = await h.call('POST', `/api/listings/${product_id}/messages`, {
      token: buyer.idToken,
      body: { text: 'Pay me by bank transfer instead' },
    });
    expect(sent.status).toBe(201);
    const conversationId = sent.body.conversationId as string;
    const message = { kind: 'message', id: `conversation-${conversationId}:1`, conversationId };
    const outsider = await createTestUser();
    expect(await report(message, outsider.idToken)).toMatchObject({
      status: 404,
      body: { message: 'Message not found' },
    });
    expect((await report(message, buyer.idToken)).body.message).toBe('You cannot report yourself');
    const filed = await report(message, seller.idToken);
    expect(filed.status).toBe(201);
    expect(filed.body.caseId).toBe(`message.${conversationId}.1`);
    expect(
      (await report({ ...message, id: `conversation-${conversationId}:9` }, seller.idToken)).status,
    ).toBe(404);
  });

  it('limits the reports of one reporter, a visitor by their email', async () => {
    const visitorStatuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { product_id } = await listingOf(seller);
      const res = await report({ kind: 'listing', id: product_id }, undefined, {
        email: 'Busy@Example.com',
      });
      visitorStatuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds?/);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    }
    expect(visitorStatuses).toEqual([201, 201, 201, 201, 201, 429]);
    // Another visitor is counted apart.
    const { product_id } = await listingOf(seller);
    expect(
      (await report({ kind: 'listing', id: product_id }, undefined, { email: 'calm@example.com' }))
        .status,
    ).toBe(201);
  });
});

describe('a suspended member', () => {
  it('is refused listing, buying, offers and messages until the suspension ends', async () => {
    const member = await createTestUser();
    const theirs = await listingOf(member);
    const others = await listingOf(seller);
    const filed = await report({ kind: 'listing', id: theirs.product_id }, buyer.idToken);
    const decided = await h.call('POST', `/api/moderation/cases/${filed.body.caseId}/decisions`, {
      token: moderator.idToken,
      body: { action: 'suspend', days: 3, rule: 'pay-in-app', statement },
    });
    expect(decided.status).toBe(201);
    const { decisionId, endsAt } = decided.body.decision;
    expect(Date.parse(endsAt) - h.now().getTime()).toBeGreaterThan(3 * DAY - 60_000);

    const cartId = (
      await h.call('POST', '/api/cart/create', {
        token: member.idToken,
        body: { userId: member.uid },
      })
    ).body.id;
    const attempts = () => [
      h.call('POST', '/api/products', {
        token: member.idToken,
        body: listingBody({ brand_id: brandId }),
      }),
      h.call('PUT', `/api/products/${theirs.product_id}`, {
        token: member.idToken,
        body: { price: 30 },
      }),
      h.call('POST', '/api/orders', {
        token: member.idToken,
        body: {
          userId: member.uid,
          orderItems: [{ productId: others.product_id, quantity: 1, unitPrice: others.price }],
          shippingInfo: shipping,
        },
      }),
      h.call('POST', '/api/cart/add-item', {
        token: member.idToken,
        body: { cartId, productId: others.product_id, quantity: 1 },
      }),
      h.call('POST', `/api/listings/${others.product_id}/offers`, {
        token: member.idToken,
        body: { amount: 20 },
      }),
      h.call('POST', `/api/listings/${others.product_id}/messages`, {
        token: member.idToken,
        body: { text: 'Hello' },
      }),
    ];
    const before = await h.log.headPosition();
    for (const res of await Promise.all(attempts())) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.message).toMatch(
        /^Your account is suspended until \d{1,2} \w+ \d{4}: You asked for payment outside Rewear\. See your notices at \/account\/notices\.$/,
      );
      expect(res.body.details).toEqual({ status: 'suspended', until: endsAt, decisionId });
    }
    expect(await h.log.headPosition()).toBe(before);
    // Their listing is hidden from everyone: not bought, carted or offered on.
    const buyerCart = (
      await h.call('POST', '/api/cart/create', {
        token: buyer.idToken,
        body: { userId: buyer.uid },
      })
    ).body.id;
    const hiddenAttempts = () => [
      h.call('POST', '/api/orders', {
        token: buyer.idToken,
        body: {
          userId: buyer.uid,
          orderItems: [{ productId: theirs.product_id, quantity: 1, unitPrice: theirs.price }],
          shippingInfo: shipping,
        },
      }),
      h.call('POST', '/api/cart/add-item', {
        token: buyer.idToken,
        body: { cartId: buyerCart, productId: theirs.product_id, quantity: 1 },
      }),
      h.call('POST', `/api/listings/${theirs.product_id}/offers`, {
        token: buyer.idToken,
        body: { amount: 20 },
      }),
    ];
    const beforeHidden = await h.log.headPosition();
    for (const res of await Promise.all(hiddenAttempts()))
      expect(res, JSON.stringify(res.body)).toMatchObject({
        status: 404,
        body: { message: 'Product not found' },
      });
    expect(await h.log.headPosition()).toBe(beforeHidden);

    // The suspension ends by itself at its date: the sweeper records it, and the member acts again.
    const sweeper = createSuspensionSweeper({ eventStore: h.log, clock: h.now });
    expect(await sweeper.sweep()).toEqual([]);
    h.advance(3 * DAY + 1000);
    expect(await sweeper.sweep()).toContain(member.uid);
    const ended = (await h.log.readStream(`standing-${member.uid}`)).at(-1)!;
    expect(ended).toMatchObject({
      type: 'SanctionLifted',
      actor: 'system:suspension-sweeper',
      data: { decisionId, why: 'ended', moderatorId: null },
    });
    expect(await sweeper.sweep()).toEqual([]);
    for (const res of await Promise.all(attempts()))
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
    const added = await h.call('POST', '/api/cart/add-item', {
      token: buyer.idToken,
      body: { cartId: buyerCart, productId: theirs.product_id, quantity: 1 },
    });
    expect(added.status).toBe(200);
  });

  it('a banned member is not suspended, and a decision says why it is not open', async () => {
    const member = await createTestUser();
    const first = await listingOf(member);
    const second = await listingOf(member);
    const caseOf = async (productId: string) =>
      (await report({ kind: 'listing', id: productId }, buyer.idToken)).body.caseId as string;
    const decide = (caseId: string, body: Record<string, unknown>) =>
      h.call('POST', `/api/moderation/cases/${caseId}/decisions`, {
        token: moderator.idToken,
        body: { rule: 'authentic-items', statement, ...body },
      });
    const firstCase = await caseOf(first.product_id);
    const invalid = await decide(firstCase, { action: 'suspend' });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toMatch(/A suspension needs its days/);
    expect((await decide(firstCase, { action: 'suspend', days: 31 })).status).toBe(400);
    expect((await decide(firstCase, { action: 'ban' })).status).toBe(201);
    const banned = await h.call('POST', '/api/products', {
      token: member.idToken,
      body: listingBody({ brand_id: brandId }),
    });
    expect(banned.status).toBe(403);
    expect(banned.body.message).toMatch(/^Your account is banned: /);
    expect(banned.body.details).toMatchObject({ status: 'banned', until: null });
    const secondCase = await caseOf(second.product_id);
    expect(await decide(secondCase, { action: 'suspend', days: 3 })).toMatchObject({
      status: 409,
      body: { message: 'This member is banned' },
    });
    expect((await decide(secondCase, { action: 'remove_listing' })).status).toBe(201);
    expect(
      await h.call('POST', `/api/listings/${second.product_id}/messages`, {
        token: buyer.idToken,
        body: { text: 'Is it still for sale?' },
      }),
    ).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    expect(await decide(secondCase, { action: 'remove_listing' })).toMatchObject({
      status: 409,
      body: { message: 'This case has no open report' },
    });
    expect(
      await h.call('POST', '/api/moderation/cases/listing.never-reported/decisions', {
        token: moderator.idToken,
        body: { action: 'dismiss', statement },
      }),
    ).toMatchObject({ status: 404, body: { message: 'Case not found' } });
  });
});
