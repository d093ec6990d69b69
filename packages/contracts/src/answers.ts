/**
 * The answers of query-api's reads as zod schemas: the OpenAPI document describes them and the
 * API suites check every answer against them. The TypeScript types the client and the server
 * use (api.ts and the feature files) are inferred from these, so no shape is written twice.
 *
 * Not exported from the package's index: the client imports the inferred types only, and its
 * bundle carries none of these schemas (import them from '@rewear/contracts/answers').
 *
 * Objects are strict: an answer with a field its schema does not name fails the API suites.
 * Shapes that repeat across answers carry an `id`, named once in the OpenAPI document.
 */
import { z } from 'zod';
import { CONTACT_TOPICS } from './contact.ts';
import { NOTIFICATION_KINDS } from './notifications.ts';
import { OFFER_STATUSES } from './offer-rules.ts';
import {
  APPEAL_OUTCOMES,
  COMMUNITY_RULE_IDS,
  MODERATION_ACTIONS,
  REPORT_REASON_IDS,
} from './moderation.ts';
import {
  PROBLEM_REASONS,
  SHIPMENT_ACTIONS,
  SHIPMENT_STATUSES,
  type ShipmentAction,
} from './shipments.ts';

const nullableString = z.string().nullable();

/** A user's rating from the reviews they received; average 0 while count is 0. */
export const sellerRatingAnswer = z
  .strictObject({
    /** Rounded to one decimal. */
    average: z.number(),
    count: z.number().int(),
  })
  .meta({ id: 'SellerRating' });

export const productAnswer = z
  .strictObject({
    product_id: z.string(),
    /** Same as product_id; some screens read `id`. */
    id: z.string(),
    title: z.string(),
    description: z.string(),
    price: z.number(),
    original_price: z.number().nullable(),
    image: z.string(),
    gallery: z.array(z.string()),
    /** Uploaded photo ids in gallery order, the cover first; empty for drawn pictures. */
    photos: z.array(z.string()),
    brand_id: z.string(),
    brand_name: z.string(),
    category_id: z.number().int(),
    category_name: z.string(),
    /** First condition's name. */
    condition_name: z.string(),
    conditions: z.array(z.string()),
    condition_ids: z.array(z.number().int()),
    sizes: z.array(z.string()),
    size_ids: z.array(z.number().int()),
    colors: z.array(z.string()),
    color_ids: z.array(z.number().int()),
    /** Units a buyer can order now: stocked minus sold minus held by unpaid orders. */
    stock: z.number().int(),
    num_likes: z.number().int(),
    created_at: z.string(),
    seller_id: z.string(),
    seller_name: z.string(),
    seller_photo: nullableString,
    /**
     * The seller's rating from the reviews they received (docs/product.md §12); absent where the
     * answer does not know it (a listing command's answer).
     */
    sellerRating: sellerRatingAnswer.optional(),
    /**
     * The ids of the seller's badges (SELLER_BADGES, docs/product.md §14.5); absent where the
     * answer does not know them (a listing command's answer).
     */
    sellerBadges: z.array(z.string()).optional(),
  })
  .meta({ id: 'Product' });
export const productListAnswer = z.array(productAnswer);

/** GET /api/products/{id}: the product, its seller's rating read from their profile. */
export const productDetailAnswer = productAnswer
  .extend({
    sellerRating: sellerRatingAnswer,
    /** The day the seller is back while they are away (holiday mode), else null. */
    sellerAwayUntil: z.string().nullable(),
  })
  .meta({ id: 'ProductDetail' });

export const nameCountAnswer = z.strictObject({ name: z.string(), count: z.number().int() });

/**
 * GET /api/products/filter. The product pages on the client (docs/product.md §7); at 100,000
 * listings the server pages instead (`page`, `pageSize` 20) and answers the total, so the client
 * shows the same pagination.
 */
export const filteredProductsAnswer = z
  .strictObject({
    products: z.array(productAnswer),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'FilteredProducts' });

