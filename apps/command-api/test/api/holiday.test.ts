/**
 * Holiday mode over HTTP (docs/product.md §14.6): bad dates refused with the reason and nothing
 * appended; a holiday from today starts at once; while away, buying and offers are refused with
 * the day the seller is back; the seller ends it; a holiday set ahead starts and ends by the
 * sweeper at its days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { createHolidaySweeper } from '../../src/index.ts';
import { eventsAfter, listingBody, shipping, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let seller: TestUser;
let buyer: TestUser;
let brandId: string;

const DAY = 86_400_000;
/** The harness's day `offset` days from now, YYYY-MM-DD. */
const day = (offset: number) =>
  new Date(h.now().getTime() + offset * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [seller, buyer] = await Promise.all([createTestUser(), createTestUser()]);
  brandId = (
    await h.call('POST', '/api/brands/find-or-create', {
      token: seller.idToken,
      body: { name: 'Holiday brand' },
    })
  ).body.id;
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

async function refused(method: string, path: string, token: string, body?: unknown) {
  const before = await h.log.headPosition();
  const res = await h.call(method, path, { token, body });
  expect(await h.log.headPosition()).toBe(before);
  return { status: res.status, message: res.body.message as string };
}

const setHoliday = (token: string, from: string, until: string) =>
  h.call('PUT', '/api/me/holiday', { token, body: { from, until } });

describe('holiday mode', () => {
  it('refuses bad dates with the reason, appending nothing', async () => {
    const put = (from: string, until: string) =>
      refused('PUT', '/api/me/holiday', seller.idToken, { from, until });
    expect(await put(day(2), day(2))).toEqual({
      status: 400,
      message: 'The end date must be after the start date',
    });
    expect(await put(day(0), day(91))).toEqual({
      status: 400,
      message: 'Choose an end date at most 90 days away',
    });
    expect(await put(day(-1), day(3))).toEqual({
      status: 400,
      message: 'The start date cannot be in the past',
    });
    expect((await put('2026-02-30', day(3))).status).toBe(400);
    expect((await put('next week', day(3))).status).toBe(400);
  });

  it('while away, refuses buying and offers with the day the seller is back; ended, they open again', async () => {
    const product = (
      await h.call('POST', '/api/products', {
        token: seller.idToken,
        body: listingBody({ brand_id: brandId, stock: 2, price: 40 }),
      })
    ).body as { product_id: string; price: number };
    const until = day(14);
    const before = await h.log.headPosition();
    const set = await setHoliday(seller.idToken, day(0), until);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ holiday: { from: day(0), until } });
    expect((await eventsAfter(h.log, before)).map((e) => e.type)).toEqual([
      'HolidayModeSet',
      'HolidayModeStarted',
    ]);

    const away = { status: 409, message: `The seller is away until ${until}` };
    const order = {
      userId: buyer.uid,
      orderItems: [{ productId: product.product_id, quantity: 1, unitPrice: product.price }],
      shippingInfo: shipping,
    };
    expect(await refused('POST', '/api/orders', buyer.idToken, order)).toEqual(away);
    expect(
      await refused('POST', `/api/listings/${product.product_id}/offers`, buyer.idToken, {
        amount: 30,
      }),
    ).toEqual(away);

    const ended = await h.call('DELETE', '/api/me/holiday', { token: seller.idToken });
    expect(ended.status).toBe(200);
    expect(ended.body.holiday).toBeNull();
    const offer = await h.call('POST', `/api/listings/${product.product_id}/offers`, {
      token: buyer.idToken,
      body: { amount: 30 },
    });
    expect(offer.status).toBe(201);

    // Away again: the seller can neither accept nor counter the open offer (declining stays open).
    await setHoliday(seller.idToken, day(0), until);
    const { conversationId, offer: made } = offer.body;
    const answer = (action: string, body?: unknown) =>
      refused(
        'POST',
        `/api/conversations/${conversationId}/offers/${made.offerId}/${action}`,
        seller.idToken,
        body,
      );
    expect(await answer('accept')).toEqual(away);
    expect(await answer('counter', { amount: 35 })).toEqual(away);
    expect((await h.call('DELETE', '/api/me/holiday', { token: seller.idToken })).status).toBe(200);
    // Ending none changes nothing.
    const again = await h.call('DELETE', '/api/me/holiday', { token: seller.idToken });
    expect(again.status).toBe(200);
  });

  it('a holiday set ahead starts on its first day and ends by itself on its end date', async () => {
    const other = await createTestUser();
    const sweeper = createHolidaySweeper({ eventStore: h.log, clock: h.now, onError: () => {} });
    const stream = `holiday-${other.uid}`;
    const types = async () => (await h.log.readStream(stream)).map((e) => e.type);
    expect((await setHoliday(other.idToken, day(2), day(5))).status).toBe(200);
    await sweeper.sweep();
    expect(await types()).toEqual(['HolidayModeSet']);
    h.advance(2 * DAY);
    expect(await sweeper.sweep()).toContain(other.uid);
    expect(await types()).toEqual(['HolidayModeSet', 'HolidayModeStarted']);
    h.advance(3 * DAY);
    expect(await sweeper.sweep()).toContain(other.uid);
    const events = await h.log.readStream(stream);
    expect(events.map((e) => e.type)).toEqual([
      'HolidayModeSet',
      'HolidayModeStarted',
      'HolidayModeEnded',
    ]);
    expect(events.at(-1)!.data).toMatchObject({ why: 'ended' });
    // A repeated sweep changes nothing.
    expect(await sweeper.sweep()).toEqual([]);
  });
});
