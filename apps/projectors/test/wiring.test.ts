/**
 * The projectors' wiring on the real embedded engines (in-memory read models, embedded search):
 * replays are idempotent and a brand arriving after its listing still names it.
 */
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@rewear/contracts';
import {
  type Doc,
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

async function snapshot(side: ReadSide) {
  const out: Record<string, unknown> = {};
  for (const name of Object.values(READ_MODELS))
    out[name] = await side.collection(name).find({}, { sort: { _id: 1 } });
  const index = side.searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products);
  out.search = await index.search({
    sort: [{ field: 'title_key', order: 'asc' }],
    limit: 1000,
    facets: ['brand_name', 'category_name'],
  });
  return out;
}

async function applyAll(projectors: Projector[], side: ReadSide, events: EventEnvelope[]) {
  for (const event of events)
    for (const p of projectors) if (p.handles.includes(event.type)) await p.apply(event, side);
}

/** A review of `subjectId` from the buyer of shipment `shipmentId`. */
const review = (
  type: 'ReviewLeft' | 'ReviewEdited',
  shipmentId: string,
  subjectId: string,
  rating: number,
  at: string,
) =>
  envelope(type, {
    shipmentId,
    authorId: `buyer-${shipmentId}`,
    authorRole: 'buyer' as const,
    subjectId,
    rating,
    text: 'Fine',
    ...(type === 'ReviewLeft' ? { leftAt: at } : { editedAt: at }),
  } as never);

const history: EventEnvelope[] = [
  // seller-1 is rated before their listings exist, and again after
  review('ReviewLeft', 's1', 'seller-1', 5, '2026-02-01T10:00:00.000Z'),
  listingCreated('l1', { brandId: 'b-late', title: 'Cord Trousers' }),
  listingCreated('l2', { brandId: 'b-nike', categoryId: 1, title: 'Nike Tee', stock: 1 }),
  envelope('BrandCreated', { brandId: 'b-nike', name: 'Nike', image: null }),
  envelope('WishlistItemAdded', { userId: 'u1', productId: 'l1' }),
  envelope('WishlistItemAdded', { userId: 'u2', productId: 'l1' }),
  envelope('ListingLiked', { listingId: 'l1', userId: 'u1' }),
  envelope('StockReserved', {
    listingId: 'l2',
    orderId: 'o1',
    quantity: 1,
    expiresAt: '2026-03-01T12:15:00.000Z',
  }),
  envelope('StockReleased', { listingId: 'l2', orderId: 'o1', quantity: 1, reason: 'expired' }),
  envelope(
    'CartCreated',
    { cartId: 'c1', userId: 'u1' },
    { streamId: 'cart-c1', streamVersion: 1 },
  ),
  envelope(
    'CartItemAdded',
    { cartId: 'c1', productId: 'l1', quantity: 1 },
    { streamId: 'cart-c1', streamVersion: 2 },
  ),
  envelope('BrandCreated', { brandId: 'b-late', name: 'Late Brand', image: null }),
  review('ReviewLeft', 's2', 'seller-1', 2, '2026-03-02T10:00:00.000Z'),
  review('ReviewEdited', 's2', 'seller-1', 4, '2026-03-03T10:00:00.000Z'),
  review('ReviewLeft', 's3', 'someone-else', 1, '2026-03-02T10:00:00.000Z'),
];