export const categoryWithCountAnswer = z.strictObject({
  category_name: z.string(),
  product_count: z.number().int(),
});
export const brandWithCountAnswer = z.strictObject({
  brand_name: z.string(),
  product_count: z.number().int(),
});
export const filterOptionsAnswer = z.strictObject({
  /** Categories in reference order; brands by count, most first (then by name). */
  categories: z.array(nameCountAnswer),
  brands: z.array(nameCountAnswer),
  colors: z.array(nameCountAnswer),
  sizes: z.array(nameCountAnswer),
  conditions: z.array(nameCountAnswer),
});
/** GET /api/products/filter: with facets=true, the filter options of all matches as well. */
export const catalogueFilterAnswer = filteredProductsAnswer.extend({
  facets: filterOptionsAnswer.optional(),
});
export const priceRangeAnswer = z.strictObject({ minPrice: z.number(), maxPrice: z.number() });

export const categoryViewAnswer = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    image: z.string(),
    description: z.string(),
    itemCount: z.number().int(),
  })
  .meta({ id: 'Category' });
export const brandViewAnswer = z
  .strictObject({ id: z.string(), name: z.string(), image: nullableString })
  .meta({ id: 'Brand' });

const bundleTierAnswer = z.strictObject({ minItems: z.number().int(), percent: z.number().int() });

export const cartLineAnswer = productAnswer
  .extend({
    quantity: z.number().int(),
    /** The buyer's accepted offer pricing this line (`price` is then the offered price). */
    offerId: nullableString.optional(),
    /** The listed price (differs from `price` when an offer prices the line). */
    listPrice: z.number().optional(),
  })
  .meta({ id: 'CartLine' });
export const cartViewAnswer = z
  .strictObject({
    id: nullableString,
    products: z.array(cartLineAnswer),
    /** Bundle discounts of the cart's sellers that have any (docs/product.md §13). */
    bundles: z.record(z.string(), z.array(bundleTierAnswer)).optional(),
  })
  .meta({ id: 'Cart' });

