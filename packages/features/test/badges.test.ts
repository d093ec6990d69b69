/**
 * Sellers' badges (src/badges/domain.ts): the shipments' fold and the rules at their thresholds,
 * judged from the events' own times.
 */
import { describe, expect, it } from 'vitest';
import { SELLER_BADGES, SELLER_BADGE_IDS } from '@rewear/contracts';
import {
  badgeFigures,
  badgesOf,
  shipmentsAfter,
  type BadgeShipment,
  type BadgeShipmentEvent,
} from '@rewear/features/badges/domain';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** `n` shipments, the first `fast` of them shipped within 2 days, the others after 3. */
function shipments(n: number, fast: number, extra: Partial<BadgeShipment> = {}): BadgeShipment[] {
  return Array.from({ length: n }, (_, i) => {
    const opened = T0 + i * 24 * HOUR;
    return {
      id: `sh-${String(i).padStart(3, '0')}`,
      opened_at: iso(opened),
      shipped_at: iso(opened + (i < fast ? 47 * HOUR : 72 * HOUR)),
      not_shipped: false,
      completed: false,
      problem: false,
      ...extra,
    };
  });
}
const noRating = { sum: 0, count: 0 };

describe('Ships fast', () => {
  it('is earned at 9 of the last 10 shipped within 2 days, and at 10 of 10', () => {
    expect(badgesOf(badgeFigures(shipments(10, 9), noRating))).toEqual(['ships_fast']);
    expect(badgesOf(badgeFigures(shipments(10, 10), noRating))).toEqual(['ships_fast']);
  });
  it('is not earned at 8 of 10, nor with fewer than 10 shipments', () => {
    expect(badgesOf(badgeFigures(shipments(10, 8), noRating))).toEqual([]);
    expect(badgesOf(badgeFigures(shipments(9, 9), noRating))).toEqual([]);
  });
  it('judges the last 10: old slow shipments stop counting, a new slow one counts', () => {
    // 5 slow, then 10 fast (the slow ones are older than the last 10)
    const list = shipments(15, 0).map((s, i) =>
      i >= 5 ? { ...s, shipped_at: iso(Date.parse(s.opened_at) + HOUR) } : s,
    );
    expect(badgesOf(badgeFigures(list, noRating))).toEqual(['ships_fast']);
    // two more slow ones among the last 10: 8 of 10
    const slow = shipments(2, 0).map((s, i) => ({
      ...s,
      id: `sh-late-${i}`,
      opened_at: iso(T0 + (20 + i) * 24 * HOUR),
      shipped_at: iso(T0 + (23 + i) * 24 * HOUR),
    }));
    expect(badgesOf(badgeFigures([...list, ...slow], noRating))).toEqual([]);
  });
  it('counts a shipment cancelled as not shipped in time as a slow one; others not at all', () => {
    const list = shipments(10, 10);
    list[0] = { ...list[0]!, shipped_at: null, not_shipped: true };
    list[1] = { ...list[1]!, shipped_at: null, not_shipped: true };
    expect(badgesOf(badgeFigures(list, noRating))).toEqual([]);
  });
  it('is judged exactly at 2 days (48 h)', () => {
    const list = shipments(10, 10).map((s) => ({
      ...s,
      shipped_at: iso(Date.parse(s.opened_at) + 48 * HOUR),
    }));
    expect(badgesOf(badgeFigures(list, noRating))).toEqual(['ships_fast']);
    list[0] = { ...list[0]!, shipped_at: iso(Date.parse(list[0]!.opened_at) + 48 * HOUR + 1) };
    list[1] = { ...list[1]!, shipped_at: iso(Date.parse(list[1]!.opened_at) + 48 * HOUR + 1) };
    expect(badgesOf(badgeFigures(list, noRating))).toEqual([]);
  });
});

describe('Trusted seller', () => {
  // 5 completed sales, shipped slowly (no Ships fast)
  const sales = shipments(5, 0, { completed: true });
  it('is earned at 5 completed sales and an average of 4.5', () => {
    expect(badgesOf(badgeFigures(sales, { sum: 9, count: 2 }))).toEqual(['trusted_seller']);
    expect(badgesOf(badgeFigures(sales, { sum: 45, count: 10 }))).toEqual(['trusted_seller']);
  });
  it('is not earned at an average of 4.4, with no rating, or with 4 completed sales', () => {
    expect(badgesOf(badgeFigures(sales, { sum: 44, count: 10 }))).toEqual([]);
    expect(badgesOf(badgeFigures(sales, noRating))).toEqual([]);
    expect(badgesOf(badgeFigures(sales.slice(1), { sum: 10, count: 2 }))).toEqual([]);
  });
  it('allows problems on at most 10% of the shipped sales', () => {
    const ten = shipments(10, 0, { completed: true });
    ten[0] = { ...ten[0]!, problem: true };
    expect(badgesOf(badgeFigures(ten, { sum: 5, count: 1 }))).toEqual(['trusted_seller']);
    ten[1] = { ...ten[1]!, problem: true };
    expect(badgesOf(badgeFigures(ten, { sum: 5, count: 1 }))).toEqual([]);
  });
  it('both badges, in the order of SELLER_BADGES', () => {
    const list = shipments(10, 10, { completed: true });
    expect(badgesOf(badgeFigures(list, { sum: 5, count: 1 }))).toEqual([
      'ships_fast',
      'trusted_seller',
    ]);
    expect(SELLER_BADGES.map((b) => b.id)).toEqual([...SELLER_BADGE_IDS]);
  });
});

describe('the shipments the badges follow', () => {
  const envelope = <E extends BadgeShipmentEvent>(type: E['type'], data: E['data']) =>
    ({ type, data }) as unknown as BadgeShipmentEvent;
  const opened = envelope('ShipmentOpened', {
    shipmentId: 'o1.s1',
    orderId: 'o1',
    sellerId: 's1',
    buyerId: 'b1',
    items: [{ productId: 'l1', title: 'Tee', image: '', quantity: 1, unitPriceCents: 1000 }],
    amountCents: 1000,
    currency: 'usd',
    shipping: { name: 'B', address: 'A', city: 'C', state: 'S', zip: '1', email: 'b@x.io' },
    paymentIntentId: 'pi',
    openedAt: iso(T0),
    shipBy: iso(T0 + 72 * HOUR),
  } as never);
  it('opens, ships, reports a problem and completes, once each', () => {
    let list = shipmentsAfter([], opened);
    expect(shipmentsAfter(list, opened)).toBe(list);
    list = shipmentsAfter(
      list,
      envelope('ShipmentShipped', {
        shipmentId: 'o1.s1',
        carrier: 'UPS',
        trackingNumber: '1Z',
        shippedAt: iso(T0 + HOUR),
      } as never),
    );
    list = shipmentsAfter(
      list,
      envelope('ShipmentProblemReported', {
        shipmentId: 'o1.s1',
        reason: 'damaged',
        text: '',
        reportedAt: iso(T0 + 50 * HOUR),
      } as never),
    );
    list = shipmentsAfter(
      list,
      envelope('ShipmentCompleted', {
        shipmentId: 'o1.s1',
        sellerId: 's1',
        amountCents: 1000,
        reason: 'dispute_settled',
        completedAt: iso(T0 + 80 * HOUR),
      } as never),
    );
    expect(list).toEqual([
      {
        id: 'o1.s1',
        opened_at: iso(T0),
        shipped_at: iso(T0 + HOUR),
        not_shipped: false,
        completed: true,
        problem: true,
      },
    ]);
    expect(badgeFigures(list, noRating)).toMatchObject({ judged: 1, fast: 1, problems: 1 });
  });
});
