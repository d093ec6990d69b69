/**
 * Logical names and document shapes of the read models the projectors keep. query-api reads
 * the same names through a ReadSide; the projector runtime maps them to the live generation.
 * Money stays in integer cents here; dollars appear only at the API edge.
 */
import type { Doc } from '@rewear/platform';
import type { NotificationKind } from '@rewear/contracts';

export const READ_MODELS = {
  listings: 'listings',
  brands: 'brands',
  listingLikes: 'listing_likes',
  algorithmicCollections: 'algorithmic_collections',
  users: 'users',
  carts: 'carts',
  wishlistItems: 'wishlist_items',
  orders: 'orders',
  newsletterSubscribers: 'newsletter_subscribers',
  userCollections: 'user_collections',
  shipments: 'shipments',
  sellerBalances: 'seller_balances',
  sellerProfiles: 'seller_profiles',
  sellerRatings: 'seller_ratings',
  notifications: 'notifications',
  inbox: 'inbox',
  notificationReads: 'notification_reads',
  follows: 'follows',
  savedSearches: 'saved_searches',
  savedSearchBrands: 'saved_search_brands',
  likedListings: 'liked_listings',
  conversations: 'conversations',
  conversationEntries: 'conversation_entries',
  bundleDiscounts: 'bundle_discounts',
  refundableOrders: 'refundable_orders',
  contactMessages: 'contact_messages',
} as const;

export const SEARCH_INDEXES = { products: 'products' } as const;

// A listing's documents (ListingDoc, ProductSearchDoc, BrandDoc, LikeDoc; ProductRecord and
// StockHold in its domain) live with the listing module: packages/features/src/listing/projection.ts.

// The collections' documents (AlgorithmicCollectionDoc with its CollectionEntry and FEATURED_ID,
// UserCollectionDoc) live with the collections module:
// packages/features/src/collections/projection.ts.

// A cart's documents (CartDoc, CartLineDoc) and a wishlist's (WishlistItemDoc) live with their
// modules: packages/features/src/cart/projection.ts, packages/features/src/wishlist/projection.ts.

// An order's documents (OrderDoc, OrderItemDoc, OrderRefundDoc) and what the payment-refund
// notifier keeps of one (RefundableOrderDoc) live with the order module:
// packages/features/src/order/projection.ts.

// A contact message's document (ContactMessageDoc) lives with the contact module:
// packages/features/src/contact/projection.ts.

// A shipment's document (ShipmentDoc) and a seller's balance (SellerBalanceDoc, BalanceMovementDoc)
// live with the shipment module: packages/features/src/shipment/projection.ts.

/** One notification of a shipment's thread, to one of its two parties. */
export interface NotificationDoc {
  /** `{streamId}:{streamVersion}` of the event: a redelivery finds it already there. */
  id: string;
  recipient_id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  at: string;
}

/**
 * The notifications of one shipment (docs/product.md §11.6), its reviews' included. Per
 * shipment because only ShipmentOpened names the buyer and the seller: the later events find
 * them here. A thread holds a few notifications at most (one per step).
 */
export interface NotificationThreadDoc extends Doc {
  _id: string;
  order_id: string;
  buyer_id: string;
  seller_id: string;
  /** What the sale is called in a text: the first item's title, "and N more". */
  subject: string;
  /** Oldest first. */
  notifications: NotificationDoc[];
}

/** How far a user has read their notifications. */
export interface NotificationReadDoc extends Doc {
  _id: string;
  read_up_to: string;
}

/**
 * One notification of the inbox (docs/product.md §11.6): what the features after the order
 * lifecycle raise (offers, messages, alerts). `_id` is `{streamId}:{streamVersion}:{recipient}`
 * of the event that raised it, so a redelivery or a replay finds it already there.
 */
export interface InboxDoc extends Doc {
  _id: string;
  recipient_id: string;
  kind: NotificationKind;
  /** Plain text; the client shows it as text. */
  text: string;
  /** An app path to what it is about. */
  link: string;
  /** When the event that raised it happened (ISO 8601). */
  at: string;
}

/** Who likes a listing (wishlist or like), and its price: what a price drop alert needs. */
export interface LikedListingDoc extends Doc {
  _id: string;
  title: string;
  price_cents: number;
  seller_id: string;
  likers: Array<{ user_id: string; wishlist: boolean; liked: boolean }>;
}

// A conversation's documents (ConversationDoc, OfferDoc, ConversationEntryDoc) live with the
// conversation module: packages/features/src/conversation/projection.ts.

// A seller's bundle discounts (BundleDiscountsDoc) live with the bundle module:
// packages/features/src/bundle/projection.ts.
