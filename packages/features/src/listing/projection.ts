/**
 * The listing's read face: the catalogue's read models (listings, brands, likes, the `products`
 * search index) with their document types, and the jobs the catalogue projector composes, one
 * per kind of event, over one `ListingWrites` (the batch's write cache):
 *
 * - `listingsJob`: a listing's events onto its document (projection/listings.ts)
 * - `brandsJob`: a brand's document, and its name onto its listings (projection/brands.ts)
 * - `likesJob`: a user's like of a listing, and the listing's count (projection/likes.ts)
 * - `sellerRatingsJob`: the review feature's rating onto a seller's listings (projection/seller-ratings.ts)
 * - `syncSearch`: the listings written into the search index (projection/search-sync.ts)
 * - `listingRemovedJob`, `sellerHiddenJob`: listings hidden and shown again by a moderator's
 *   decision or the seller's holiday (projection/visibility.ts)
 *
 * Each job loads the current documents, calls a pure projection and writes the result, so a
 * redelivery changes nothing.
 */
import { BRAND_EVENTS, LIKE_EVENTS, LISTING_EVENTS } from './domain.ts';
import { SELLER_RATING_EVENTS } from '../review/projection.ts';

export * from './projection/documents.ts';
export * from './projection/listings.ts';
export * from './projection/brands.ts';
export * from './projection/likes.ts';
export * from './projection/seller-ratings.ts';
export * from './projection/search-sync.ts';
export * from './projection/writes.ts';
export * from './projection/visibility.ts';
export { BRAND_EVENTS, LIKE_EVENTS, LISTING_EVENTS } from './domain.ts';

/**
 * The moderation events that hide listings or show them again (docs/product.md, "Reports and
 * moderation"): a listing removed by a decision and reinstated on appeal; a seller suspended or
 * banned, and the sanction lifted.
 */
export const MODERATION_VISIBILITY_EVENTS = [
  'ModerationDecided',
  'AppealDecided',
  'MemberSuspended',
  'MemberBanned',
  'SanctionLifted',
] as const;

/** Everything the catalogue projects: listings, brands, likes, the sellers' ratings, moderation. */
export const CATALOGUE_EVENTS = [
  ...LISTING_EVENTS,
  ...BRAND_EVENTS,
  ...LIKE_EVENTS,
  ...SELLER_RATING_EVENTS,
  ...MODERATION_VISIBILITY_EVENTS,
] as const;
