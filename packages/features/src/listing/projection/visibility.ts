/**
 * Listings hidden and shown again: a moderator's removal of one listing, and the causes that are
 * the seller's (a suspension, holiday mode) carried onto every listing of theirs and onto those
 * they create later (`seller_visibility`). The features that decide them (moderation, holiday
 * mode) call these jobs from the catalogue projector with their events.
 */
import { ERASED } from '@rewear/contracts';
import type { SellerHiddenReason } from './documents.ts';
import { withHiddenReason } from './listings.ts';
import type { ListingWrites } from './writes.ts';

/** A moderator's removal of a listing (`hidden`), or its reinstatement. */
export async function listingRemovedJob(
  listingId: string,
  hidden: boolean,
  writes: ListingWrites,
): Promise<void> {
  const current = await writes.get(listingId);
  if (!current) return;
  const next = withHiddenReason(current, 'removed', hidden);
  if (next !== current) await writes.put([next]);
}

/** Pure: the seller's causes after `reason` is set (`hidden`) or cleared, in a fixed order. */
export function sellerHiddenAfter(
  current: readonly SellerHiddenReason[],
  reason: SellerHiddenReason,
  hidden: boolean,
): SellerHiddenReason[] {
  const next = hidden ? [...current, reason] : current.filter((r) => r !== reason);
  return (['suspended', 'holiday'] as const).filter((r) => next.includes(r));
}

/** A cause of the seller's set or cleared: on their visibility document and every listing of theirs. */
export async function sellerHiddenJob(
  sellerId: string,
  reason: SellerHiddenReason,
  hidden: boolean,
  writes: ListingWrites,
): Promise<void> {
  const current = (await writes.sellerVisibility(sellerId))?.hidden_by ?? [];
  const next = sellerHiddenAfter(current, reason, hidden);
  if (next.length !== current.length) {
    await writes.putSellerVisibility({ _id: sellerId, hidden_by: next });
  }
  const stale = await writes.ofSeller(
    sellerId,
    (doc) => withHiddenReason(doc, reason, hidden) !== doc,
  );
  await writes.put(stale.map((doc) => withHiddenReason(doc, reason, hidden)));
}

/**
 * A seller deleted their account: their name and photo on their listings (all deleted with it)
 * read as a rebuild reads them once their key is gone.
 */
export async function sellerErasedJob(sellerId: string, writes: ListingWrites): Promise<void> {
  const stale = await writes.ofSeller(
    sellerId,
    (doc) => doc.seller_name !== ERASED.name || doc.seller_photo !== null,
  );
  await writes.put(stale.map((doc) => ({ ...doc, seller_name: ERASED.name, seller_photo: null })));
}
