/** Saved-search and price-drop alerts, through the inbox projector on the in-memory engine. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryReadModelStore, type Projector, type ReadSide } from '@rewear/platform';
import type { SavedSearchQuery } from '@rewear/contracts';
import {
  READ_MODELS,
  inboxProjector,
  priceDropNotifier,
  savedSearchNotifier,
  type InboxDoc,
  type Notifier,
  type SavedSearchDoc,
  type LikeEvent,
  withLikeEvent,
} from '../src/index.ts';
import { envelope, listingCreated } from './events.ts';

const query = (fields: Partial<SavedSearchQuery>): SavedSearchQuery => ({
  q: '',
  category: null,
  brand: null,
  size: null,
  color: null,
  condition: null,
  minPriceCents: null,
  maxPriceCents: null,
  ...fields,
});

let store: ReturnType<typeof createMemoryReadModelStore>;
let side: ReadSide;
let projector: Projector;
let version = 0;

beforeEach(() => {
  store = createMemoryReadModelStore();
  side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
  projector = inboxProjector([savedSearchNotifier as Notifier, priceDropNotifier as Notifier]);
});

const apply = (event: Parameters<Projector['apply']>[0]) => projector.apply(event, side);
const inbox = () => store.collection<InboxDoc>(READ_MODELS.inbox).find({}, { sort: { _id: 1 } });
const search = (id: string) =>
  store.collection<SavedSearchDoc>(READ_MODELS.savedSearches).findOne({ _id: id });

const saved = (userId: string, searchId: string, name: string, q: Partial<SavedSearchQuery>) =>
  envelope(
    'SearchSaved',
    { userId, searchId, name, query: query(q), savedAt: '2026-03-01T10:00:00.000Z' },
    { streamId: `searches-${userId}`, streamVersion: ++version },
  );

describe('saved-search alerts', () => {
  it('leaves out a listing created while its seller is away, and alerts again once they are back', async () => {
    const days = { uid: 'seller-1', from: '2026-03-01', until: '2026-03-10' };
    await apply(saved('buyer-1', 's1', 'Denim', { q: 'denim' }));
    await apply(envelope('HolidayModeStarted', { ...days, startedAt: '2026-03-01T00:00:00.000Z' }));
    await apply(listingCreated('l1', { title: 'Denim jacket' }));
    expect(await inbox()).toEqual([]);
    expect((await search('s1'))?.new_listing_ids).toEqual([]);
    await apply(
      envelope('HolidayModeEnded', {
        uid: 'seller-1',
        why: 'ended',
        endedAt: '2026-03-10T00:00:00.000Z',
      }),
    );
    await apply(listingCreated('l2', { title: 'Denim skirt' }));
    expect((await inbox()).map((doc) => doc.link)).toEqual(['/products/l2']);
  });

  it('alerts the owner of a matching search, counts the match once, and forgets it when opened', async () => {
    await apply(envelope('BrandCreated', { brandId: 'brand-levis', name: "Levi's", image: null }));
    await apply(saved('buyer-1', 's1', 'Denim under $50', { q: 'denim', maxPriceCents: 5000 }));
    await apply(
      saved('buyer-2', 's2', "Levi's outerwear", { brand: "levi's", category: 'Outerwear' }),
    );
    await apply(saved('buyer-3', 's3', 'Dresses', { category: 'Dresses' }));
    const created = listingCreated('l1', { title: 'Denim jacket' });
    await apply(created);
    await apply(created); // redelivered

    expect(await inbox()).toEqual([
      {
        _id: 'listing-l1:1:buyer-1',
        recipient_id: 'buyer-1',
        kind: 'saved_search_match',
        text: 'New for your saved search “Denim under $50”: Denim jacket, $45.00',
        link: '/products/l1',
        at: '2026-03-01T12:00:00.000Z',
      },
      expect.objectContaining({ _id: 'listing-l1:1:buyer-2', recipient_id: 'buyer-2' }),
    ]);
    expect((await search('s1'))?.new_listing_ids).toEqual(['l1']);
    expect((await search('s3'))?.new_listing_ids).toEqual([]);

    await apply(
      envelope(
        'SavedSearchOpened',
        { userId: 'buyer-1', searchId: 's1', openedAt: '2026-03-01T13:00:00.000Z' },
        { streamId: 'searches-buyer-1', streamVersion: ++version },
      ),
    );
    expect(await search('s1')).toMatchObject({
      new_listing_ids: [],
      last_opened_at: '2026-03-01T13:00:00.000Z',
    });
  });

  it("does not alert a seller of their own listing, nor a deleted search's owner", async () => {
    await apply(saved('seller-1', 's1', 'Jackets', { q: 'jacket' }));
    await apply(saved('buyer-1', 's2', 'Jackets', { q: 'jacket' }));
    await apply(
      envelope(
        'SavedSearchDeleted',
        { userId: 'buyer-1', searchId: 's2' },
        { streamId: 'searches-buyer-1', streamVersion: ++version },
      ),
    );
    await apply(listingCreated('l2', { sellerId: 'seller-1', title: 'Wool jacket' }));
    expect(await inbox()).toEqual([]);
    expect(await search('s2')).toBeNull();
  });

  it('sends one alert to an owner whose two searches match', async () => {
    await apply(saved('buyer-1', 's1', 'Denim', { q: 'denim' }));
    await apply(saved('buyer-1', 's2', 'Blue', { color: 'blue' }));
    await apply(listingCreated('l3', { title: 'Denim skirt' }));
    const docs = await inbox();
    expect(docs).toHaveLength(1);
    expect(docs[0]!.text).toBe('New for your saved search “Denim”, “Blue”: Denim skirt, $45.00');
  });
});

describe('price-drop alerts', () => {
  const updated = (changes: { priceCents?: number; title?: string }, streamVersion: number) =>
    envelope(
      'ListingUpdated',
      { listingId: 'l1', changes },
      { streamId: 'listing-l1', streamVersion },
    );

  it('tells everyone who liked the listing the old and the new price, when it goes down', async () => {
    await apply(listingCreated('l1', { title: 'Silk dress', priceCents: 5000 }));
    await apply(envelope('ListingLiked', { listingId: 'l1', userId: 'fan-1' }));
    await apply(envelope('WishlistItemAdded', { userId: 'fan-2', productId: 'l1' }));
    await apply(envelope('WishlistItemAdded', { userId: 'gone', productId: 'l1' }));
    await apply(envelope('WishlistItemRemoved', { userId: 'gone', productId: 'l1' }));

    await apply(updated({ priceCents: 6000 }, 2)); // up: nothing
    expect(await inbox()).toEqual([]);
    await apply(updated({ priceCents: 4000 }, 3));
    expect(await inbox()).toEqual([
      {
        _id: 'listing-l1:3:fan-1',
        recipient_id: 'fan-1',
        kind: 'price_drop',
        text: 'Price drop: “Silk dress” is now $40.00 (was $60.00)',
        link: '/products/l1',
        at: '2026-03-01T12:00:00.000Z',
      },
      expect.objectContaining({ _id: 'listing-l1:3:fan-2', recipient_id: 'fan-2' }),
    ]);
  });

  it('keeps a like that arrives before its listing (another stream, another partition)', async () => {
    await apply(envelope('WishlistItemAdded', { userId: 'early-fan', productId: 'l1' }));
    await apply(listingCreated('l1', { title: 'Silk dress', priceCents: 5000 }));
    await apply(updated({ priceCents: 4000 }, 2));
    expect(await inbox()).toEqual([
      expect.objectContaining({
        recipient_id: 'early-fan',
        text: 'Price drop: “Silk dress” is now $40.00 (was $50.00)',
      }),
    ]);
  });

  it('says nothing of a title change, nor to a liker who cleared their wishlist', async () => {
    await apply(listingCreated('l1', { title: 'Silk dress', priceCents: 5000 }));
    await apply(envelope('WishlistItemAdded', { userId: 'fan-1', productId: 'l1' }));
    await apply(updated({ title: 'Silk midi dress' }, 2));
    await apply(envelope('WishlistCleared', { userId: 'fan-1', productIds: ['l1'] }));
    await apply(updated({ priceCents: 100 }, 3));
    expect(await inbox()).toEqual([]);
  });
});

describe('withLikeEvent', () => {
  it('keeps the likers in one order whatever order their likes arrive in (a replay equals the live document)', () => {
    const added = (userId: string) =>
      envelope('WishlistItemAdded', { userId, productId: 'p-1' }) as LikeEvent;
    const likersAfter = (users: string[]) =>
      users.reduce<ReturnType<typeof withLikeEvent>>(
        (likers, user) => withLikeEvent(likers, added(user), 'p-1', user),
        [],
      );
    expect(likersAfter(['u-3', 'u-1', 'u-2'])).toEqual(likersAfter(['u-2', 'u-3', 'u-1']));
    expect(likersAfter(['u-3', 'u-1', 'u-2']).map((liker) => liker.user_id)).toEqual([
      'u-1',
      'u-2',
      'u-3',
    ]);
  });
});
