/**
 * Response shapes of the HTTP API (docs/product.md §3, §7), shared by query-api, command-api and the client.
 * Prices are dollars with 2 decimals here; cents stay inside the server.
 *
 * The shapes are the zod schemas of answers.ts and command-answers.ts (the OpenAPI document and
 * the API suites' checks read those); the types here are inferred from them, imported as types
 * only so that the client's bundle carries no schema.
 */
import type { z } from 'zod';
import type * as answers from './answers.ts';
import type * as commandAnswers from './command-answers.ts';

export type Product = z.output<typeof answers.productAnswer>;

/** A user's rating from the reviews they received; average 0 while count is 0. */
export type SellerRating = z.output<typeof answers.sellerRatingAnswer>;

/** Pure: the rating of `count` reviews whose stars add up to `sum`. */
export function sellerRatingFrom(sum: number, count: number): SellerRating {
  if (count === 0) return { average: 0, count: 0 };
  return { average: Math.round((sum / count) * 10) / 10, count };
}

export type SortBy = 'title' | 'price' | 'created_at' | 'num_likes';
export type SortOrder = 'ASC' | 'DESC';
/** Shortcut sorts the home page links use (docs/product.md §2 catalogue). */
export type HomeSort = 'popular' | 'price_low' | 'price_high' | 'newest';

export type NameCount = z.output<typeof answers.nameCountAnswer>;

/** GET /api/products/filter: a page of products and the total. */
export type FilteredProducts = z.output<typeof answers.filteredProductsAnswer>;

export type CategoryWithCount = z.output<typeof answers.categoryWithCountAnswer>;
export type BrandWithCount = z.output<typeof answers.brandWithCountAnswer>;
export type FilterOptions = z.output<typeof answers.filterOptionsAnswer>;
export type PriceRange = z.output<typeof answers.priceRangeAnswer>;

export type CategoryView = z.output<typeof answers.categoryViewAnswer>;
export type BrandView = z.output<typeof answers.brandViewAnswer>;

export type CartLine = z.output<typeof answers.cartLineAnswer>;
export type CartView = z.output<typeof answers.cartViewAnswer>;
/** GET /api/cart/{cartId}/totals */
export type CartTotals = z.output<typeof answers.cartTotalsAnswer>;
/** GET /api/products/{id}/availability?quantity= */
export type Availability = z.output<typeof answers.availabilityAnswer>;

export type WishlistItem = z.output<typeof answers.wishlistItemAnswer>;

export type OrderStatus = z.output<typeof answers.orderStatusAnswer>;

/** Why a payment an order could not use was refunded (docs/product.md §11.4). */
export type OrderRefundReason = z.output<typeof answers.orderRefundReasonAnswer>;

/** The refund of a payment an order could not use: all of it, or the items no longer available. */
export type OrderRefundView = z.output<typeof answers.orderRefundViewAnswer>;

/** GET /api/orders/{id} and /api/orders/user/{uid}: one row per item (docs/product.md §3). */
export type OrderRow = z.output<typeof answers.orderRowAnswer>;

/** POST /api/orders */
export type OrderCreated = z.output<typeof commandAnswers.orderCreatedAnswer>;

export type CollectionProduct = z.output<typeof answers.collectionProductAnswer>;
export type CollectionView = z.output<typeof answers.collectionViewAnswer>;

/** Every command answer carries the position of its last event (the consistency token). */
export type CommandAnswer = z.output<typeof commandAnswers.commandAnswer>;

/** Header query-api reads the consistency token from; it waits (≤ 2 s) until projections reach it. */
export const CONSISTENCY_HEADER = 'x-consistency-token';
/** Set ('true') on a read answered before the projections reached its token: it may be stale. */
export const CONSISTENCY_TIMEOUT_HEADER = 'x-consistency-timeout';
/** Header every command answer carries the position in (also in the body as `position`). */
export const POSITION_HEADER = 'x-event-position';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Error body of every 4xx/5xx. */
export interface ApiError {
  message: string;
  details?: unknown;
}

/** GET /api/config: what the client needs to know at run time. */
export type ClientConfig = z.output<typeof answers.clientConfigAnswer>;

/** GET /api/me/holiday: the signed-in seller's holiday (null: none). */
export type HolidayStatus = z.output<typeof answers.holidayStatusAnswer>;
/** GET /api/me/data: everything held about the signed-in member. */
export type MemberData = z.output<typeof answers.memberDataAnswer>;
