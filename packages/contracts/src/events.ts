/**
 * The event catalogue: every fact the command side records, with its schema.
 * Events are validated against these schemas when appended and again when consumed.
 * Money is integer cents; times are ISO-8601 strings.
 */
import { z } from 'zod';
import { MAX_PHOTOS_PER_LISTING } from './photos.ts';
import { CONTACT_LIMITS, CONTACT_TOPICS } from './contact.ts';
import {
  APPEAL_OUTCOMES,
  COMMUNITY_RULE_IDS,
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  REPORT_REASON_IDS,
} from './moderation.ts';

const id = z.string().min(1).max(128);
const cents = z.number().int().nonnegative();
const isoTime = z.iso.datetime({ offset: true });
/** A calendar day, YYYY-MM-DD (UTC). */
const isoDay = z.iso.date();
const refIds = z.array(z.number().int().positive()).max(20);

export const AGGREGATE_TYPES = [
  'user',
  'listing',
  'brand',
  'cart',
  'wishlist',
  'order',
  'subscription',
  'collection',
  'operator',
  'shipment',
  'review',
  'notifications',
  'photo',
  'follows',
  'searches',
  'conversation',
  'bundle',
  'contact',
  'blocks',
  'holiday',
  'case',
  'standing',
] as const;
export type AggregateType = (typeof AGGREGATE_TYPES)[number];

/** Stream ids are `<aggregate type>-<aggregate id>`, e.g. `cart-3kd9x0aa1b2c`. */
export const streamIdOf = (type: AggregateType, aggregateId: string) => `${type}-${aggregateId}`;
export function parseStreamId(streamId: string): { type: AggregateType; id: string } {
  const dash = streamId.indexOf('-');
  const type = streamId.slice(0, dash) as AggregateType;
  if (dash < 1 || !AGGREGATE_TYPES.includes(type))
    throw new Error(`Unknown stream id: ${streamId}`);
  return { type, id: streamId.slice(dash + 1) };
}

export const shippingInfo = z.object({
  name: z.string().min(1).max(200),
  address: z.string().min(1).max(300),
  city: z.string().min(1).max(120),
  state: z.string().min(1).max(120),
  zip: z.string().min(1).max(20),
  email: z.string().email().max(254),
});
/** Where an order goes: the checkout's form, the order event and the order read model. */
export type ShippingInfo = z.infer<typeof shippingInfo>;

const orderItem = z.object({
  productId: id,
  title: z.string(),
  image: z.string(),
  quantity: z.number().int().positive(),
  unitPriceCents: cents,
  /** The buyer's accepted offer that priced this line (docs/product.md §13). */
  offerId: id.optional(),
});

/** What every event of a conversation names: its listing and its two parties. */
const conversationRef = {
  conversationId: id,
  listingId: id,
  listingTitle: z.string().max(200),
  buyerId: id,
  sellerId: id,
};
const party = z.enum(['buyer', 'seller']);

const listingFields = {
  title: z.string().min(1).max(200),
  description: z.string().min(1).max(5000),
  priceCents: cents,
  originalPriceCents: cents.nullable(),
  image: z.string().max(2048),
  gallery: z.array(z.string().max(2048)).max(12),
  brandId: id,
  categoryId: z.number().int().positive(),
  conditionIds: refIds,
  sizeIds: refIds,
  colorIds: refIds,
  /**
   * Uploaded photos in gallery order, the first the cover (absent on listings from before photos
   * and on seeded ones, which show drawn pictures). With photos, `image` and `gallery` are their
   * URLs.
   */
  photos: z.array(id).max(MAX_PHOTOS_PER_LISTING).optional(),
};

/**
 * A saved catalogue query: the keyword and the catalogue's filters, by name as the catalogue
 * takes them (category, brand, size, color, condition), prices in cents. '' / null: not set.
 */
const savedSearchQuery = z.object({
  q: z.string().max(200),
  category: z.string().max(100).nullable(),
  brand: z.string().max(100).nullable(),
  size: z.string().max(40).nullable(),
  color: z.string().max(40).nullable(),
  condition: z.string().max(40).nullable(),
  minPriceCents: cents.nullable(),
  maxPriceCents: cents.nullable(),
});
export type SavedSearchQuery = z.infer<typeof savedSearchQuery>;

