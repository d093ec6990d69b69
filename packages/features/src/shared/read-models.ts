/**
 * Logical names and document shapes of the read models the projectors keep. query-api reads
 * the same names through a ReadSide; the projector runtime maps them to the live generation.
 * Money stays in integer cents here; dollars appear only at the API edge.
 */
import type { Doc } from '@rewear/platform';

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

// The notifications' documents (NotificationThreadDoc with its NotificationDoc, NotificationReadDoc,
// InboxDoc, and the price-drop notifier's LikedListingDoc) live with the notifications module:
// packages/features/src/notifications/projection.ts.

// A conversation's documents (ConversationDoc, OfferDoc, ConversationEntryDoc) live with the
// conversation module: packages/features/src/conversation/projection.ts.

// A seller's bundle discounts (BundleDiscountsDoc) live with the bundle module:
// packages/features/src/bundle/projection.ts.
