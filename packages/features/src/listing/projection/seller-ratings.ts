/**
 * A seller's rating carried onto their listings. The rating is the review feature's (its
 * document and fold); the catalogue keeps it beside the listings it writes.
 */
import {
  emptySellerRating,
  projectSellerRating,
  type SellerRatingEvent,
} from '../../review/projection.ts';
import { withSellerRating } from './listings.ts';
import type { ListingWrites } from './writes.ts';

/** The catalogue's seller ratings job: a review changes its subject's rating, and with it every listing of theirs. */
export async function sellerRatingsJob(
  event: SellerRatingEvent,
  writes: ListingWrites,
): Promise<void> {
  const sellerId = event.data.subjectId;
  const current = (await writes.rating(sellerId)) ?? emptySellerRating(sellerId);
  const next = projectSellerRating(current, event);
  if (next === current) return;
  await writes.putRating(next);
  const stale = await writes.staleForSeller(sellerId, next.rating_sum, next.rating_count);
  await writes.put(stale.map((doc) => withSellerRating(doc, next.rating_sum, next.rating_count)));
}
