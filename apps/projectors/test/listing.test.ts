import { describe, expect, it } from 'vitest';
import {
  availableUnits,
  isListed,
  projectListing,
  toSearchDoc,
  type ListingEvent,
} from '../src/index.ts';
import { envelope, listingCreated } from './events.ts';

const lookups = { brandName: "Levi's" };
const run = (events: ListingEvent[]) =>
  events.reduce(
    (doc, e) => projectListing(doc, e, lookups),
    null as ReturnType<typeof projectListing>,
  );

describe('projectListing', () => {
  it('creates the listing with names resolved from the reference lists and the brand', () => {
    const doc = run([
      listingCreated('l1', { conditionIds: [1], sizeIds: [2, 6], colorIds: [1, 8] }),
    ])!;
    expect(doc).toMatchObject({
      _id: 'l1',
      brand_name: "Levi's",
      category_name: 'Outerwear',
      conditions: ['NWT'],
      sizes: ['Small', 'XXL'],
      colors: ['red', 'white'],
      price_cents: 4500,
      stocked: 2,
      stock: 2,
      deleted: false,
    });
  });

  it('counts held and sold units out of stock and gives released units back', () => {
    const reserve = (orderId: string, quantity: number) =>
      envelope('StockReserved', {
        listingId: 'l1',
        orderId,
        quantity,
        expiresAt: '2026-03-01T12:15:00.000Z',
      });
    const created = listingCreated('l1', { stock: 3 });
    let doc = run([created, reserve('o1', 1), reserve('o2', 1)])!;
    expect(doc.stock).toBe(1);
    doc = projectListing(
      doc,
      envelope('StockReleased', { listingId: 'l1', orderId: 'o1', quantity: 1, reason: 'expired' }),
      lookups,
    )!;
    expect(doc.stock).toBe(2);
    doc = projectListing(
      doc,
      envelope('StockSold', { listingId: 'l1', orderId: 'o2', quantity: 1 }),
      lookups,
    )!;
    expect(doc.stock).toBe(2);
    expect(availableUnits(doc.stocked, doc.holds)).toBe(2);
  });

  it("puts a cancelled shipment's returned units back on sale, once", () => {
    const sold = run([
      listingCreated('l1', { stock: 1 }),
      envelope('StockReserved', {
        listingId: 'l1',
        orderId: 'o1',
        quantity: 1,
        expiresAt: '2026-03-01T12:15:00.000Z',
      }),
      envelope('StockSold', { listingId: 'l1', orderId: 'o1', quantity: 1 }),
    ])!;
    expect(sold.stock).toBe(0);
    expect(isListed(sold)).toBe(false);
    const returned = envelope('StockReturned', { listingId: 'l1', orderId: 'o1', quantity: 1 });
    const back = projectListing(sold, returned, lookups)!;
    expect(back.stock).toBe(1);
    expect(isListed(back)).toBe(true);
    expect(projectListing(back, returned, lookups)!.stock).toBe(1);
  });

  it('is idempotent: a redelivered reservation or sale counts once', () => {
    const reserved = envelope('StockReserved', {
      listingId: 'l1',
      orderId: 'o1',
      quantity: 1,
      expiresAt: '2026-03-01T12:15:00.000Z',
    });
    const sold = envelope('StockSold', { listingId: 'l1', orderId: 'o1', quantity: 1 });
    const once = run([listingCreated('l1', { stock: 3 }), reserved, sold]);
    const twice = run([
      listingCreated('l1', { stock: 3 }),
      reserved,
      reserved,
      sold,
      sold,
      reserved,
    ]);
    expect(twice).toEqual(once);
    expect(once!.stock).toBe(2);
  });

  it('a release seen before its reservation keeps the units available', () => {
    const doc = run([
      listingCreated('l1', { stock: 1 }),
      envelope('StockReleased', {
        listingId: 'l1',
        orderId: 'o1',
        quantity: 1,
        reason: 'payment_failed',
      }),
      envelope('StockReserved', {
        listingId: 'l1',
        orderId: 'o1',
        quantity: 1,
        expiresAt: '2026-03-01T12:15:00.000Z',
      }),
    ])!;
    expect(doc.stock).toBe(1);
  });

  it('sold out and deleted listings leave the catalogue; detail still has stock 0', () => {
    const soldOut = run([
      listingCreated('l1', { stock: 1 }),
      envelope('StockSold', { listingId: 'l1', orderId: 'o1', quantity: 1 }),
    ])!;
    expect(soldOut.stock).toBe(0);
    expect(isListed(soldOut)).toBe(false);
    const deleted = run([listingCreated('l2'), envelope('ListingDeleted', { listingId: 'l2' })])!;
    expect(deleted.deleted).toBe(true);
    expect(isListed(deleted)).toBe(false);
    expect(isListed(run([listingCreated('l3')]))).toBe(true);
  });

  it('applies partial updates and re-resolves names', () => {
    const doc = run([
      listingCreated('l1'),
      envelope('ListingUpdated', {
        listingId: 'l1',
        changes: { priceCents: 3900, categoryId: 2, title: 'Blue dress' },
      }),
    ])!;
    expect(doc).toMatchObject({
      price_cents: 3900,
      category_name: 'Dresses',
      title: 'Blue dress',
      sizes: ['Medium'],
    });
  });

  it('ignores updates of a listing it never saw', () => {
    expect(
      projectListing(
        null,
        envelope('ListingUpdated', { listingId: 'x', changes: { title: 'T' } }),
        lookups,
      ),
    ).toBeNull();
  });

  it('makes the search document with sort helpers and without the internal stock ledger', () => {
    const search = toSearchDoc(run([listingCreated('l1', { title: 'Zebra Top' })])!);
    expect(search).toMatchObject({
      id: 'l1',
      title_key: 'zebra top',
      in_stock: true,
      created_ts: Date.parse('2026-03-01T12:00:00.000Z'),
    });
    expect(search).not.toHaveProperty('holds');
    expect(search).not.toHaveProperty('_id');
  });
});
