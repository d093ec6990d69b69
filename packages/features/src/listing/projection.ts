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
 * - `sellerBadgesJob`: a seller's badges from their shipments and ratings, onto their listings
 *   (projection/seller-badges.ts)
 *
 * Each job loads the current documents, calls a pure projection and writes the result, so a
 * redelivery changes nothing.
 */
import { BRAND_EVENTS, LIKE_EVENTS, LISTING_EVENTS } from './domain.ts';
import { SELLER_RATING_EVENTS } from '../review/projection.ts';
import { SELLER_BADGE_EVENTS } from './projection/seller-badges.ts';

/** The holiday's facts that hide a seller's listings and show them again (sellerHiddenJob). */
export const HOLIDAY_VISIBILITY_EVENTS = ['HolidayModeStarted', 'HolidayModeEnded'] as const;

export * from './projection/documents.ts';
export * from './projection/listings.ts';
export * from './projection/brands.ts';
export * from './projection/likes.ts';
export * from './projection/seller-ratings.ts';
export * from './projection/search-sync.ts';
export * from './projection/writes.ts';
export * from './projection/visibility.ts';
export * from './projection/seller-badges.ts';
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

/**
 * Everything the catalogue projects: listings, brands, likes, the sellers' ratings and badges,
 * the holidays and the moderation decisions that hide a seller's listings or one listing.
 */
export const CATALOGUE_EVENTS = [
  ...LISTING_EVENTS,
  // A seller's account deleted: their name on their listings erased (sellerErasedJob).
  'AccountDeleted',
  ...BRAND_EVENTS,
  ...LIKE_EVENTS,
  ...SELLER_RATING_EVENTS,
  ...HOLIDAY_VISIBILITY_EVENTS,
  ...SELLER_BADGE_EVENTS,
  ...MODERATION_VISIBILITY_EVENTS,
] as const;
