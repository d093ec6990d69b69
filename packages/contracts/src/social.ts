/**
 * Follows of sellers and saved searches (docs/product.md §14): request bodies and what the
 * query side answers. Prices are dollars at the API edge, cents in events and read models.
 */
import { z } from 'zod';
import { dollarAmount, idParam } from './requests.ts';
import type * as answers from './answers.ts';

/** At most this many saved searches per user: each is matched against every new listing. */
export const MAX_SAVED_SEARCHES = 50;
/** New matches counted per saved search until it is opened (shown as "50+" beyond). */
export const SAVED_SEARCH_NEW_MATCHES_KEPT = 50;

export const sellerParams = z.object({ uid: idParam });
/** A member named in a path (blocks). */
export const memberParams = z.object({ uid: idParam });
export const savedSearchParams = z.object({ id: idParam });

const filterName = z.string().trim().max(100).optional();

/** Body of POST /api/saved-searches: the catalogue query as the catalogue's address holds it. */
export const saveSearchBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the search a name')
    .max(80, 'A name has at most 80 characters'),
  query: z.object({
    q: z.string().trim().max(200).optional(),
    category: filterName,
    brand: filterName,
    size: filterName,
    color: filterName,
    condition: filterName,
    minPrice: dollarAmount.optional(),
    maxPrice: dollarAmount.optional(),
  }),
});
export type SaveSearchBody = z.infer<typeof saveSearchBody>;

/** GET /api/sellers/{uid}/follow: how many follow the seller, and whether the caller does. */
export type FollowStatus = z.output<typeof answers.followStatusAnswer>;

/** GET /api/follows/listings: the newest listings of the sellers the signed-in user follows. */
export type FollowedListings = z.output<typeof answers.followedListingsAnswer>;

/** A saved query as the client reads it (prices in dollars; null: not set). */
export type SavedSearchQueryView = z.output<typeof answers.savedSearchQueryViewAnswer>;

/** GET /api/saved-searches: one of the signed-in user's saved searches. */
export type SavedSearchView = z.output<typeof answers.savedSearchViewAnswer>;

/** GET /api/blocks: the members the signed-in user blocks, most recently blocked first. */
export type BlockedMembers = z.output<typeof answers.blockedMembersAnswer>;

/** GET /api/members/{uid}/block: whether the caller blocks the member. */
export type BlockStatus = z.output<typeof answers.blockStatusAnswer>;
