/**
 * A seller's badges (the badges module's rules) kept per seller (`seller_badges`) and carried
 * onto their listings, so cards, search results and the product page show them without another
 * read. Shipments change the figures; so do the reviews the seller receives (their rating, which
 * the ratings job keeps first).
 */
import type { Doc } from '@rewear/platform';
import {
  badgeFigures,
  badgesOf,
  sameBadges,
  shipmentsAfter,
  type BadgeShipment,
  type BadgeShipmentEvent,
} from '../../badges/domain.ts';
import type { ListingDoc } from './documents.ts';
import type { ListingWrites } from './writes.ts';

export { BADGE_SHIPMENT_EVENTS as SELLER_BADGE_EVENTS } from '../../badges/domain.ts';
export type { BadgeShipmentEvent as SellerBadgeEvent } from '../../badges/domain.ts';

/** One seller's shipments as the badges follow them, and the badges they earn now. */
export interface SellerBadgesDoc extends Doc {
  _id: string;
  shipments: BadgeShipment[];
  badges: string[];
}

export const emptySellerBadges = (sellerId: string): SellerBadgesDoc => ({
  _id: sellerId,
  shipments: [],
  badges: [],
});

/** The badges a listing carries (none on documents written before there were any). */
export const sellerBadgesOf = (doc: { seller_badges?: readonly string[] }): readonly string[] =>
  doc.seller_badges ?? [];

/** Pure: `doc` carrying `badges`; the same document when it already does. */
export function withSellerBadges(doc: ListingDoc, badges: readonly string[]): ListingDoc {
  if (sameBadges(sellerBadgesOf(doc), badges)) return doc;
  return { ...doc, seller_badges: [...badges] };
}

/** The seller's document recomputed with their rating now; the same one when nothing moved. */
async function recomputed(doc: SellerBadgesDoc, writes: ListingWrites): Promise<SellerBadgesDoc> {
  const rating = await writes.rating(doc._id);
  const badges = badgesOf(
    badgeFigures(doc.shipments, { sum: rating?.rating_sum ?? 0, count: rating?.rating_count ?? 0 }),
  );
  return sameBadges(doc.badges, badges) ? doc : { ...doc, badges };
}

async function store(
  current: SellerBadgesDoc | null,
  next: SellerBadgesDoc,
  writes: ListingWrites,
): Promise<void> {
  if (next !== current) await writes.putSellerBadges(next);
  if (current && sameBadges(current.badges, next.badges)) return;
  const stale = await writes.ofSeller(
    next._id,
    (doc) => withSellerBadges(doc, next.badges) !== doc,
  );
  await writes.put(stale.map((doc) => withSellerBadges(doc, next.badges)));
}

/** The catalogue's badges job for a shipment's event: the seller's figures, then their listings. */
export async function sellerBadgesJob(
  event: BadgeShipmentEvent,
  writes: ListingWrites,
): Promise<void> {
  const current =
    event.type === 'ShipmentOpened'
      ? await writes.sellerBadges(event.data.sellerId)
      : await writes.sellerBadgesOfShipment(event.data.shipmentId);
  if (!current && event.type !== 'ShipmentOpened') return;
  const base = current ?? emptySellerBadges((event as EnvelopeOpened).data.sellerId);
  const shipments = shipmentsAfter(base.shipments, event);
  if (shipments === base.shipments && current) return;
  const next = await recomputed({ ...base, shipments: [...shipments] }, writes);
  await store(current, next, writes);
}

type EnvelopeOpened = Extract<BadgeShipmentEvent, { type: 'ShipmentOpened' }>;

/** A seller's rating changed (the ratings job wrote it): their badges again. */
export async function sellerBadgesRatingJob(
  sellerId: string,
  writes: ListingWrites,
): Promise<void> {
  const current = await writes.sellerBadges(sellerId);
  const base = current ?? emptySellerBadges(sellerId);
  const next = await recomputed(base, writes);
  if (!current && next.badges.length === 0) return;
  await store(current, next, writes);
}
