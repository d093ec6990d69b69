/**
 * Response shapes of the HTTP API (docs/product.md §3, §7), shared by query-api, command-api and the client.
 * Prices are dollars with 2 decimals here; cents stay inside the server.
 */

export interface Product {
  product_id: string;
  /** Same as product_id; some screens read `id`. */
  id: string;
  title: string;
  description: string;
  price: number;
  original_price: number | null;
  image: string;
  gallery: string[];
  /** Uploaded photo ids in gallery order, the cover first; empty for drawn pictures. */
  photos: string[];
  brand_id: string;
  brand_name: string;
  category_id: number;
  category_name: string;
  /** First condition's name. */
  condition_name: string;
  conditions: string[];
  condition_ids: number[];
  sizes: string[];
  size_ids: number[];
  colors: string[];
  color_ids: number[];
  /** Units a buyer can order now: stocked minus sold minus held by unpaid orders. */
  stock: number;
  num_likes: number;
  created_at: string;
  seller_id: string;
  seller_name: string;
  seller_photo: string | null;
  /**
   * The seller's rating from the reviews they received (docs/product.md §12); absent where the
   * answer does not know it (a listing command's answer).
   */
  sellerRating?: SellerRating;
}

/** A user's rating from the reviews they received; average 0 while count is 0. */
export interface SellerRating {
  /** Rounded to one decimal. */
  average: number;
  count: number;
}

/** Pure: the rating of `count` reviews whose stars add up to `sum`. */
export function sellerRatingFrom(sum: number, count: number): SellerRating {
  if (count === 0) return { average: 0, count: 0 };
  return { average: Math.round((sum / count) * 10) / 10, count };
}

export type SortBy = 'title' | 'price' | 'created_at' | 'num_likes';
export type SortOrder = 'ASC' | 'DESC';
/** Shortcut sorts the home page links use (docs/product.md §2 catalogue). */
export type HomeSort = 'popular' | 'price_low' | 'price_high' | 'newest';

export interface NameCount {
  name: string;
  count: number;
}

/**
 * GET /api/products/filter. The product pages on the client (docs/product.md §7); at 100,000
 * listings the server pages instead (`page`, `pageSize` 20) and answers the total, so the client
 * shows the same pagination.
 */
export interface FilteredProducts {
  products: Product[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CategoryWithCount {
  category_name: string;
  product_count: number;
}
export interface BrandWithCount {
  brand_name: string;
  product_count: number;
}
export interface FilterOptions {
  /** Categories in reference order; brands by count, most first (then by name). */
  categories: NameCount[];
  brands: NameCount[];
  colors: NameCount[];
  sizes: NameCount[];
  conditions: NameCount[];
}
export interface PriceRange {
  minPrice: number;
  maxPrice: number;
}

export interface CategoryView {
  id: number;
  name: string;
  image: string;
  description: string;
  itemCount: number;
}
export interface BrandView {
  id: string;
  name: string;
  image: string | null;
}

export interface CartLine extends Product {
  quantity: number;
  /** The buyer's accepted offer pricing this line (`price` is then the offered price). */
  offerId?: string | null;
  /** The listed price (differs from `price` when an offer prices the line). */
  listPrice?: number;
}
export interface CartView {
  id: string | null;
  products: CartLine[];
  /** Bundle discounts of the cart's sellers that have any (docs/product.md §13). */
  bundles?: Record<string, Array<{ minItems: number; percent: number }>>;
}
/** GET /api/cart/{cartId}/totals */
export interface CartTotals {
  cartId: string;
  /** Distinct lines (the cart badge). */
  lineCount: number;
  /** Sum of quantities (the drawer title). */
  itemCount: number;
  subtotal: number;
  /** Bundle discounts by seller, taken off the subtotal (docs/product.md §13). */
  discounts?: Array<{ sellerId: string; percent: number; amount: number }>;
  /** Subtotal less the discounts: what the order is charged. */
  total?: number;
  shipping: { amount: number; label: 'FREE' };
  tax: { status: 'calculated_at_checkout' };
  /** Lines whose listing is gone or no longer has the quantity. */
  unavailable: Array<{ product_id: string; requested: number; available: number }>;
}
/** GET /api/products/{id}/availability?quantity= */
export interface Availability {
  product_id: string;
  requested: number;
  available: number;
  isAvailable: boolean;
}

export interface WishlistItem {
  product_id: string;
  added_at: string;
  title: string;
  image: string;
  brand_name: string;
  price: number;
  original_price: number | null;
  conditions: string[];
  sizes: string[];
}

export type OrderStatus = 'pending' | 'paid' | 'payment_failed' | 'expired';

/** Why a payment an order could not use was refunded (docs/product.md §11.4). */
export type OrderRefundReason = 'order_expired' | 'payment_failed' | 'items_unavailable';

/** The refund of a payment an order could not use: all of it, or the items no longer available. */
export interface OrderRefundView {
  /** Dollars refunded. */
  amount: number;
  reason: OrderRefundReason;
  /** The items refunded: every item of the order unless some could no longer be sold. */
  productIds: string[];
  /** When the refund was decided. */
  refundedAt: string;
  /** True once the payment processor took the refund. */
  issued: boolean;
}

/** GET /api/orders/{id} and /api/orders/user/{uid}: one row per item (docs/product.md §3). */
export interface OrderRow {
  order_id: string;
  created_at: string;
  status: OrderStatus;
  total_price: number;
  /** The bundle discounts taken off this order's lines (docs/product.md §13); absent when none. */
  bundleDiscount?: number;
  shipping_name: string;
  shipping_address: string;
  shipping_city: string;
  shipping_state: string;
  shipping_zip: string;
  shipping_email: string;
  product_id: string;
  product_title: string;
  product_image: string;
  quantity: number;
  unit_price: number;
  expires_at: string;
  /** The order's refund of a payment it could not use (the same on each of its rows), or null. */
  refund: OrderRefundView | null;
  /** True if this row's item was refunded (no longer available, or the whole order refunded). */
  itemRefunded: boolean;
}

/** POST /api/orders */
export interface OrderCreated {
  order: { id: string; status: OrderStatus; total_price: number; expires_at: string };
  clientSecret: string;
  paymentIntentId: string;
  position: number;
}

export interface CollectionProduct extends Product {
  score: number;
}
export interface CollectionView {
  id: string;
  title: string;
  description: string;
  type: 'algorithmic' | 'user';
  products: CollectionProduct[];
  metadata: { updated: string; criteria: string };
  owner_id?: string;
  followers?: number;
}

/** Every command answer carries the position of its last event (the consistency token). */
export interface CommandAnswer {
  position: number;
}

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
export interface ClientConfig {
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    authEmulatorUrl: string | null;
  };
  /** Stripe publishable key; null means the simulated card processor. */
  stripePublishableKey: string | null;
}
