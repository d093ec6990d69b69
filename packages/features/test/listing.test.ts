/**
 * A listing's stream is folded by both sides (src/listing/domain.ts): the state the decider folds
 * and the document the projection keeps from the same events agree on what a buyer can order,
 * the price, the units sold and held, and whether it was deleted, after every step; and the
 * product a command answers with is the product a read shows.
 */
import { describe, expect, it } from 'vitest';
import { listingDecider, type ListingEvent } from '@rewear/features/listing/decider';
import {
  LISTING_EVENTS,
  availableStock,
  listingAnswer,
  type ListingState,
} from '@rewear/features/listing/domain';
import {
  isListed,
  isVisible,
  projectListing,
  sellerHiddenAfter,
  withHiddenReason,
  type ListingDoc,
  type ListingEnvelope,
} from '@rewear/features/listing/projection';
import { fromListing } from '@rewear/features/listing/queries';
import { delivered } from './support/delivered.ts';

const listingId = 'l1';
const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);
/** Before any reservation here expires: what the decider counts as held, the document holds. */
const NOW = new Date(T0 + 60_000);
const BRAND = "Levi's";

const created: ListingEvent = {
  type: 'ListingCreated',
  data: {
    listingId,
    sellerId: 'seller-1',
    sellerName: 'Sam Seller',
    sellerPhoto: null,
    createdAt: new Date(T0).toISOString(),
    stock: 3,
    title: 'Denim jacket',
    description: 'A well kept denim jacket with brass buttons.',
    priceCents: 4500,
    originalPriceCents: 9000,
    image: '/images/garments/outerwear/blue.svg',
    gallery: ['/images/garments/outerwear/blue.svg'],
    brandId: 'brand-levis',
    categoryId: 5,
    conditionIds: [3],
    sizeIds: [3],
    colorIds: [2],
  },
};
const updated = (
  changes: Extract<ListingEvent, { type: 'ListingUpdated' }>['data']['changes'],
): ListingEvent => ({ type: 'ListingUpdated', data: { listingId, changes } });
const reserved = (orderId: string, quantity: number): ListingEvent => ({
  type: 'StockReserved',
  data: { listingId, orderId, quantity, expiresAt: new Date(T0 + 3_600_000).toISOString() },
});
const released = (orderId: string, quantity: number): ListingEvent => ({
  type: 'StockReleased',
  data: { listingId, orderId, quantity, reason: 'payment_failed' },
});
const sold = (orderId: string, quantity: number): ListingEvent => ({
  type: 'StockSold',
  data: { listingId, orderId, quantity },
});
const returned = (orderId: string, quantity: number): ListingEvent => ({
  type: 'StockReturned',
  data: { listingId, orderId, quantity },
});
const deleted: ListingEvent = { type: 'ListingDeleted', data: { listingId } };

/** The stream's events as the store would deliver them, a second apart. */
const deliver = (events: ListingEvent[]) =>
  delivered<ListingEnvelope>(`listing-${listingId}`, events, (i) =>
    new Date(T0 + i * 1000).toISOString(),
  );

const SEQUENCES: Array<[string, ListingEvent[]]> = [
  ['a new listing', [created]],
  [
    'repriced, restocked and described anew',
    [created, updated({ priceCents: 3900 }), updated({ stock: 5, title: 'Denim jacket, blue' })],
  ],
  ['units held, then released', [created, reserved('o1', 2), released('o1', 2)]],
  ['units held, then sold', [created, reserved('o1', 1), reserved('o2', 1), sold('o1', 1)]],
  [
    'sold units returned by a cancelled shipment',
    [created, reserved('o1', 2), sold('o1', 2), returned('o1', 2)],
  ],
  [
    'restocked after a sale (the sold units come on top)',
    [created, reserved('o1', 2), sold('o1', 2), updated({ stock: 4 }), reserved('o2', 1)],
  ],
  ['sold out', [created, reserved('o1', 3), sold('o1', 3)]],
  ['deleted with units held', [created, reserved('o1', 1), deleted]],
];

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

/** What both sides must agree on, as the decider's state says it. */
const ofState = (state: ListingState) => ({
  available: availableStock(state, NOW),
  stocked: state.fields!.stock,
  priceCents: state.fields!.priceCents,
  sold: state.sold,
  held: sum(Object.values(state.reservations).map((r) => r.quantity)),
  deleted: state.deleted,
});

