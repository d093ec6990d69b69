/**
 * A wishlist's steps are written once (src/wishlist/domain.ts): the list the decider folds and
 * the item documents the projection keeps from the same events hold the same products after
 * every step, and the query's newest-first order is the decider's order reversed.
 */
import { describe, expect, it } from 'vitest';
import type { ListingDoc } from '@rewear/features/listing/projection';
import { wishlistDecider } from '@rewear/features/wishlist/decider';
import { WISHLIST_EVENTS, type WishlistEvent } from '@rewear/features/wishlist/domain';
import {
  projectWishlistItem,
  wishlistItemIds,
  type WishlistEnvelope,
  type WishlistItemDoc,
} from '@rewear/features/wishlist/projection';
import { wishlistView } from '@rewear/features/wishlist/queries';
import { delivered } from './support/delivered.ts';

const added = (productId: string): WishlistEvent => ({
  type: 'WishlistItemAdded',
  data: { userId: 'u1', productId },
});
const removed = (productId: string): WishlistEvent => ({
  type: 'WishlistItemRemoved',
  data: { userId: 'u1', productId },
});
const cleared = (...productIds: string[]): WishlistEvent => ({
  type: 'WishlistCleared',
  data: { userId: 'u1', productIds },
});

/** The stream's events as the store would deliver them, a second apart. */
const envelopes = (events: WishlistEvent[]) =>
  delivered<WishlistEnvelope>('wishlist-u1', events, (i) =>
    new Date(Date.UTC(2026, 2, 1, 12, 0, i)).toISOString(),
  );

/** What the documentProjector does: evolve each document the event names, drop it on null. */
function project(docs: Map<string, WishlistItemDoc>, event: WishlistEnvelope) {
  for (const id of wishlistItemIds(event)) {
    const next = projectWishlistItem(docs.get(id) ?? null, event);
    if (next) docs.set(id, next);
    else docs.delete(id);
  }
}

/** The query's order: newest first. */
const newestFirst = (docs: Map<string, WishlistItemDoc>) =>
  [...docs.values()].sort((a, b) => b.added_at.localeCompare(a.added_at));

const SEQUENCES: Array<[string, WishlistEvent[]]> = [
  ['one product', [added('p1')]],
  ['three products, one removed', [added('p1'), added('p2'), added('p3'), removed('p2')]],
  ['a product removed and added again', [added('p1'), added('p2'), removed('p1'), added('p1')]],
  ['cleared, then a product added', [added('p1'), added('p2'), cleared('p1', 'p2'), added('p3')]],
];

describe('wishlist: one set of steps for the decider and the projection', () => {
  it.each(SEQUENCES)('%s: the folded list and the item documents agree', (_, events) => {
    let state = wishlistDecider.initialState();
    const docs = new Map<string, WishlistItemDoc>();
    const delivered = envelopes(events);
    for (const [i, event] of events.entries()) {
      state = wishlistDecider.evolve(state, event);
      project(docs, delivered[i]!);
      expect(newestFirst(docs).map((doc) => doc.product_id)).toEqual(
        [...state.productIds].reverse(),
      );
    }
    // The last event redelivered leaves the documents as they are.
    const before = new Map(docs);
    project(docs, delivered.at(-1)!);
    expect(docs).toEqual(before);
  });

  it('covers every wishlist event', () => {
    const types = SEQUENCES.flatMap(([, events]) => events.map((e) => e.type));
    expect(new Set(types)).toEqual(new Set(WISHLIST_EVENTS));
  });

  it('shows only the items whose listing is visible', () => {
    const docs = new Map<string, WishlistItemDoc>();
    for (const event of envelopes([added('p1'), added('p2')])) project(docs, event);
    const listing = {
      title: 'Coat',
      image: 'c.jpg',
      brand_name: 'B',
      price_cents: 1250,
      original_price_cents: null,
      conditions: [],
      sizes: [],
      created_at: '2026-01-01T00:00:00.000Z',
    };
    // Only the fields the view reads; p2's listing was deleted.
    const listings = new Map([
      ['p1', { ...listing, deleted: false }],
      ['p2', { ...listing, deleted: true }],
    ]) as unknown as Map<string, ListingDoc>;
    expect(
      wishlistView(newestFirst(docs), listings).map((item) => [item.product_id, item.price]),
    ).toEqual([['p1', 12.5]]);
  });
});
