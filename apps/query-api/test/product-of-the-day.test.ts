/**
 * The Product of the Day (docs/product.md §4.10) changes with the server's calendar day, also on
 * a quiet site where no event arrives, and is the same all day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listing, startHarness, type Harness } from './harness.ts';

let h: Harness;
let now = new Date('2026-05-04T08:00:00.000Z');

const CANDIDATES = 20;

beforeAll(async () => {
  h = await startHarness({ clock: () => now });
  // Twenty products alike in every scored point: the day's random part decides between them.
  for (let i = 0; i < CANDIDATES; i++)
    await h.append('listing', `alike-${i}`, [
      listing(`alike-${i}`, { title: `Alike ${String(i).padStart(2, '0')}`, stock: 2 }),
    ]);
});
afterAll(async () => {
  await h?.close();
});

async function pickAt(iso: string): Promise<string> {
  now = new Date(iso);
  const res = await h.get('/api/products/featured');
  expect(res.status).toBe(200);
  return res.body.product_id as string;
}

describe('Product of the Day', () => {
  it('is the same all day, and another one the next day, with no event in between', async () => {
    const head = await h.platform.eventStore.headPosition();
    const morning = await pickAt('2026-05-04T00:00:00.000Z');
    expect(await pickAt('2026-05-04T12:30:00.000Z')).toBe(morning);
    expect(await pickAt('2026-05-04T23:59:59.999Z')).toBe(morning);
    const nextDay = await pickAt('2026-05-05T00:00:00.000Z');
    expect(nextDay).not.toBe(morning);
    expect(await pickAt('2026-05-05T18:00:00.000Z')).toBe(nextDay);
    // Over a month, the pick moves around the candidates.
    const picks = new Set<string>();
    for (let day = 1; day <= 30; day++)
      picks.add(await pickAt(`2026-06-${String(day).padStart(2, '0')}T09:00:00.000Z`));
    expect(picks.size).toBeGreaterThan(5);
    expect(await h.platform.eventStore.headPosition()).toBe(head);
  });

  it('the next candidate of the day when the pick sold out since', async () => {
    const pick = await pickAt('2026-05-04T10:00:00.000Z');
    await h.append('listing', pick, [{ type: 'ListingDeleted', data: { listingId: pick } }]);
    const next = await pickAt('2026-05-04T10:00:00.000Z');
    expect(next).not.toBe(pick);
    expect(next).toMatch(/^alike-/);
  });
});