/** The same, as the listing's document says it. */
const ofDoc = (doc: ListingDoc) => ({
  available: isVisible(doc) ? doc.stock : 0,
  stocked: doc.stocked,
  priceCents: doc.price_cents,
  sold: sum(doc.holds.filter((h) => h.state === 'sold').map((h) => h.quantity)),
  held: sum(doc.holds.filter((h) => h.state === 'held').map((h) => h.quantity)),
  deleted: doc.deleted,
});

describe('listing: one fold of the stock for the decider and the projection', () => {
  it.each(SEQUENCES)('%s: the folded state and the projected document agree', (_, events) => {
    let state = listingDecider.initialState();
    let doc: ListingDoc | null = null;
    const envelopes = deliver(events);
    for (const [i, event] of events.entries()) {
      state = listingDecider.evolve(state, event);
      doc = projectListing(doc, envelopes[i]!, { brandName: BRAND });
      expect(ofDoc(doc!)).toEqual(ofState(state));
      if (state.deleted) continue;
      // The product a command answers with is the one a read shows (a read adds the likes, and
      // the seller's rating and badges, none here).
      const { sellerRating: _, sellerBadges: _badges, ...read } = fromListing(doc!);
      expect(read).toEqual(listingAnswer(state, BRAND, NOW));
    }
  });

  it("a redelivered stock event changes neither side's count", () => {
    const events = [created, reserved('o1', 2), sold('o1', 2)];
    const envelopes = deliver(events);
    let doc: ListingDoc | null = null;
    for (const envelope of [...envelopes, envelopes[1]!, envelopes[2]!])
      doc = projectListing(doc, envelope, { brandName: BRAND });
    const state = events.reduce(listingDecider.evolve, listingDecider.initialState());
    expect(ofDoc(doc!)).toEqual(ofState(state));
  });

  it('covers every listing event', () => {
    const events = SEQUENCES.flatMap(([, sequence]) => sequence);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(LISTING_EVENTS));
  });
});

describe('listing: hidden by a moderator, a suspension or a holiday, each cause on its own', () => {
  const [createdEnvelope] = delivered<ListingEnvelope>(`listing-${listingId}`, [created], () =>
    new Date(T0).toISOString(),
  );
  const listed = projectListing(null, createdEnvelope!, { brandName: BRAND })!;

  it('leaves the catalogue while any cause holds, and detail only for a removal or a suspension', () => {
    expect(isListed(listed)).toBe(true);
    const away = withHiddenReason(listed, 'holiday', true);
    expect([isListed(away), isVisible(away)]).toEqual([false, true]);
    const removed = withHiddenReason(away, 'removed', true);
    expect(removed.hidden_by).toEqual(['removed', 'holiday']);
    expect([isListed(removed), isVisible(removed)]).toEqual([false, false]);
    // The holiday ending does not show a listing a moderator removed.
    const back = withHiddenReason(removed, 'holiday', false);
    expect([isListed(back), isVisible(back)]).toEqual([false, false]);
    const reinstated = withHiddenReason(back, 'removed', false);
    expect([isListed(reinstated), isVisible(reinstated)]).toEqual([true, true]);
  });

  it('keeps the same document when nothing changes, and one order of causes whatever the order of events', () => {
    expect(withHiddenReason(listed, 'removed', false)).toBe(listed);
    const a = withHiddenReason(withHiddenReason(listed, 'holiday', true), 'suspended', true);
    const b = withHiddenReason(withHiddenReason(listed, 'suspended', true), 'holiday', true);
    expect(a.hidden_by).toEqual(b.hidden_by);
    expect(sellerHiddenAfter(['holiday'], 'suspended', true)).toEqual(['suspended', 'holiday']);
    expect(sellerHiddenAfter(['suspended', 'holiday'], 'suspended', false)).toEqual(['holiday']);
  });

  it('hides a listing created while its seller is away or suspended', () => {
    const doc = projectListing(null, createdEnvelope!, {
      brandName: BRAND,
      sellerHidden: ['holiday'],
    })!;
    expect(doc.hidden_by).toEqual(['holiday']);
    expect(isListed(doc)).toBe(false);
  });

  it('shows documents written before there were causes (no hidden_by)', () => {
    const { hidden_by: _unused, ...older } = listed;
    expect(isListed(older as ListingDoc)).toBe(true);
  });
});
