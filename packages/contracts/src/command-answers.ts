/**
 * The answers of command-api's routes as zod schemas (docs/api.md): each carries `position`, the
 * position of the command's last event (also in the `x-event-position` header). Like answers.ts,
 * not exported from the package's index: import them from '@rewear/contracts/command-answers';
 * the client imports the types inferred from them only.
 */
import { z } from 'zod';
import {
  decisionViewAnswer,
  orderStatusAnswer,
  productAnswer,
  reviewViewAnswer,
  shipmentStatusAnswer,
} from './answers.ts';
import { OFFER_STATUSES } from './offer-rules.ts';

/** Every command answer carries the position of its last event (the consistency token). */
const position = z.number().int();

/** A command's answer: `fields` and the position. */
const answer = <Shape extends z.ZodRawShape>(fields: Shape) =>
  z.strictObject({ ...fields, position });

export const commandAnswer = answer({});

// Listings and brands.

/** POST /api/products, PUT /api/products/{id}: the listing as the product pages show it. */
export const listingAnswer = productAnswer.extend({ position }).meta({ id: 'ListingAnswer' });
export const listingDeletedAnswer = answer({
  message: z.literal('Product deleted successfully'),
  product_id: z.string(),
});
export const brandAnswer = answer({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export const brandFoundAnswer = answer({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** False when the brand existed. */
  created: z.boolean(),
});

/** The answer of POST /api/photos. */
export const uploadedPhotoAnswer = answer({
  photoId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The three WebP sizes' URLs (content-addressed: a browser may keep them for good). */
  urls: z.strictObject({ thumbnail: z.string(), card: z.string(), full: z.string() }),
});

// Users, carts and wishlists.

export const userRegisteredAnswer = answer({ uid: z.string() });
/** DELETE /api/me: the account is closed and its personal data erased. */
export const accountDeletedAnswer = answer({
  deleted: z.literal(true),
  /** The member's listings that were deleted with it. */
  listingsDeleted: z.number().int().nonnegative(),
});
export const cartCreatedAnswer = answer({ id: z.string() });
/** add-item and update-item: the line's quantity after the command (0: gone). */
export const cartLineChangedAnswer = answer({
  cartId: z.string(),
  productId: z.string(),
  quantity: z.number().int(),
});
export const cartClearedAnswer = answer({ cartId: z.string() });
export const cartMergedAnswer = answer({
  id: z.string(),
  items: z.array(z.strictObject({ productId: z.string(), quantity: z.number().int() })),
  skipped: z.array(
    z.strictObject({ productId: z.string(), reason: z.enum(['not_found', 'sold_out']) }),
  ),
});
export const wishlistItemAnswer = answer({ userId: z.string(), productId: z.string() });
export const wishlistClearedAnswer = answer({ userId: z.string(), removed: z.number().int() });

// Orders and payments.

/** POST /api/orders and POST /api/orders/{id}/resume-payment. */
export const orderCreatedAnswer = answer({
  order: z.strictObject({
    id: z.string(),
    status: orderStatusAnswer,
    total_price: z.number(),
    expires_at: z.string(),
  }),
  clientSecret: z.string(),
  paymentIntentId: z.string(),
}).meta({ id: 'OrderCreated' });
export const orderPaidAnswer = answer({
  order: z.strictObject({ id: z.string(), status: orderStatusAnswer }),
});
export const paymentWebhookAnswer = answer({ received: z.literal(true), handled: z.boolean() });
/** The simulated card processor's confirmation (no position: it is not a command). */
export const paymentIntentConfirmedAnswer = z.strictObject({
  paymentIntent: z.strictObject({ id: z.string(), status: z.string() }),
});

// Shipments and reviews.

/** Every shipment step and the operators' settlement. */
export const shipmentChangedAnswer = answer({
  shipment: z.strictObject({
    shipmentId: z.string(),
    status: shipmentStatusAnswer,
    refunded: z.boolean(),
  }),
}).meta({ id: 'ShipmentChanged' });

/** The command answer of POST and PUT /api/shipments/{shipmentId}/review. */
export const reviewLeftAnswer = answer({ review: reviewViewAnswer.omit({ authorName: true }) });

// Offers, messages, bundles, follows, collections.

/** An offer after a command on it, in dollars. */
const offerChanged = z.strictObject({
  offerId: z.string(),
  status: z.enum(OFFER_STATUSES),
  amount: z.number(),
  counterAmount: z.number().nullable(),
  holdsUntil: z.string().nullable(),
});
export const offerMadeAnswer = answer({ conversationId: z.string(), offer: offerChanged });
export const offerAnsweredAnswer = answer({ offer: offerChanged });
export const messageSentAnswer = answer({ conversationId: z.string() });
export const bundleDiscountsSetAnswer = answer({
  sellerId: z.string(),
  tiers: z.array(z.strictObject({ minItems: z.number().int(), percent: z.number().int() })),
});
/** PUT and DELETE /api/me/holiday: the holiday set (null: none). */
export const holidayAnswer = answer({
  holiday: z.strictObject({ from: z.string(), until: z.string() }).nullable(),
});
export const sellerFollowAnswer = answer({ sellerId: z.string(), following: z.boolean() });
/** POST and DELETE /api/members/{uid}/block: whether the caller blocks the member now. */
export const memberBlockAnswer = answer({ memberId: z.string(), blocked: z.boolean() });
export const collectionCreatedAnswer = answer({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  productIds: z.array(z.string()),
  isPublic: z.boolean(),
  type: z.literal('user'),
  owner_id: z.string(),
});
export const collectionFollowedAnswer = answer({ id: z.string(), following: z.literal(true) });

// Saved searches, newsletter, notifications, contact.

export const savedSearchCreatedAnswer = answer({ id: z.string(), name: z.string() });
export const savedSearchAnswer = answer({ id: z.string() });
export const newsletterAnswer = answer({ message: z.string() });
export const notificationsReadAnswer = answer({
  /** The mark now, never after the present. */
  readUpTo: z.string(),
});
export const contactMessageReceivedAnswer = answer({
  messageId: z.string(),
  /** 'Thanks, we received your message. We will reply to {email}.' */
  message: z.string(),
  /** The address the reply goes to. */
  replyTo: z.string(),
});

// Reports and moderation.

/** POST /api/reports: received. */
export const reportFiledAnswer = answer({
  reportId: z.string(),
  caseId: z.string(),
  /** 'Thanks, we received your report. We will tell you what we decide.' */
  message: z.string(),
});
/** A moderator's decision, an appeal, an appeal's decision: the decision as it reads now. */
export const decisionAnswer = answer({ decision: decisionViewAnswer });
