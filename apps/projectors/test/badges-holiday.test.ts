/**
 * The catalogue carries a seller's badges onto their listings (read model and search index) as
 * their shipments and ratings move, and hides an away seller's listings while the holiday lasts,
 * on the real embedded engines.
 */
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@rewear/contracts';
import {
  type Projector,
  type ReadSide,
  createMemoryReadModelStore,
  createEmbeddedSearchEngine,
} from '@rewear/platform';
import {
  READ_MODELS,
  SEARCH_INDEXES,
  createProjectors,
  type ListingDoc,
  type ProductSearchDoc,
} from '../src/index.ts';
import { envelope, listingCreated } from './events.ts';

async function freshReadSide(projectors: Projector[]): Promise<ReadSide> {
  const store = createMemoryReadModelStore();
  const search = createEmbeddedSearchEngine();
  const side: ReadSide = {
    collection: (name) => store.collection(name),
    searchIndex: (name) => search.index(name),
  };
  for (const p of projectors) {
    for (const [name, indexes] of Object.entries(p.collections))
      await store.collection(name).ensureIndexes(indexes);
    for (const [name, settings] of Object.entries(p.searchIndexes ?? {}))
      await search.index(name).configure(settings);
  }
  return side;
}

async function applyAll(projectors: Projector[], side: ReadSide, events: EventEnvelope[]) {
  for (const event of events)
    for (const p of projectors) if (p.handles.includes(event.type)) await p.apply(event, side);
}

const T0 = Date.parse('2026-02-01T10:00:00.000Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Shipment `i` of seller-1: opened, shipped after `hours`, completed. */
function sale(i: number, hours: number): EventEnvelope[] {
  const shipmentId = `o${i}.seller-1`;
  const opened = T0 + i * 24 * HOUR;
  return [
    envelope('ShipmentOpened', {
      shipmentId,
      orderId: `o${i}`,
      sellerId: 'seller-1',
      buyerId: `buyer-${i}`,
      items: [{ productId: 'lx', title: 'Tee', image: '', quantity: 1, unitPriceCents: 1000 }],
      amountCents: 1000,
      currency: 'usd',
      shipping: {
        name: 'B',
        address: '1 Road',
        city: 'Town',
        state: 'ST',
        zip: '1',
        email: 'b@example.com',
      },
      paymentIntentId: `pi-${i}`,
      openedAt: iso(opened),
      shipBy: iso(opened + 72 * HOUR),
    }),
    envelope('ShipmentShipped', {
      shipmentId,
      carrier: 'UPS',
      trackingNumber: `1Z${i}`,
      shippedAt: iso(opened + hours * HOUR),
    }),
    envelope('ShipmentCompleted', {
      shipmentId,
      sellerId: 'seller-1',
      amountCents: 1000,
      reason: 'buyer_confirmed',
      completedAt: iso(opened + (hours + 24) * HOUR),
    }),
  ];
}

const review = (i: number, rating: number) =>
  envelope('ReviewLeft', {
    shipmentId: `o${i}.seller-1`,
    authorId: `buyer-${i}`,
    authorRole: 'buyer',
    subjectId: 'seller-1',
    rating,
    text: 'Fine',
    leftAt: iso(T0 + (i + 5) * 24 * HOUR),
  });

describe("a seller's badges on their listings", () => {
  it('come with the figures and go when they move, in the read model and the search index', async () => {
    const set = createProjectors({ collectionsDelayMs: 0 });
    const side = await freshReadSide(set.all);
    const listings = side.collection<ListingDoc>(READ_MODELS.listings);
    const index = side.searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products);
    // 9 fast sales: no badge yet (fewer than 10 shipments judged)
    await applyAll(set.all, side, [
      listingCreated('l1'),
      ...[...Array(9).keys()].flatMap((i) => sale(i, 5)),
    ]);
    expect((await listings.findOne({ _id: 'l1' }))?.seller_badges).toEqual([]);
    // the tenth, slow: 9 of 10 fast
    await applyAll(set.all, side, sale(9, 60));
    expect((await listings.findOne({ _id: 'l1' }))?.seller_badges).toEqual(['ships_fast']);
    // rated 5 and 4: 4.5, trusted; a listing created now carries both
    await applyAll(set.all, side, [review(0, 5), review(1, 4), listingCreated('l2')]);
    for (const id of ['l1', 'l2'])
      expect((await listings.findOne({ _id: id }))?.seller_badges).toEqual([
        'ships_fast',
        'trusted_seller',
      ]);
    const found = await index.search({ filter: { seller_id: 'seller-1' } });
    expect(found.hits.map((h) => h.seller_badges)).toEqual([
      ['ships_fast', 'trusted_seller'],
      ['ships_fast', 'trusted_seller'],
    ]);
    // a 4 more: 13 / 3 = 4.33, no longer trusted; another slow sale: 8 of the last 10
    await applyAll(set.all, side, [review(2, 4), ...sale(10, 70)]);
    expect((await listings.findOne({ _id: 'l1' }))?.seller_badges).toEqual([]);
    expect(
      await side.collection(READ_MODELS.sellerBadges).findOne({ _id: 'seller-1' }),
    ).toMatchObject({ badges: [] });
  });
});

describe("an away seller's listings", () => {
  it('leave the catalogue when the holiday starts and come back when it ends', async () => {
    const set = createProjectors({ collectionsDelayMs: 0 });
    const side = await freshReadSide(set.all);
    const index = side.searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products);
    const ids = async () =>
      (await index.search({ filter: { seller_id: 'seller-1' } })).hits.map((h) => h.id).sort();
    const holiday = { uid: 'seller-1', from: '2026-03-01', until: '2026-03-10' };
    await applyAll(set.all, side, [
      listingCreated('l1'),
      envelope('HolidayModeSet', { ...holiday, setAt: '2026-02-20T10:00:00.000Z' }),
    ]);
    // planned: still listed
    expect(await ids()).toEqual(['l1']);
    await applyAll(set.all, side, [
      envelope('HolidayModeStarted', { ...holiday, startedAt: '2026-03-01T00:00:10.000Z' }),
      listingCreated('l2'),
    ]);
    expect(await ids()).toEqual([]);
    const l2 = await side.collection<ListingDoc>(READ_MODELS.listings).findOne({ _id: 'l2' });
    expect(l2?.hidden_by).toEqual(['holiday']);
    expect(await side.collection(READ_MODELS.holidays).findOne({ _id: 'seller-1' })).toMatchObject({
      until: '2026-03-10',
      started: true,
    });
    await applyAll(set.all, side, [
      envelope('HolidayModeEnded', {
        uid: 'seller-1',
        why: 'ended',
        endedAt: '2026-03-10T00:00:30.000Z',
      }),
    ]);
    expect(await ids()).toEqual(['l1', 'l2']);
    expect(await side.collection(READ_MODELS.holidays).findOne({ _id: 'seller-1' })).toBeNull();
  });
});