/** GET /api/cart/{cartId}/totals */
export const cartTotalsAnswer = z
  .strictObject({
    cartId: z.string(),
    /** Distinct lines (the cart badge). */
    lineCount: z.number().int(),
    /** Sum of quantities (the drawer title). */
    itemCount: z.number().int(),
    subtotal: z.number(),
    /** Bundle discounts by seller, taken off the subtotal (docs/product.md §13). */
    discounts: z
      .array(z.strictObject({ sellerId: z.string(), percent: z.number(), amount: z.number() }))
      .optional(),
    /** Subtotal less the discounts: what the order is charged. */
    total: z.number().optional(),
    shipping: z.strictObject({ amount: z.number(), label: z.literal('FREE') }),
    tax: z.strictObject({ status: z.literal('calculated_at_checkout') }),
    /** Lines whose listing is gone or no longer has the quantity. */
    unavailable: z.array(
      z.strictObject({
        product_id: z.string(),
        requested: z.number().int(),
        available: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'CartTotals' });

/** GET /api/products/{id}/availability?quantity= */
export const availabilityAnswer = z.strictObject({
  product_id: z.string(),
  requested: z.number().int(),
  available: z.number().int(),
  isAvailable: z.boolean(),
});

export const wishlistItemAnswer = z.strictObject({
  product_id: z.string(),
  added_at: z.string(),
  title: z.string(),
  image: z.string(),
  brand_name: z.string(),
  price: z.number(),
  original_price: z.number().nullable(),
  conditions: z.array(z.string()),
  sizes: z.array(z.string()),
});

export const orderStatusAnswer = z.enum(['pending', 'paid', 'payment_failed', 'expired']);
/** Why a payment an order could not use was refunded (docs/product.md §11.4). */
export const orderRefundReasonAnswer = z.enum([
  'order_expired',
  'payment_failed',
  'items_unavailable',
]);

/** The refund of a payment an order could not use: all of it, or the items no longer available. */
export const orderRefundViewAnswer = z.strictObject({
  /** Dollars refunded. */
  amount: z.number(),
  reason: orderRefundReasonAnswer,
  /** The items refunded: every item of the order unless some could no longer be sold. */
  productIds: z.array(z.string()),
  /** When the refund was decided. */
  refundedAt: z.string(),
  /** True once the payment processor took the refund. */
  issued: z.boolean(),
});

/** GET /api/orders/{id} and /api/orders/user/{uid}: one row per item (docs/product.md §3). */
export const orderRowAnswer = z
  .strictObject({
    order_id: z.string(),
    created_at: z.string(),
    status: orderStatusAnswer,
    total_price: z.number(),
    /** The bundle discounts taken off this order's lines (docs/product.md §13); absent when none. */
    bundleDiscount: z.number().optional(),
    shipping_name: z.string(),
    shipping_address: z.string(),
    shipping_city: z.string(),
    shipping_state: z.string(),
    shipping_zip: z.string(),
    shipping_email: z.string(),
    product_id: z.string(),
    product_title: z.string(),
    product_image: z.string(),
    quantity: z.number().int(),
    unit_price: z.number(),
    expires_at: z.string(),
    /** The order's refund of a payment it could not use (the same on each of its rows), or null. */
    refund: orderRefundViewAnswer.nullable(),
    /** True if this row's item was refunded (no longer available, or the whole order refunded). */
    itemRefunded: z.boolean(),
  })
  .meta({ id: 'OrderRow' });

export const collectionProductAnswer = productAnswer
  .extend({ score: z.number() })
  .meta({ id: 'CollectionProduct' });
export const collectionViewAnswer = z
  .strictObject({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    type: z.enum(['algorithmic', 'user']),
    products: z.array(collectionProductAnswer),
    metadata: z.strictObject({ updated: z.string(), criteria: z.string() }),
    owner_id: z.string().optional(),
    followers: z.number().int().optional(),
  })
  .meta({ id: 'Collection' });

/** GET /api/config: what the client needs to know at run time. */
export const clientConfigAnswer = z.strictObject({
  firebase: z.strictObject({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
    authEmulatorUrl: nullableString,
  }),
  /** Stripe publishable key; null means the simulated card processor. */
  stripePublishableKey: nullableString,
});

/** GET /api/health once ready. */
export const healthAnswer = z.strictObject({ status: z.literal('ok') });

// Shipments and sellers' balances (docs/product.md §11).

export const shipmentStatusAnswer = z.enum(SHIPMENT_STATUSES);
const shipmentActionAnswer = z.enum(
  Object.keys(SHIPMENT_ACTIONS) as [ShipmentAction, ...ShipmentAction[]],
);
const shipmentRoleAnswer = z.enum(['buyer', 'seller']);

/** A shipment as its buyer or seller reads it (GET /api/sales, GET /api/orders/{id}/shipments). */
export const shipmentViewAnswer = z
  .strictObject({
    shipmentId: z.string(),
    orderId: z.string(),
    status: shipmentStatusAnswer,
    sellerId: z.string(),
    buyerId: z.string(),
    items: z.array(
      z.strictObject({
        productId: z.string(),
        title: z.string(),
        image: z.string(),
        quantity: z.number().int(),
        unitPrice: z.number(),
      }),
    ),
    /** Dollars. */
    amount: z.number(),
    shipping: z.strictObject({
      name: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      email: z.string(),
    }),
    carrier: nullableString,
    trackingNumber: nullableString,
    openedAt: z.string(),
    shipBy: z.string(),
    shippedAt: nullableString,
    deliveredAt: nullableString,
    protectionEndsAt: nullableString,
    problem: z
      .strictObject({
        reason: z.enum(PROBLEM_REASONS),
        text: z.string(),
        reportedAt: z.string(),
      })
      .nullable(),
    completedAt: nullableString,
    refunded: z.boolean(),
    cancelReason: z.enum(['buyer_cancelled', 'not_shipped_in_time']).nullable(),
    /** What the person asking may do now. */
    actions: z.array(shipmentActionAnswer),
  })
  .meta({ id: 'Shipment' });

/** GET /api/sales/balance: the seller's money, in dollars. */
export const sellerBalanceAnswer = z.strictObject({
  /** Held: paid by buyers, not yet released (awaiting shipment, shipped, delivered, on hold, disputed). */
  pending: z.number(),
  /** Released to the seller (completed shipments). */
  available: z.number(),
  movements: z.array(
    z.strictObject({
      shipmentId: z.string(),
      orderId: z.string(),
      kind: z.enum(['held', 'released', 'refunded']),
      /** Dollars: held into pending, released from pending to available, refunded out of pending. */
      amount: z.number(),
      at: z.string(),
    }),
  ),
});

// Offers, messages and bundles (docs/product.md §13).

/** One offer as both parties read it (dollars). */
export const offerViewAnswer = z.strictObject({
  offerId: z.string(),
  amount: z.number(),
  /** The seller's counter, if any. */
  counterAmount: z.number().nullable(),
  status: z.enum(OFFER_STATUSES),
  /** Until when the current step may be answered (pending, countered). */
  expiresAt: nullableString,
  /** Until when an accepted offer's price holds. */
  holdsUntil: nullableString,
});

/** One step of a conversation: a message or an offer's step, in order. */
export const conversationEntryAnswer = z.strictObject({
  id: z.string(),
  kind: z.enum([
    'message',
    'offer_made',
    'offer_countered',
    'offer_accepted',
    'offer_declined',
    'offer_expired',
    'offer_redeemed',
  ]),
  /** Who did it; null for the timers. */
  authorId: nullableString,
  /** Plain text (messages); the client shows it as text. */
  text: nullableString,
  offerId: nullableString,
  amount: z.number().nullable(),
  at: z.string(),
});

export const conversationSummaryAnswer = z
  .strictObject({
    conversationId: z.string(),
    listingId: z.string(),
    listingTitle: z.string(),
    listingImage: z.string(),
    listPrice: z.number(),
    buyerId: z.string(),
    sellerId: z.string(),
    /** The other party's name, as the reader sees it. */
    otherName: z.string(),
    role: shipmentRoleAnswer,
    lastText: z.string(),
    lastAt: z.string(),
  })
  .meta({ id: 'ConversationSummary' });

/** GET /api/conversations/{conversationId} */
export const conversationViewAnswer = conversationSummaryAnswer
  .extend({
    offers: z.array(offerViewAnswer),
    entries: z.array(conversationEntryAnswer),
    /** What the reader may do now. */
    canOffer: z.boolean(),
  })
  .meta({ id: 'Conversation' });

/** GET /api/conversations */
export const conversationListAnswer = z.strictObject({
  conversations: z.array(conversationSummaryAnswer),
});

/** GET /api/sellers/{uid}/bundle-discounts */
export const bundleDiscountsAnswer = z
  .strictObject({ sellerId: z.string(), tiers: z.array(bundleTierAnswer) })
  .meta({ id: 'BundleDiscounts' });

// Reviews and sellers' profiles (docs/product.md §12).

/** One review as anyone reads it. */
export const reviewViewAnswer = z
  .strictObject({
    shipmentId: z.string(),
    authorId: z.string(),
    /** The author's display name now ('' when unknown). */
    authorName: z.string(),
    /** What the author was in that sale: a review of a seller comes from its buyer. */
    authorRole: shipmentRoleAnswer,
    subjectId: z.string(),
    rating: z.number().int(),
    text: z.string(),
    leftAt: z.string(),
    editedAt: nullableString,
    editableUntil: z.string(),
  })
  .meta({ id: 'Review' });

/** GET /api/shipments/{shipmentId}/reviews: the shipment's two reviews, for its buyer or seller. */
export const shipmentReviewsAnswer = z.strictObject({
  shipmentId: z.string(),
  /** What the person asking is in this shipment. */
  role: shipmentRoleAnswer,
  /** The other party's uid: the subject of the asker's review. */
  otherPartyId: z.string(),
  /** Reviews open once the shipment is completed. */
  open: z.boolean(),
  mine: reviewViewAnswer.nullable(),
  theirs: reviewViewAnswer.nullable(),
});

/** GET /api/sellers/{uid}: a public profile. */
export const sellerProfileAnswer = z.strictObject({
  uid: z.string(),
  displayName: z.string(),
  photoUrl: nullableString,
  /** When the user registered; null when unknown (listings seeded without an account). */
  memberSince: nullableString,
  rating: sellerRatingAnswer,
  /** Received, newest first. */
  reviews: z.array(reviewViewAnswer),
  /** Their listings for sale (in stock), newest first. */
  listings: z.array(productAnswer),
  /** Units of their completed shipments. */
  itemsSold: z.number().int(),
  /** The ids of the badges they hold (SELLER_BADGES). */
  badges: z.array(z.string()),
  /** The day they are back while away (holiday mode), else null. */
  awayUntil: nullableString,
});

/** GET /api/me/holiday: the signed-in seller's holiday (null: none set). */
export const holidayStatusAnswer = z.strictObject({
  holiday: z.strictObject({ from: z.string(), until: z.string(), started: z.boolean() }).nullable(),
});

// Follows and saved searches.

/** GET /api/sellers/{uid}/follow: how many follow the seller, and whether the caller does. */
export const followStatusAnswer = z.strictObject({
  sellerId: z.string(),
  followerCount: z.number().int(),
  /** False for a visitor. */
  following: z.boolean(),
});

/** GET /api/follows/listings: the newest listings of the sellers the signed-in user follows. */
export const followedListingsAnswer = z.strictObject({
  /** How many sellers the user follows (0: the home page shows no row). */
  followingCount: z.number().int(),
  products: z.array(productAnswer),
});

// Blocks.

/** GET /api/blocks: the members the signed-in user blocks, most recently blocked first. */
export const blockedMembersAnswer = z.strictObject({
  blocked: z.array(
    z.strictObject({ uid: z.string(), displayName: z.string(), blockedAt: z.string() }),
  ),
});

/** GET /api/members/{uid}/block: whether the caller blocks the member (never the other way). */
export const blockStatusAnswer = z.strictObject({ memberId: z.string(), blocked: z.boolean() });

/** A saved query as the client reads it (prices in dollars; null: not set). */
export const savedSearchQueryViewAnswer = z.strictObject({
  q: z.string(),
  category: nullableString,
  brand: nullableString,
  size: nullableString,
  color: nullableString,
  condition: nullableString,
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
});

/** GET /api/saved-searches: one of the signed-in user's saved searches. */
export const savedSearchViewAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  query: savedSearchQueryViewAnswer,
  savedAt: z.string(),
  lastOpenedAt: nullableString,
  /** New listings that matched since it was last opened (at most SAVED_SEARCH_NEW_MATCHES_KEPT). */
  newMatches: z.number().int(),
});

// Notifications.

/** One notification as its recipient reads it. */
export const notificationViewAnswer = z
  .strictObject({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** Plain text; the client shows it as text. */
    text: z.string(),
    /** An app path: the order page (buyer), /sales (seller) or a profile (review). */
    link: z.string(),
    at: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });

/** GET /api/notifications: the signed-in user's, newest first. */
export const notificationListAnswer = z.strictObject({
  notifications: z.array(notificationViewAnswer),
  unreadCount: z.number().int(),
});

// The operators' reads.

/** A message as operators read it (GET /api/ops/contact-messages). */
export const contactMessageViewAnswer = z.strictObject({
  messageId: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  subject: z.string(),
  message: z.string(),
  email: z.string(),
  name: nullableString,
  /** The signed-in sender's uid; null for a visitor. */
  userId: nullableString,
  sentAt: z.string(),
});
export const contactMessageListAnswer = z.strictObject({
  messages: z.array(contactMessageViewAnswer),
});

/** GET /api/ops/disputes: ids, amounts and the problem reported, no addresses. */
export const disputeListAnswer = z.strictObject({
  disputes: z.array(
    z.strictObject({
      shipmentId: z.string(),
      orderId: z.string(),
      buyerId: z.string(),
      sellerId: z.string(),
      amountCents: z.number().int(),
      items: z.array(z.strictObject({ title: z.string(), quantity: z.number().int() })),
      openedAt: z.string(),
      deliveredAt: nullableString,
      problem: z
        .strictObject({
          reason: z.enum(PROBLEM_REASONS),
          text: z.string(),
          reportedAt: z.string(),
        })
        .nullable(),
    }),
  ),
});

// Reports and moderation.

/** What a report is about; conversationId for a message only. */
export const moderationTargetAnswer = z
  .strictObject({
    kind: z.enum(['listing', 'member', 'message']),
    id: z.string(),
    conversationId: z.string().optional(),
  })
  .meta({ id: 'ModerationTarget' });

/** What the target shows: a listing's title, image and link; a member's name; a message's text and author. */
export const targetPreviewAnswer = z
  .strictObject({
    title: nullableString,
    image: nullableString,
    text: nullableString,
    name: nullableString,
    /** An app path: /products/{id}, /sellers/{uid}; null for a message. */
    link: nullableString,
  })
  .meta({ id: 'TargetPreview' });

export const appealViewAnswer = z.strictObject({
  text: z.string(),
  appealedAt: z.string(),
  status: z.enum(['open', ...APPEAL_OUTCOMES]),
  decidedAt: nullableString,
  outcomeText: nullableString,
  /** The moderator who decided the appeal. */
  decidedBy: nullableString,
});

/** A decision with its statement of reasons, as the affected member and the moderators read it. */
export const decisionViewAnswer = z
  .strictObject({
    decisionId: z.string(),
    caseId: z.string(),
    target: moderationTargetAnswer,
    targetPreview: targetPreviewAnswer,
    action: z.enum(MODERATION_ACTIONS),
    rule: z
      .strictObject({ id: z.enum(COMMUNITY_RULE_IDS), title: z.string(), text: z.string() })
      .nullable(),
    statement: z.strictObject({ what: z.string(), why: z.string() }),
    days: z.number().int().nullable(),
    endsAt: nullableString,
    decidedAt: z.string(),
    moderatorId: z.string(),
    affectedId: z.string(),
    appeal: appealViewAnswer.nullable(),
    /** Whether the affected member may appeal it now. */
    canAppeal: z.boolean(),
    howToAppeal: z.string(),
  })
  .meta({ id: 'Decision' });

/** One report as the moderators read it: never who filed it. */
export const caseReportAnswer = z.strictObject({
  reportId: z.string(),
  reason: z.enum(REPORT_REASON_IDS),
  text: z.string(),
  reportedAt: z.string(),
  reporterKind: z.enum(['member', 'visitor']),
});

/** One target's open reports and its decisions. */
export const caseViewAnswer = z
  .strictObject({
    caseId: z.string(),
    target: moderationTargetAnswer,
    targetPreview: targetPreviewAnswer,
    /** The member a sanction would hit. */
    responsibleId: z.string(),
    /** The open reports, oldest first. */
    reports: z.array(caseReportAnswer),
    openReports: z.number().int(),
    firstReportedAt: nullableString,
    /** The decisions, oldest first. */
    history: z.array(decisionViewAnswer),
  })
  .meta({ id: 'ModerationCase' });

/** GET /api/moderation/queue: open cases, the oldest report first. */
export const moderationQueueAnswer = z.strictObject({ cases: z.array(caseViewAnswer) });
/** GET /api/moderation/appeals: open appeals, oldest first. */
export const appealListAnswer = z.strictObject({ appeals: z.array(decisionViewAnswer) });

export const memberStandingAnswer = z
  .strictObject({
    status: z.enum(['active', 'suspended', 'banned']),
    until: nullableString,
    decisionId: nullableString,
  })
  .meta({ id: 'MemberStanding' });

/** GET /api/notices: the decisions that affect the signed-in member, newest first. */
export const noticesAnswer = z.strictObject({
  notices: z.array(decisionViewAnswer),
  standing: memberStandingAnswer,
});

/** GET /api/reports/mine: the signed-in member's reports, newest first. */
export const myReportsAnswer = z.strictObject({
  reports: z.array(
    z.strictObject({
      reportId: z.string(),
      target: moderationTargetAnswer,
      targetPreview: targetPreviewAnswer,
      reason: z.enum(REPORT_REASON_IDS),
      text: z.string(),
      reportedAt: z.string(),
      status: z.enum(['open', 'closed']),
      outcome: z.enum(['no_action', 'action_taken']).nullable(),
      decidedAt: nullableString,
    }),
  ),
});

// The lists, as the routes answer them.

export const brandListAnswer = z.array(brandViewAnswer);
export const brandsWithCountAnswer = z.array(brandWithCountAnswer);
export const categoryListAnswer = z.array(categoryViewAnswer);
export const categoriesWithCountAnswer = z.array(categoryWithCountAnswer);
export const wishlistAnswer = z.array(wishlistItemAnswer);
export const orderRowsAnswer = z.array(orderRowAnswer);
export const shipmentListAnswer = z.array(shipmentViewAnswer);
export const savedSearchListAnswer = z.array(savedSearchViewAnswer);
export const collectionListAnswer = z.array(collectionViewAnswer);

/** GET /api/me/data: everything Rewear holds about the signed-in member, section by section. */
export const memberDataAnswer = z.strictObject({
  uid: z.string(),
  exportedAt: z.string(),
  sections: z.array(
    z.strictObject({
      key: z.string(),
      title: z.string(),
      items: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
});
