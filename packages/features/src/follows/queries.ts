/**
 * Follows' query face (docs/product.md §14): a seller's follower count and whether one user
 * follows them, and the newest listings for sale of the sellers a user follows. A follow between
 * two members in a block (either way, §14.4) is not counted nor shown while the block holds.
 */
import type { FollowStatus } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { HIDDEN_REASONS, isListed, type ListingDoc } from '../listing/projection.ts';
import { blockedEitherWay } from '../blocks/queries.ts';
import { followId } from './domain.ts';
import type { FollowDoc } from './projection.ts';

/** More sellers than this are not read for one row: the row shows a dozen listings at most. */
export const FOLLOWED_SELLERS_READ = 500;

const followsOf = (side: ReadSide) => side.collection<FollowDoc>(READ_MODELS.follows);

/** A seller's follower count, and whether `uid` (when signed in) follows them. */
export async function followStatus(
  side: ReadSide,
  sellerId: string,
  uid: string | undefined,
): Promise<FollowStatus> {
  const blocked = await blockedEitherWay(side, sellerId);
  const [followerCount, mine] = await Promise.all([
    followsOf(side).count(
      blocked.size === 0
        ? { seller_id: sellerId }
        : { seller_id: sellerId, follower_id: { $nin: [...blocked] } },
    ),
    uid && !blocked.has(uid)
      ? followsOf(side).findOne({ _id: followId(uid, sellerId) }, { readonly: true })
      : null,
  ]);
  return { sellerId, followerCount, following: mine !== null };
}

/**
 * The sellers `uid` follows (most recently followed first, at most FOLLOWED_SELLERS_READ; none
 * in a block with them) and the newest visible listings in stock among theirs.
 */
export async function followedListings(
  side: ReadSide,
  uid: string,
  limit: number,
): Promise<{ followingCount: number; listings: ListingDoc[] }> {
  const blocked = await blockedEitherWay(side, uid);
  const followed = await followsOf(side).find(
    blocked.size === 0
      ? { follower_id: uid }
      : { follower_id: uid, seller_id: { $nin: [...blocked] } },
    { sort: { followed_at: -1 }, limit: FOLLOWED_SELLERS_READ, readonly: true },
  );
  if (followed.length === 0) return { followingCount: 0, listings: [] };
  const listings = await side.collection<ListingDoc>(READ_MODELS.listings).find(
    {
      seller_id: { $in: followed.map((follow) => follow.seller_id) },
      deleted: false,
      stock: { $gt: 0 },
      hidden_by: { $nin: [...HIDDEN_REASONS] },
    },
    { sort: { created_at: -1 }, limit, readonly: true },
  );
  return { followingCount: followed.length, listings: listings.filter(isListed) };
}
