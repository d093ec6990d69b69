/**
 * The one check every command a suspended or banned member may not make goes through (listing,
 * buying, offers, messages): their standing stream's sanction in force, refused with 403, the
 * reason and the end date (docs/product.md, "Reports and moderation").
 */
import { HttpError } from '@rewear/platform';
import { sanctionAt, sanctionMessage, type Sanction } from '@rewear/features/moderation/domain';
import type { CommandServices } from '../shared/services.ts';
import { listings } from '../listing/aggregate.ts';
import { cases, standings } from './aggregate.ts';

/** The sanction that holds on `uid` now, if any. */
export async function sanctionOf(services: CommandServices, uid: string): Promise<Sanction | null> {
  const { state } = await standings.load(services.aggregates, uid);
  return sanctionAt(state, services.now().getTime());
}

/** 403 with the reason and the end date when `uid` is suspended or banned now. */
export async function requireGoodStanding(services: CommandServices, uid: string): Promise<void> {
  const sanction = await sanctionOf(services, uid);
  if (!sanction) return;
  throw new HttpError(403, sanctionMessage(sanction), {
    status: sanction.status,
    until: sanction.until,
    decisionId: sanction.decisionId,
  });
}

/** What the routes that check it document for 403. */
export const SANCTIONED =
  'The member is suspended or banned: "Your account is suspended until {date}: {why}. ..." (details: { status, until, decisionId })';

/**
 * 404 'Product not found' for a listing a moderator removed, or whose seller is suspended or
 * banned now: hidden from everyone, it is not bought, added to a cart, offered on or written
 * about, as its product page answers 404.
 */
export async function requireListingShown(
  services: CommandServices,
  listingId: string,
): Promise<void> {
  const [{ state: listing }, { state: reported }] = await Promise.all([
    listings.load(services.aggregates, listingId),
    cases.load(services.aggregates, `listing.${listingId}`),
  ]);
  const sellerId = listing.fields?.sellerId;
  if (reported.listingRemoved || (sellerId && (await sanctionOf(services, sellerId))))
    throw new HttpError(404, 'Product not found');
}