/** What a report is about: a listing, a member, or a message (its entry id and conversation). */
const reportTarget = z.object({
  kind: z.enum(['listing', 'member', 'message']),
  id,
  conversationId: id.optional(),
});
/** Who decided (a moderator's uid) and which decision: what every decision's event names. */
const caseRef = { caseId: id, decisionId: id };

/** Where operator actions (replay, rebuild) are recorded: `npm run ops -- history operator-actions`. */
export const OPERATOR_STREAM = 'operator-actions';

/** Who asked for an operator action: the name it gave (X-Operator) and its address. */
/**
 * Who did an operator action: `operator` is the name the shared token's caller gave
 * (X-Operator), or the account's uid for a person signed in to the console, who also has `uid`
 * and `role`.
 */
const operatorWho = {
  operator: z.string().min(1).max(128),
  address: z.string().max(100),
  uid: id.optional(),
  role: z.enum(['operator', 'support']).optional(),
};
const operatorFields = { ...operatorWho, projector: z.string().min(1).max(100) };
const deadLetterFields = {
  ...operatorFields,
  deadLetterId: z.string().min(1).max(400),
  eventId: z.string().min(1).max(200),
  position: z.number().int().nonnegative(),
  eventType: z.string().min(1).max(100),
  error: z.string().max(2000).nullable(),
};

