/**
 * "Your data and your account" on the one-process server (docs/security.md, "Personal data and
 * account deletion"): GET /api/me/data gives the signed-in member their own data only (a visitor
 * 401), as a file with `download=1`; DELETE /api/me is refused with 409 while an order of theirs
 * awaits payment, and otherwise deletes the account: 200, their listings deleted, their name
 * erased from what others read, their sign-in gone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSISTENCY_HEADER, POSITION_HEADER, type MemberData } from '@rewear/contracts';
import { loadConfig } from '@rewear/platform';
import {
  createTestUser,
  startAuthEmulatorForTests,
  TEST_PROJECT_ID,
  type TestUser,
} from '@rewear/testing';
import { startStack, type RunningStack } from '../src/stack.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'rewear-account-'));
let stopEmulator: () => Promise<void>;
let stack: RunningStack;
let ann: TestUser;
let bob: TestUser;
let carl: TestUser;
let position = 0;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  stack = await startStack(
    {
      ...loadConfig({}),
      dataDir,
      firebaseProjectId: TEST_PROJECT_ID,
      firebaseAuthEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
      seedOnFirstStart: false,
    },
    { role: 'all', port: 0, host: '127.0.0.1', clientDist: null, log: () => {} },
  );
  [ann, bob, carl] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await stopEmulator?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, route: string, token?: string, body?: unknown) {
  const res = await fetch(stack.url + route, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // Reads wait for what the previous commands appended.
      ...(method === 'GET' && position ? { [CONSISTENCY_HEADER]: String(position) } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const seen = Number(res.headers.get(POSITION_HEADER));
  if (seen > position) position = seen;
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function register(user: TestUser, name: string) {
  const res = await call('POST', '/api/users/register', user.idToken, {
    uid: user.uid,
    email: user.email,
    display_name: name,
  });
  expect(res.status).toBe(201);
}

async function listingOf(user: TestUser, title: string) {
  const brand = await call('POST', '/api/brands/find-or-create', user.idToken, { name: 'Acme' });
  const res = await call('POST', '/api/products', user.idToken, {
    title,
    price: 25,
    description: 'Blue, light wear',
    category_id: 5,
    condition_ids: 3,
    size_ids: [3],
    color_ids: [2],
    image: 'https://example.com/jacket.jpg',
    stock: 2,
    brand_id: brand.body.id,
  });
  expect(res.status).toBe(201);
  return res.body as { product_id: string; price: number };
}

const section = (data: MemberData, key: string) => data.sections.find((s) => s.key === key)!;

describe('your data and your account', () => {
  it('gives a member their own data, as a file when asked; a visitor 401', async () => {
    await register(ann, 'Annabel Quill');
    await register(bob, 'Bob Stays');
    await listingOf(ann, 'Annabel’s velvet blazer');
    const mine = await call('GET', '/api/me/data', ann.idToken);
    expect(mine.status).toBe(200);
    const data = mine.body as MemberData;
    expect(data.uid).toBe(ann.uid);
    expect(section(data, 'profile').items).toEqual([
      expect.objectContaining({ id: ann.uid, display_name: 'Annabel Quill', email: ann.email }),
    ]);
    expect(section(data, 'listings').items).toEqual([
      expect.objectContaining({ title: 'Annabel’s velvet blazer', seller_id: ann.uid }),
    ]);
    expect(section(data, 'reportsMade').items).toEqual([]);
    // Bob's export holds nothing of Ann's.
    const his = await call('GET', '/api/me/data', bob.idToken);
    expect(JSON.stringify(his.body)).not.toContain('Annabel');

    const file = await call('GET', '/api/me/data?download=1', ann.idToken);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="rewear-data-${ann.uid}.json"`,
    );
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect((await call('GET', '/api/me/data')).status).toBe(401);
  });

  it('refuses to delete an account while an order awaits payment, changing nothing', async () => {
    await register(carl, 'Carl Waits');
    const product = await listingOf(bob, 'Bob’s wool coat');
    const order = await call('POST', '/api/orders', carl.idToken, {
      userId: carl.uid,
      orderItems: [{ productId: product.product_id, quantity: 1, unitPrice: product.price }],
      shippingInfo: {
        name: 'Carl Waits',
        address: '2 Side St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        email: carl.email,
      },
    });
    expect(order.status).toBe(201);
    await call('GET', '/api/me/data', carl.idToken); // waits for the order's projection
    const refused = await call('DELETE', '/api/me', carl.idToken, { confirm: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^You have an open order or sale: finish or cancel it before deleting your account \(1 order\(s\) awaiting payment\)$/,
    );
    const unconfirmed = await call('DELETE', '/api/me', carl.idToken, {});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toContain('Type DELETE to confirm');
    const still = await call('GET', '/api/me/data', carl.idToken);
    expect(section(still.body, 'profile').items[0]).toMatchObject({ display_name: 'Carl Waits' });
  });

  it('deletes an account with nothing open: listings gone, the name erased, the sign-in removed', async () => {
    const deleted = await call('DELETE', '/api/me', ann.idToken, { confirm: 'DELETE' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({
      deleted: true,
      listingsDeleted: 1,
      position: expect.any(Number),
    });

    const profile = await call('GET', `/api/sellers/${ann.uid}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      displayName: 'A former member',
      photoUrl: null,
      listings: [],
    });
    expect(JSON.stringify(profile.body)).not.toContain('Annabel');
    // Her token no longer opens anything: the account is gone from the identity service.
    const after = await call('GET', '/api/me/data', ann.idToken);
    expect(after.status).toBe(401);
  });
});
