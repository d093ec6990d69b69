/**
 * Rate limits on command routes, at the limit: the N-th request passes, the N+1-th gets 429 with
 * Retry-After and a message and appends nothing; per client address and per user; another
 * address or user is not affected; the limit resets after its window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimits } from '@rewear/platform';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { startHarness, type Harness } from './harness.ts';

// Long enough for a few commands on a busy machine, short enough to wait out.
const WINDOW_MS = 4_000;
const limits: RateLimits = {
  perAddress: [{ points: 3, windowMs: WINDOW_MS }],
  perUser: [{ points: 2, windowMs: WINDOW_MS }],
};

let stopEmulator: () => Promise<void>;
let h: Harness;
let ada: TestUser;
let bob: TestUser;
let seq = 0;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness({ rateLimiter: createRateLimiter(limits) });
  // Addresses come from X-Forwarded-For, as behind the router with TRUST_PROXY.
  h.app.proxy = true;
  [ada, bob] = await Promise.all([createTestUser(), createTestUser()]);
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const subscribe = (address: string, token?: string) =>
  h.call('POST', '/api/newsletter/subscribe', {
    token,
    headers: { 'x-forwarded-for': address },
    body: { email: `reader${++seq}@example.com` },
  });

/** Waits for the start of a fresh window for every key (windows start at a key's first hit). */
const nextWindow = () => sleep(WINDOW_MS + 100);

function expectTooMany(answer: { status: number; body: any; headers: Headers }) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil(WINDOW_MS / 1000));
  expect(answer.body).toEqual({
    message: `Too many requests. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
  });
}

describe('rate limits on commands', { timeout: 60_000 }, () => {
  it('per address: the 3rd request passes, the 4th is 429 and appends nothing; another address is not affected; the window resets', async () => {
    await nextWindow();
    for (let i = 1; i <= 3; i++) expect((await subscribe('203.0.113.1')).status).toBe(201);
    const head = await h.log.headPosition();
    const refused = await subscribe('203.0.113.1');
    expectTooMany(refused);
    console.log(
      `429 answer: retry-after ${refused.headers.get('retry-after')}, content-type ${refused.headers.get('content-type')}, body ${JSON.stringify(refused.body)}`,
    );
    expect(await h.log.headPosition()).toBe(head);

    expect((await subscribe('203.0.113.2')).status).toBe(201);

    await nextWindow();
    expect((await subscribe('203.0.113.1')).status).toBe(201);
  });

  it('per user: the 2nd request passes, the 3rd is 429 from any address; another user is not affected', async () => {
    await nextWindow();
    for (let i = 1; i <= 2; i++)
      expect((await subscribe(`198.51.100.${i}`, ada.idToken)).status).toBe(201);
    const head = await h.log.headPosition();
    expectTooMany(await subscribe('198.51.100.9', ada.idToken));
    expect(await h.log.headPosition()).toBe(head);

    expect((await subscribe('198.51.100.9', bob.idToken)).status).toBe(201);

    await nextWindow();
    expect((await subscribe('198.51.100.9', ada.idToken)).status).toBe(201);
  });

  it('keeps who is asking first: a visitor to a signed-in route gets 401, not 429, and it is not counted', async () => {
    await nextWindow();
    for (let i = 1; i <= 3; i++) {
      const visitor = await h.call('POST', '/api/wishlist', {
        headers: { 'x-forwarded-for': '192.0.2.7' },
        body: { userId: 'nobody', productId: 'p1' },
      });
      expect(visitor.status).toBe(401);
    }
    // The 401s took nothing from the address's allowance.
    for (let i = 1; i <= 3; i++) expect((await subscribe('192.0.2.7')).status).toBe(201);
    expectTooMany(await subscribe('192.0.2.7'));
  });

  it('leaves the payment webhook out: the processor retries by itself', async () => {
    await nextWindow();
    for (let i = 1; i <= 3; i++) expect((await subscribe('192.0.2.8')).status).toBe(201);
    expectTooMany(await subscribe('192.0.2.8'));
    const webhook = await h.call('POST', '/api/payments/webhook', {
      headers: { 'x-forwarded-for': '192.0.2.8' },
      raw: '{}',
    });
    expect(webhook.status).not.toBe(429);
  });
});