describe('projector wiring on the embedded engines', () => {
  it('applying every event twice leaves the same documents and index as once', async () => {
    const once = createProjectors({ collectionsDelayMs: 0 });
    const twice = createProjectors({ collectionsDelayMs: 0 });
    const a = await freshReadSide(once.all);
    const b = await freshReadSide(twice.all);
    await applyAll(once.all, a, history);
    await applyAll(
      twice.all,
      b,
      history.flatMap((e) => [e, e]),
    );
    expect(await snapshot(b)).toEqual(await snapshot(a));
  });

  it('names a listing whose brand arrives later, in the read model and the search index', async () => {
    const set = createProjectors({ collectionsDelayMs: 0 });
    const side = await freshReadSide(set.all);
    await applyAll(set.all, side, history);
    const l1 = await side.collection<ListingDoc>(READ_MODELS.listings).findOne({ _id: 'l1' });
    expect(l1).toMatchObject({ brand_name: 'Late Brand', num_likes: 2, stock: 2 });
    const found = await side
      .searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products)
      .search({ filter: { brand_name: 'Late Brand' } });
    expect(found.hits.map((h) => h.id)).toEqual(['l1']);
    expect(found.hits[0]!.num_likes).toBe(2);
  });

  it("carries the seller's rating onto each of their listings, in the read model and the search index", async () => {
    const set = createProjectors({ collectionsDelayMs: 0 });
    const side = await freshReadSide(set.all);
    // Rated 5 before the listings exist: they are created with it.
    await applyAll(set.all, side, history.slice(0, 3));
    const listings = side.collection<ListingDoc>(READ_MODELS.listings);
    expect(await listings.findOne({ _id: 'l1' })).toMatchObject({
      seller_rating_sum: 5,
      seller_rating_count: 1,
    });
    // Then 2 stars changed to 4: every listing of theirs follows; someone else's review does not.
    await applyAll(set.all, side, history.slice(3));
    for (const id of ['l1', 'l2'])
      expect(await listings.findOne({ _id: id })).toMatchObject({
        seller_rating_sum: 9,
        seller_rating_count: 2,
      });
    const found = await side
      .searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products)
      .search({ filter: { seller_id: 'seller-1' } });
    expect(found.hits.map((h) => [h.id, h.seller_rating_sum, h.seller_rating_count])).toEqual(
      expect.arrayContaining([['l1', 9, 2]]),
    );
  });

  it("stores a new listing's parts once, frozen, shared by its document and its search document", async () => {
    const set = createProjectors({ collectionsDelayMs: 0 });
    const side = await freshReadSide(set.all);
    await applyAll(set.all, side, [
      listingCreated('l9', { gallery: ['https://img.example/back.jpg'] }),
    ]);
    const stored = await side
      .collection<ListingDoc>(READ_MODELS.listings)
      .findOne({ _id: 'l9' }, { readonly: true });
    const { hits } = await side
      .searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products)
      .search({ filter: { seller_id: 'seller-1' } });
    const indexed = hits.find((h) => h.id === 'l9')!;
    for (const part of [
      'gallery',
      'condition_ids',
      'conditions',
      'size_ids',
      'sizes',
      'color_ids',
      'colors',
    ] as const) {
      expect(Object.isFrozen(stored![part])).toBe(true);
      expect(indexed[part]).toBe(stored![part]);
    }
  });

  it('recomputes the algorithmic collections after the throttle delay', async () => {
    const set = createProjectors({ collectionsDelayMs: 50 });
    const side = await freshReadSide(set.all);
    await applyAll(set.all, side, history);
    const collections = side.collection(READ_MODELS.algorithmicCollections);
    expect(await collections.count({})).toBe(0);
    await new Promise((r) => setTimeout(r, 120));
    await set.catalogue.flush();
    expect((await collections.findOne({ _id: 'trending_hits' }))!.products).toEqual([
      { product_id: 'l1', score: expect.any(Number) },
      { product_id: 'l2', score: expect.any(Number) },
    ]);
    expect(await collections.findOne({ _id: 'featured' })).toMatchObject({
      updated: '2026-03-01T12:00:00.000Z',
    });
  });

  it('a batch (beginBatch … afterBatch) leaves the same documents and index as event by event', async () => {
    const direct = createProjectors({ collectionsDelayMs: 0 });
    const batched = createProjectors({ collectionsDelayMs: 0 });
    const a = await freshReadSide(direct.all);
    const b = await freshReadSide(batched.all);
    await applyAll(direct.all, a, history);
    // Two batches, the second one re-delivering the whole history (a replay).
    for (const events of [history.slice(0, 5), history]) {
      batched.catalogue.beginBatch(b);
      await applyAll(batched.all, b, events);
      // Nothing of the batch's listings is written before its end.
      if (events.length === 5) expect(await b.collection(READ_MODELS.listings).count({})).toBe(0);
      await batched.catalogue.afterBatch(b);
    }
    await applyAll(batched.all, b, []);
    expect(await snapshot(b)).toEqual(await snapshot(a));
  });

  it('counts likes once per listing at the end of a batch, whatever came between them', async () => {
    const likes = (productId: string, users: string[]) =>
      users.map((userId) => envelope('WishlistItemAdded', { userId, productId }));
    const events: EventEnvelope[] = [
      // liked before it exists, then created, liked, un-liked and updated in the same batch
      ...likes('l9', ['u1', 'u2']),
      listingCreated('l9', { brandId: 'b-nike', title: 'Denim Jacket' }),
      ...likes('l9', ['u3', 'u4', 'u5']),
      envelope('ListingLiked', { listingId: 'l9', userId: 'u3' }),
      envelope('WishlistItemRemoved', { userId: 'u4', productId: 'l9' }),
      envelope('ListingUpdated', { listingId: 'l9', changes: { priceCents: 1234 } }),
      envelope('WishlistCleared', { userId: 'u5', productIds: ['l9'] }),
    ];
    const direct = createProjectors({ collectionsDelayMs: 0 });
    const batched = createProjectors({ collectionsDelayMs: 0 });
    const a = await freshReadSide(direct.all);
    const b = await freshReadSide(batched.all);
    await applyAll(direct.all, a, events);
    batched.catalogue.beginBatch(b);
    await applyAll(batched.all, b, events);
    await batched.catalogue.afterBatch(b);
    const listing = await b.collection<ListingDoc>(READ_MODELS.listings).findOne({ _id: 'l9' });
    // u1, u2 and u3 still count; u4 and u5 took theirs back
    expect(listing).toMatchObject({ num_likes: 3, price_cents: 1234 });
    const found = await b
      .searchIndex<ProductSearchDoc>(SEARCH_INDEXES.products)
      .search({ sort: [{ field: 'num_likes', order: 'desc' }], limit: 1 });
    expect(found.hits[0]).toMatchObject({ id: 'l9', num_likes: 3 });
    expect(await snapshot(b)).toEqual(await snapshot(a));
  });

  it('keeps one pending recomputation per target (a rebuild and the live generation)', async () => {
    const set = createProjectors({ collectionsDelayMs: 60_000 });
    const live = await freshReadSide(set.all);
    const rebuilt = await freshReadSide(set.all);
    // Interleaved as during a rebuild: the live target first, the rebuilt one last.
    for (const event of history) {
      await applyAll(set.all, live, [event]);
      await applyAll(set.all, rebuilt, [event]);
    }
    await set.catalogue.flush();
    for (const side of [live, rebuilt]) {
      const featured = await side
        .collection(READ_MODELS.algorithmicCollections)
        .findOne({ _id: 'featured' });
      expect(featured).toMatchObject({ updated: '2026-03-01T12:00:00.000Z' });
    }
  });

  it('a recomputation falling due while a batch writes its listings waits for them', async () => {
    const set = createProjectors({ collectionsDelayMs: 10 });
    const side = await freshReadSide(set.all);
    // Listings written slowly, as by a database under load: the delay passes mid-write.
    const slow: ReadSide = {
      collection: <T extends Doc = Doc>(name: string) => {
        const collection = side.collection<T>(name);
        if (name !== READ_MODELS.listings) return collection;
        return new Proxy(collection, {
          get: (target, key, receiver) =>
            key === 'put'
              ? async (...args: unknown[]) => {
                  await new Promise((r) => setTimeout(r, 40));
                  return (target.put as (...a: unknown[]) => Promise<unknown>)(...args);
                }
              : Reflect.get(target, key, receiver),
        });
      },
      searchIndex: (name) => side.searchIndex(name),
    };
    set.catalogue.beginBatch(slow);
    await applyAll(set.all, slow, history);
    await set.catalogue.afterBatch(slow);
    await set.catalogue.flush();
    const trending = await side
      .collection(READ_MODELS.algorithmicCollections)
      .findOne({ _id: 'trending_hits' });
    expect(trending!.products).toEqual([
      { product_id: 'l1', score: expect.any(Number) },
      { product_id: 'l2', score: expect.any(Number) },
    ]);
  });
});
