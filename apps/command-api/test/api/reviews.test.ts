/**
 * Reviews through the command API (docs/product.md §12): after a shipment completes, its buyer
 * and its seller each review the other once and may change it for 7 days; every refusal answers
 * why and appends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_RULES } from '@rewear/contracts';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { eventsAfter, startHarness, type Harness } from './harness.ts';
import { advanceShipment, paidOrder } from './shipment-fixtures.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let seller: TestUser;
let buyer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [seller, buyer, stranger] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const people = () => ({ seller, buyer });
const review = (
  method: 'POST' | 'PUT',
  shipmentId: string,
  user: TestUser | null,
  body: unknown = { rating: 5, text: 'Exactly as described' },
) => h.call(method, `/api/shipments/${shipmentId}/review`, { token: user?.idToken, body });

async function refused(
  request: () => Promise<{ status: number; body: any }>,
  status: number,
  message?: string | RegExp,
) {
  const before = await h.log.headPosition();
  const res = await request();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toEqual(expect.any(String));
  if (message) expect(res.body.message).toMatch(message);
  expect(await h.log.headPosition()).toBe(before);
  return res;
}

async function completedShipment() {
  const { shipmentId } = await paidOrder(h, buyer, [seller]);
  await advanceShipment(h, shipmentId, people(), ['ship', 'delivered', 'complete']);
  return shipmentId;
}

describe('reviews of a completed shipment', () => {
  it('the buyer reviews the seller and the seller the buyer, once each', async () => {
    const shipmentId = await completedShipment();
    const before = await h.log.headPosition();
    const byBuyer = await review('POST', shipmentId, buyer, { rating: 4, text: '  Lovely coat  ' });
    expect(byBuyer.status, JSON.stringify(byBuyer.body)).toBe(201);
    expect(byBuyer.body.review).toMatchObject({
      shipmentId,
      authorId: buyer.uid,
      authorRole: 'buyer',
      subjectId: seller.uid,
      rating: 4,
      text: 'Lovely coat',
      editedAt: null,
    });
    expect(
      Date.parse(byBuyer.body.review.editableUntil) - Date.parse(byBuyer.body.review.leftAt),
    ).toBe(REVIEW_RULES.editWindowMs);
    expect(byBuyer.headers.get('x-event-position')).toBe(String(byBuyer.body.position));

    const bySeller = await review('POST', shipmentId, seller, { rating: 5, text: 'Paid at once' });
    expect(bySeller.status).toBe(201);
    expect(bySeller.body.review).toMatchObject({ authorRole: 'seller', subjectId: buyer.uid });

    const events = await eventsAfter(h.log, before);
    expect(events.map((e) => [e.type, e.streamId])).toEqual([
      ['ReviewLeft', `review-${shipmentId}`],
      ['ReviewLeft', `review-${shipmentId}`],
    ]);

    await refused(() => review('POST', shipmentId, buyer), 409, /already reviewed this order/);
    await refused(() => review('POST', shipmentId, seller), 409, /already reviewed this order/);
  });

  it('opens only once the shipment is completed', async () => {
    const { shipmentId } = await paidOrder(h, buyer, [seller]);
    await refused(
      () => review('POST', shipmentId, buyer),
      409,
      'Reviews open once the shipment is completed',
    );
    await advanceShipment(h, shipmentId, people(), ['ship', 'delivered']);
    await refused(
      () => review('POST', shipmentId, seller),
      409,
      'Reviews open once the shipment is completed',
    );
  });

  it('refuses anyone but its buyer and seller, a visitor and an unknown shipment', async () => {
    const shipmentId = await completedShipment();
    await refused(() => review('POST', shipmentId, stranger), 403, /Only the buyer or the seller/);
    await refused(() => review('POST', shipmentId, null), 401);
    await refused(() => review('POST', 'no-such-order.no-one', buyer), 404, 'Shipment not found');
  });

  it('checks the stars and the text with a clear 400', async () => {
    const shipmentId = await completedShipment();
    for (const body of [
      { rating: 0, text: 'x' },
      { rating: 6, text: 'x' },
      { rating: 4.5, text: 'x' },
      { rating: '5', text: 'x' },
      { rating: 5, text: 'x'.repeat(1001) },
      { text: 'no stars' },
    ]) {
      const res = await refused(() => review('POST', shipmentId, buyer, body), 400);
      expect(res.body.message.length).toBeGreaterThan(5);
    }
    expect(
      (await review('POST', shipmentId, buyer, { rating: 5, text: 'x'.repeat(1000) })).status,
    ).toBe(201);
  });

  it('the author changes a review within 7 days, then no more', async () => {
    const shipmentId = await completedShipment();
    await refused(
      () => review('PUT', shipmentId, buyer),
      409,
      'You have not reviewed this order yet',
    );
    expect((await review('POST', shipmentId, buyer, { rating: 2, text: 'Late' })).status).toBe(201);
    try {
      h.advance(REVIEW_RULES.editWindowMs - 60_000);
      const edited = await review('PUT', shipmentId, buyer, {
        rating: 4,
        text: 'Late, but lovely',
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.review).toMatchObject({ rating: 4, text: 'Late, but lovely' });
      expect(edited.body.review.editedAt).toEqual(expect.any(String));
      const types = (await eventsAfter(h.log, edited.body.position - 1)).map((e) => e.type);
      expect(types).toEqual(['ReviewEdited']);
      // The seller's own window has not started: they have not reviewed.
      await refused(
        () => review('PUT', shipmentId, seller),
        409,
        'You have not reviewed this order yet',
      );
      await refused(() => review('PUT', shipmentId, stranger), 403);
      h.advance(60_000);
      await refused(
        () => review('PUT', shipmentId, buyer, { rating: 1, text: 'No' }),
        409,
        'Reviews can be changed for 7 days',
      );
    } finally {
      h.advance(-REVIEW_RULES.editWindowMs);
    }
  });
});