/** Schemas by event type; the number is the schema version. */
export const eventSchemas = {
  UserRegistered: {
    version: 1,
    schema: z.object({
      uid: id,
      email: z.string().max(254),
      displayName: z.string().max(200),
      photoUrl: z.string().max(2048).nullable(),
    }),
  },
  /**
   * The member closed their account (stream `user-{uid}`): their listings are deleted in the
   * same request and their personal-data key is destroyed after it (docs/security.md).
   */
  AccountDeleted: { version: 1, schema: z.object({ userId: id, at: isoTime }) },
  BrandCreated: {
    version: 1,
    schema: z.object({
      brandId: id,
      name: z.string().min(1).max(100),
      image: z.string().max(2048).nullable(),
    }),
  },
  ListingCreated: {
    version: 1,
    schema: z.object({
      listingId: id,
      sellerId: id,
      sellerName: z.string().max(200),
      sellerPhoto: z.string().max(2048).nullable(),
      createdAt: isoTime,
      stock: z.number().int().nonnegative(),
      ...listingFields,
    }),
  },
  ListingUpdated: {
    version: 1,
    schema: z.object({
      listingId: id,
      // stock: units stocked in all (sold ones included), as in ListingCreated.
      changes: z.object({ ...listingFields, stock: z.number().int().nonnegative() }).partial(),
    }),
  },
  ListingDeleted: { version: 1, schema: z.object({ listingId: id }) },
  /** A user uploaded a photo (stream `photo-{photoId}`); its sizes are in the photo store. */
  PhotoUploaded: {
    version: 1,
    schema: z.object({
      photoId: id,
      ownerId: id,
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      bytes: z.number().int().positive(),
      uploadedAt: isoTime,
    }),
  },
  ListingLiked: { version: 1, schema: z.object({ listingId: id, userId: id }) },
  StockReserved: {
    version: 1,
    schema: z.object({
      listingId: id,
      orderId: id,
      quantity: z.number().int().positive(),
      expiresAt: isoTime,
    }),
  },
  StockReleased: {
    version: 1,
    schema: z.object({
      listingId: id,
      orderId: id,
      quantity: z.number().int().positive(),
      reason: z.enum(['expired', 'payment_failed', 'order_not_placed']),
    }),
  },
  StockSold: {
    version: 1,
    schema: z.object({ listingId: id, orderId: id, quantity: z.number().int().positive() }),
  },
  /** Units an order bought come back to the listing (the order was cancelled before shipping). */
  StockReturned: {
    version: 1,
    schema: z.object({ listingId: id, orderId: id, quantity: z.number().int().positive() }),
  },
  CartCreated: { version: 1, schema: z.object({ cartId: id, userId: id }) },
  CartItemAdded: {
    version: 1,
    schema: z.object({ cartId: id, productId: id, quantity: z.number().int().positive() }),
  },
  CartItemRemoved: {
    version: 1,
    schema: z.object({ cartId: id, productId: id, quantity: z.number().int().positive() }),
  },
  CartItemQuantitySet: {
    version: 1,
    schema: z.object({ cartId: id, productId: id, quantity: z.number().int().positive() }),
  },
  CartCleared: {
    version: 1,
    // orderId (with reason 'order_paid') makes clearing for one paid order happen once.
    schema: z.object({
      cartId: id,
      reason: z.enum(['user', 'order_paid']),
      orderId: id.optional(),
    }),
  },
  WishlistItemAdded: { version: 1, schema: z.object({ userId: id, productId: id }) },
  WishlistItemRemoved: { version: 1, schema: z.object({ userId: id, productId: id }) },
  WishlistCleared: { version: 1, schema: z.object({ userId: id, productIds: z.array(id) }) },
  OrderPlaced: {
    version: 1,
    schema: z.object({
      orderId: id,
      userId: id,
      items: z.array(orderItem).min(1),
      totalCents: cents,
      currency: z.literal('usd'),
      shipping: shippingInfo,
      paymentIntentId: id,
      expiresAt: isoTime,
      /** Bundle discounts by seller (docs/product.md §13), already taken off totalCents. */
      discounts: z
        .array(
          z.object({ sellerId: id, percent: z.number().int().min(1).max(90), amountCents: cents }),
        )
        .optional(),
    }),
  },
  OrderPaid: {
    version: 1,
    schema: z.object({ orderId: id, paymentIntentId: id, amountCents: cents }),
  },
  OrderPaymentFailed: {
    version: 1,
    schema: z.object({ orderId: id, paymentIntentId: id, reason: z.string().max(500) }),
  },
  OrderExpired: { version: 1, schema: z.object({ orderId: id }) },
  /**
   * The processor took a payment the order cannot use: the order had expired or its payment had
   * failed (the whole amount), or it was paid but some items could no longer be sold (theirs).
   * Decided once per order; the processor is asked afterwards.
   */
  OrderPaymentRefunded: {
    version: 1,
    schema: z.object({
      orderId: id,
      paymentIntentId: id,
      amountCents: cents,
      reason: z.enum(['order_expired', 'payment_failed', 'items_unavailable']),
      /** The items refunded: every item of the order unless some could not be sold. */
      productIds: z.array(id).min(1),
      refundedAt: isoTime,
    }),
  },
  /** The processor took the refund of an unusable payment (its id). */
  OrderRefundIssued: {
    version: 1,
    schema: z.object({ orderId: id, refundId: id, amountCents: cents }),
  },
  // One shipment per seller of a paid order (docs/product.md §11). Times are in the data, so
  // the shipment's rules (and its timers) read them from its own stream.
  ShipmentOpened: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      orderId: id,
      sellerId: id,
      buyerId: id,
      items: z.array(orderItem).min(1),
      amountCents: cents,
      currency: z.literal('usd'),
      shipping: shippingInfo,
      paymentIntentId: id,
      openedAt: isoTime,
      shipBy: isoTime,
    }),
  },
  ShipmentShipped: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      carrier: z.string().min(1).max(100),
      trackingNumber: z.string().min(1).max(100),
      shippedAt: isoTime,
    }),
  },
  ShipmentDelivered: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      confirmedBy: z.enum(['seller', 'buyer']),
      deliveredAt: isoTime,
      protectionEndsAt: isoTime,
    }),
  },
  ShipmentProblemReported: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      reason: z.enum(['not_as_described', 'damaged', 'not_received']),
      text: z.string().max(1000),
      reportedAt: isoTime,
    }),
  },
  ShipmentDisputed: { version: 1, schema: z.object({ shipmentId: id, disputedAt: isoTime }) },
  /**
   * An operator settled a dispute: for the buyer (refunded) or for the seller (the money
   * released); followed in the same append by ShipmentRefunded or ShipmentCompleted. Who asked
   * (X-Operator, else 'operator'), from where, and when.
   */
  ShipmentDisputeSettled: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      outcome: z.enum(['buyer', 'seller']),
      operator: z.string().min(1).max(100),
      address: z.string().max(100),
      settledAt: isoTime,
    }),
  },
  /** The money is released to the seller. */
  ShipmentCompleted: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      sellerId: id,
      amountCents: cents,
      reason: z.enum(['buyer_confirmed', 'protection_elapsed', 'dispute_settled']),
      completedAt: isoTime,
    }),
  },
  ShipmentCancelled: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      reason: z.enum(['buyer_cancelled', 'not_shipped_in_time']),
      cancelledAt: isoTime,
    }),
  },
  /** The refund decided, once per shipment; the processor is asked after it is recorded. */
  ShipmentRefunded: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      orderId: id,
      sellerId: id,
      paymentIntentId: id,
      amountCents: cents,
      reason: z.enum([
        'buyer_cancelled',
        'not_shipped_in_time',
        'return_accepted',
        'dispute_settled',
      ]),
      refundedAt: isoTime,
    }),
  },
  /** The processor took the refund (its id). */
  ShipmentRefundIssued: {
    version: 1,
    schema: z.object({ shipmentId: id, refundId: id, amountCents: cents }),
  },
  // The buyer's and the seller's reviews of one completed shipment share the stream
  // `review-{shipmentId}` (docs/product.md §12). The subject is the other party.
  ReviewLeft: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      authorId: id,
      authorRole: z.enum(['buyer', 'seller']),
      subjectId: id,
      rating: z.number().int().min(1).max(5),
      text: z.string().max(1000),
      leftAt: isoTime,
    }),
  },
  ReviewEdited: {
    version: 1,
    schema: z.object({
      shipmentId: id,
      authorId: id,
      authorRole: z.enum(['buyer', 'seller']),
      subjectId: id,
      rating: z.number().int().min(1).max(5),
      text: z.string().max(1000),
      editedAt: isoTime,
    }),
  },
  // One conversation per listing and buyer, stream `conversation-{listingId}_{buyerId}`
  // (docs/product.md §13): its messages and its offers, in the order they happened.
  MessageSent: {
    version: 1,
    schema: z.object({
      ...conversationRef,
      senderId: id,
      text: z.string().min(1).max(2000),
      sentAt: isoTime,
    }),
  },
  OfferMade: {
    version: 1,
    schema: z.object({
      ...conversationRef,
      offerId: id,
      amountCents: cents,
      listPriceCents: cents,
      madeAt: isoTime,
      expiresAt: isoTime,
    }),
  },
  OfferCountered: {
    version: 1,
    schema: z.object({
      ...conversationRef,
      offerId: id,
      amountCents: cents,
      counteredAt: isoTime,
      expiresAt: isoTime,
    }),
  },
  /** The price holds for the buyer until `holdsUntil`. */
  OfferAccepted: {
    version: 1,
    schema: z.object({
      ...conversationRef,
      offerId: id,
      acceptedBy: party,
      amountCents: cents,
      acceptedAt: isoTime,
      holdsUntil: isoTime,
    }),
  },
  OfferDeclined: {
    version: 1,
    schema: z.object({ ...conversationRef, offerId: id, declinedBy: party, declinedAt: isoTime }),
  },
  /** Unanswered in time, or accepted and not bought while it held. */
  OfferExpired: {
    version: 1,
    schema: z.object({
      ...conversationRef,
      offerId: id,
      reason: z.enum(['unanswered', 'hold_lapsed']),
      expiredAt: isoTime,
    }),
  },
  /** The buyer paid an order priced by the accepted offer. */
  OfferRedeemed: {
    version: 1,
    schema: z.object({ ...conversationRef, offerId: id, orderId: id, redeemedAt: isoTime }),
  },
  /** A seller's bundle discounts (stream `bundle-{sellerId}`); no tiers: none. */
  BundleDiscountsSet: {
    version: 1,
    schema: z.object({
      sellerId: id,
      tiers: z
        .array(
          z.object({
            minItems: z.number().int().min(2).max(20),
            percent: z.number().int().min(1).max(90),
          }),
        )
        .max(5),
      setAt: isoTime,
    }),
  },
  /** A user read their notifications up to this time (stream `notifications-{uid}`). */
  NotificationsRead: { version: 1, schema: z.object({ userId: id, upTo: isoTime }) },
  NewsletterSubscribed: { version: 1, schema: z.object({ email: z.string().email() }) },
  NewsletterUnsubscribed: { version: 1, schema: z.object({ email: z.string().email() }) },
  /** A message to the store from its contact form (stream `contact-{messageId}`). */
  ContactMessageSent: {
    version: 1,
    schema: z.object({
      messageId: id,
      topic: z.enum(CONTACT_TOPICS),
      subject: z.string().min(CONTACT_LIMITS.subjectMin).max(CONTACT_LIMITS.subjectMax),
      message: z.string().min(CONTACT_LIMITS.messageMin).max(CONTACT_LIMITS.messageMax),
      /** Where the reply goes: the address given, else the signed-in sender's account's. */
      email: z.string().email().max(CONTACT_LIMITS.emailMax),
      name: z.string().max(CONTACT_LIMITS.nameMax).nullable(),
      /** The signed-in sender; null for a visitor. */
      userId: id.nullable(),
      sentAt: isoTime,
    }),
  },
  CollectionCreated: {
    version: 1,
    schema: z.object({
      collectionId: id,
      ownerId: id,
      title: z.string().min(1).max(200),
      description: z.string().max(2000),
      productIds: z.array(id).max(200),
      isPublic: z.boolean(),
    }),
  },
  CollectionFollowed: { version: 1, schema: z.object({ collectionId: id, userId: id }) },
  /** Follows of sellers (docs/product.md §14): stream `follows-{followerId}`. */
  /**
   * Holiday mode (docs/product.md §14.6): stream `holiday-{uid}`. The seller chose to be away
   * from `from` (a day, YYYY-MM-DD, from 00:00 UTC) until `until` (they are back that day, at
   * 00:00 UTC; at most 90 days after `from`). Setting it again replaces the dates.
   */
  HolidayModeSet: {
    version: 1,
    schema: z.object({ uid: id, from: isoDay, until: isoDay, setAt: isoTime }),
  },
  /** The holiday began: the seller's listings are hidden (at `from`, or at once when it is today). */
  HolidayModeStarted: {
    version: 1,
    schema: z.object({ uid: id, from: isoDay, until: isoDay, startedAt: isoTime }),
  },
  /** The holiday is over: ended by the seller, or by itself on its end date ('ended'). */
  HolidayModeEnded: {
    version: 1,
    schema: z.object({ uid: id, why: z.enum(['seller', 'ended']), endedAt: isoTime }),
  },
  SellerFollowed: { version: 1, schema: z.object({ followerId: id, sellerId: id }) },
  SellerUnfollowed: { version: 1, schema: z.object({ followerId: id, sellerId: id }) },
  /**
   * Blocks between members (docs/product.md §14.4): stream `blocks-{blockerId}`. Private: only the
   * blocker's own reads name whom they block.
   */
  MemberBlocked: { version: 1, schema: z.object({ blockerId: id, blockedId: id, at: isoTime }) },
  MemberUnblocked: { version: 1, schema: z.object({ blockerId: id, blockedId: id, at: isoTime }) },
  /** Saved searches (docs/product.md §14): stream `searches-{userId}`. */
  SearchSaved: {
    version: 1,
    schema: z.object({
      userId: id,
      searchId: id,
      name: z.string().min(1).max(80),
      query: savedSearchQuery,
      savedAt: isoTime,
    }),
  },
  SavedSearchDeleted: { version: 1, schema: z.object({ userId: id, searchId: id }) },
  SavedSearchOpened: {
    version: 1,
    schema: z.object({ userId: id, searchId: id, openedAt: isoTime }),
  },
  // Reports and moderation (docs/product.md, "Reports and moderation"). A case per target,
  // stream `case-{caseId}`: its reports, the moderators' decisions, the appeals.
  /** A report of a target. The reporter is the signed-in member (reporterId) or a visitor's email. */
  ReportFiled: {
    version: 1,
    schema: z.object({
      caseId: id,
      reportId: id,
      target: reportTarget,
      reason: z.enum(REPORT_REASON_IDS),
      text: z.string().max(MODERATION_LIMITS.reportTextMax),
      reporterId: id.nullable(),
      /** The reporter's email, lower-cased (a member's account email, else the one given). */
      reporterEmail: z.string().max(254),
      /** The member a sanction would hit: the listing's seller, the message's author, the member. */
      responsibleId: id,
      filedAt: isoTime,
    }),
  },
  /** A moderator decided the case's open reports (reportIds), which it closes. */
  ModerationDecided: {
    version: 1,
    schema: z.object({
      ...caseRef,
      target: reportTarget,
      action: z.enum(MODERATION_ACTIONS),
      rule: z.enum(COMMUNITY_RULE_IDS).nullable(),
      statement: z.object({
        what: z.string().min(1).max(MODERATION_LIMITS.whatMax),
        why: z.string().min(1).max(MODERATION_LIMITS.whyMax),
      }),
      days: z.number().int().min(1).max(30).nullable(),
      endsAt: isoTime.nullable(),
      moderatorId: id,
      affectedId: id,
      reportIds: z.array(id),
      /** The signed-in reporters of those reports, told the outcome (visitors are not). */
      reporterIds: z.array(id),
      decidedAt: isoTime,
    }),
  },
  /** The affected member appealed a decision (once). */
  DecisionAppealed: {
    version: 1,
    schema: z.object({
      ...caseRef,
      affectedId: id,
      text: z.string().min(1).max(MODERATION_LIMITS.appealTextMax),
      appealedAt: isoTime,
    }),
  },
  /** Another moderator decided the appeal; the decision's action and target say what a reversal undoes. */
  AppealDecided: {
    version: 1,
    schema: z.object({
      ...caseRef,
      target: reportTarget,
      action: z.enum(MODERATION_ACTIONS),
      affectedId: id,
      outcome: z.enum(APPEAL_OUTCOMES),
      text: z.string().min(1).max(MODERATION_LIMITS.outcomeTextMax),
      moderatorId: id,
      decidedAt: isoTime,
    }),
  },
  // A member's standing, stream `standing-{uid}`: the sanction in force, read by every command
  // that a suspended or banned member may not do.
  MemberSuspended: {
    version: 1,
    schema: z.object({
      uid: id,
      decisionId: id,
      until: isoTime,
      why: z.string().min(1).max(MODERATION_LIMITS.whyMax),
      moderatorId: id,
      suspendedAt: isoTime,
    }),
  },
  MemberBanned: {
    version: 1,
    schema: z.object({
      uid: id,
      decisionId: id,
      why: z.string().min(1).max(MODERATION_LIMITS.whyMax),
      moderatorId: id,
      bannedAt: isoTime,
    }),
  },
  /** The sanction of decisionId no longer holds: its end date came, or an appeal reversed it. */
  SanctionLifted: {
    version: 1,
    schema: z.object({
      uid: id,
      decisionId: id,
      why: z.enum(['ended', 'appeal']),
      /** The moderator who reversed it on appeal; null when it ended by itself. */
      moderatorId: id.nullable(),
      liftedAt: isoTime,
    }),
  },
  // Operator actions, for the record; no projector reads them.
  ProjectionReplayed: {
    version: 1,
    schema: z.object({
      ...operatorFields,
      generation: z.number().int().positive(),
      fromPosition: z.number().int().nonnegative(),
      events: z.number().int().nonnegative(),
    }),
  },
  ProjectionRebuilt: {
    version: 1,
    schema: z.object({
      ...operatorFields,
      generation: z.number().int().positive(),
      previousGeneration: z.number().int().nonnegative(),
      events: z.number().int().nonnegative(),
    }),
  },
  DeadLetterRetried: {
    version: 1,
    schema: z.object({ ...deadLetterFields, applied: z.boolean() }),
  },
  DeadLetterSkipped: { version: 1, schema: z.object(deadLetterFields) },
  DisputeSettlementRecorded: {
    version: 1,
    schema: z.object({
      ...operatorWho,
      shipmentId: id,
      outcome: z.enum(['buyer', 'seller']),
      status: z.string().max(40),
    }),
  },
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]['schema']>;

