/**
 * Bounded input on command-api: bodies beyond the input limits answer 400 with a message a
 * person understands, before anything else reads them; a signed-in route still answers a
 * visitor 401 first; bodies within the limits go through unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '@rewear/platform';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { startHarness, type Harness } from './harness.ts';

const L = INPUT_LIMITS;
let stopEmulator: () => Promise<void>;
let h: Harness;
let user: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  user = await createTestUser();
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const deepArrays = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('bounded input on command-api', () => {
  it('answers a body nested 10,000 levels deep with 400 and the message', async () => {
    const answer = await h.call('POST', '/api/newsletter/subscribe', { raw: deepArrays(10_000) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: `The request body is nested too deeply (at most ${L.depth} levels)`,
    });
    const objects = '{"email":'.repeat(10_000) + '"a@b.co"' + '}'.repeat(10_000);
    const inObjects = await h.call('POST', '/api/newsletter/subscribe', { raw: objects });
    expect(inObjects.status).toBe(400);
    expect(inObjects.body.message).toMatch(/nested too deeply/);
    // The webhook's body is checked too, before its signature.
    const webhook = await h.call('POST', '/api/payments/webhook', { raw: deepArrays(10_000) });
    expect(webhook.status).toBe(400);
    expect(webhook.body.message).toMatch(/nested too deeply/);
  });

  it('answers wide, long and hostile bodies with 400 and what is wrong', async () => {
    const wide = Object.fromEntries(
      Array.from({ length: L.keysPerObject + 1 }, (_, i) => [`k${i}`, i]),
    );
    const cases: Array<[unknown, RegExp]> = [
      [{ email: 'a@b.co', ...wide }, /object with too many keys/],
      [{ email: 'x'.repeat(L.stringLength + 1) }, /text that is too long/],
      [{ email: 'a@b.co', tags: new Array(L.arrayLength + 1).fill(0) }, /list that is too long/],
      [{ email: { $where: 'sleep(1000)' } }, /keys starting with "\$" are not allowed/],
      [
        { email: 'a@b.co', constructor: { prototype: { admin: true } } },
        /not allowed: "constructor"/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await h.call('POST', '/api/newsletter/subscribe', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const proto = await h.call('POST', '/api/newsletter/subscribe', {
      raw: '{"email":"a@b.co","__proto__":{"admin":true}}',
    });
    // The body parser already refuses a "__proto__" key as not JSON it accepts; 400 either way.
    expect(proto.status).toBe(400);
    expect(proto.body.message).toMatch(/not valid JSON|not allowed: "__proto__"/);
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
    const query = await h.call('POST', `/api/newsletter/subscribe?q=${'x'.repeat(3000)}`, {
      body: { email: 'query@example.com' },
    });
    expect(query.status).toBe(400);
    expect(query.body.message).toMatch(/query parameter "q" is too long/);
  });

  it('asks who is calling first: a visitor to a signed-in route gets 401, a user 400', async () => {
    const visitor = await h.call('POST', '/api/users/register', { raw: deepArrays(10_000) });
    expect(visitor.status).toBe(401);
    const signedIn = await h.call('POST', '/api/users/register', {
      token: user.idToken,
      raw: deepArrays(10_000),
    });
    expect(signedIn.status).toBe(400);
    expect(signedIn.body.message).toMatch(/nested too deeply/);
  });

  it('lets real requests through as they were', async () => {
    const subscribed = await h.call('POST', '/api/newsletter/subscribe', {
      body: { email: 'bounded@example.com' },
    });
    expect(subscribed.status).toBe(201);
    const cart = await h.call('POST', '/api/cart/create', {
      token: user.idToken,
      body: { userId: user.uid },
    });
    expect(cart.status).toBeLessThan(300);
  });
});
