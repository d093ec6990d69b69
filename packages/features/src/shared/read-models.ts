/**
 * The logical names of the read models the projectors keep and the search index. query-api reads
 * the same names through a ReadSide; the projector runtime maps them to the live generation.
 * Each read model's document type lives with the feature module whose projection writes it
 * (`<feature>/projection.ts`). A decider never imports this file: it decides from its own
 * events (lint).
 */
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
  sellerVisibility: 'seller_visibility',
  notifications: 'notifications',
  inbox: 'inbox',
  notificationReads: 'notification_reads',
  follows: 'follows',
  blocks: 'blocks',
  savedSearches: 'saved_searches',
  savedSearchBrands: 'saved_search_brands',
  savedSearchAwaySellers: 'saved_search_away_sellers',
  likedListings: 'liked_listings',
  conversations: 'conversations',
  conversationEntries: 'conversation_entries',
  bundleDiscounts: 'bundle_discounts',
  refundableOrders: 'refundable_orders',
  contactMessages: 'contact_messages',
  holidays: 'holidays',
  sellerBadges: 'seller_badges',
  moderationCases: 'moderation_cases',
  moderationReports: 'moderation_reports',
  moderationDecisions: 'moderation_decisions',
  memberStandings: 'member_standings',
} as const;

export const SEARCH_INDEXES = { products: 'products' } as const;
