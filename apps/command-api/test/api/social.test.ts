/** Follows and saved searches over HTTP: what is refused, with what, and that it changes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from '@rewear/contracts';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let fan: TestUser;
let seller: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [fan, seller] = await Promise.all([createTestUser(), createTestUser()]);
  await h.call('POST', '/api/users/register', {
    token: seller.idToken,
    body: { uid: seller.uid, email: seller.email, display_name: 'Seller' },
  });
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

/** The call's answer, after checking that it appended nothing. */
async function refused(method: string, path: string, token: string, body?: unknown) {
  const before = await h.log.headPosition();
  const res = await h.call(method, path, { token, body });
  expect(await h.log.headPosition()).toBe(before);
  return { status: res.status, message: res.body.message as string };
}

describe('follows', () => {
  it('refuses following oneself with a 400 that says so', async () => {
    expect(await refused('POST', `/api/sellers/${fan.uid}/follow`, fan.idToken)).toEqual({
      status: 400,
      message: 'You cannot follow yourself',
    });
  });

  it('refuses following someone who is not a seller', async () => {
    expect(await refused('POST', '/api/sellers/nobody-here/follow', fan.idToken)).toEqual({
      status: 404,
      message: 'Seller not found',
    });
  });

  it('follows once however often asked, and unfollows', async () => {
    const path = `/api/sellers/${seller.uid}/follow`;
    const first = await h.call('POST', path, { token: fan.idToken });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ sellerId: seller.uid, following: true });
    const stream = `follows-${fan.uid}`;
    expect((await h.log.readStream(stream)).map((e) => e.type)).toEqual(['SellerFollowed']);
    expect((await h.call('POST', path, { token: fan.idToken })).status).toBe(200);
    expect((await h.log.readStream(stream)).length).toBe(1);
    expect((await h.call('DELETE', path, { token: fan.idToken })).body.following).toBe(false);
    expect((await h.log.readStream(stream)).map((e) => e.type)).toEqual([
      'SellerFollowed',
      'SellerUnfollowed',
    ]);
  });
});

describe('saved searches', () => {
  const save = (body: unknown) => refused('POST', '/api/saved-searches', fan.idToken, body);

  it('refuses a search without a name, without a criterion, or with unknown values', async () => {
    expect((await save({ name: ' ', query: { q: 'denim' } })).message).toMatch(/name/);
    expect(await save({ name: 'All', query: { q: '  ' } })).toEqual({
      status: 400,
      message: 'A saved search needs a keyword or a filter',
    });
    expect(await save({ name: 'Marks', query: { q: '!!! ?' } })).toEqual({
      status: 400,
      message: 'The keyword needs a letter or a digit',
    });
    expect(await save({ name: 'Odd', query: { size: 'XXXL' } })).toEqual({
      status: 400,
      message: 'Unknown size: XXXL',
    });
    expect(await save({ name: 'Odd', query: { category: 'Spaceships' } })).toMatchObject({
      status: 400,
    });
    expect(await save({ name: 'Cheap', query: { minPrice: 50, maxPrice: 10 } })).toEqual({
      status: 400,
      message: 'The lowest price is above the highest',
    });
  });

  it('saves the query with names as the catalogue spells them and prices in cents', async () => {
    const res = await h.call('POST', '/api/saved-searches', {
      token: fan.idToken,
      body: {
        name: 'Small blue tops',
        query: {
          q: ' linen  shirt ',
          category: 'tops',
          size: 'small',
          color: 'Blue',
          maxPrice: '25.5',
        },
      },
    });
    expect(res.status).toBe(201);
    const events = await h.log.readStream(`searches-${fan.uid}`);
    expect(events.at(-1)).toMatchObject({
      type: 'SearchSaved',
      data: {
        searchId: res.body.id,
        name: 'Small blue tops',
        query: {
          q: 'linen shirt',
          category: 'Tops',
          brand: null,
          size: 'Small',
          color: 'blue',
          condition: null,
          minPriceCents: null,
          maxPriceCents: 2550,
        },
      },
    });
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user`, async () => {
    const user = await createTestUser();
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) {
      const res = await h.call('POST', '/api/saved-searches', {
        token: user.idToken,
        body: { name: `Search ${i}`, query: { q: `word${i}` } },
      });
      expect(res.status).toBe(201);
    }
    const over = await refused('POST', '/api/saved-searches', user.idToken, {
      name: 'One more',
      query: { q: 'more' },
    });
    expect(over.status).toBe(409);
    expect(over.message).toMatch(/delete one/);
  });
});