/** An event as a decider emits it, before the store gives it a place. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];

/** The events of the given types: what one aggregate's decider emits and folds. */
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** The envelope every stored event travels in. */
export interface EventEnvelope<E extends DomainEvent = DomainEvent> {
  id: string;
  type: E['type'];
  schemaVersion: number;
  streamId: string;
  streamVersion: number;
  /** Global position in the log; the consistency token the APIs hand out. */
  position: number;
  occurredAt: string;
  actor: string | null;
  correlationId: string;
  causationId: string | null;
  data: E['data'];
}

/**
 * The envelope of an event of type T; of several (`EnvelopeOf<'OrderPaid' | 'OrderExpired'>`),
 * the union of their envelopes, narrowed by `type`.
 */
export type EnvelopeOf<T extends EventType> = T extends EventType
  ? EventEnvelope<Extract<DomainEvent, { type: T }>>
  : never;

export class EventValidationError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`Invalid ${eventType} event: ${issues}`);
    this.name = 'EventValidationError';
  }
}

/** Checks type, schema version and data; throws EventValidationError. */
export function validateEvent(type: string, schemaVersion: number, data: unknown): void {
  const entry = (eventSchemas as Record<string, { version: number; schema: z.ZodType }>)[type];
  if (!entry) throw new EventValidationError(type, 'unknown event type');
  if (entry.version !== schemaVersion)
    throw new EventValidationError(type, `unsupported schema version ${schemaVersion}`);
  const result = entry.schema.safeParse(data);
  if (!result.success) throw new EventValidationError(type, z.prettifyError(result.error));
}

export const schemaVersionOf = (type: EventType) => eventSchemas[type].version;
