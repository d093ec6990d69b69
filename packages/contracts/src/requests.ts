/**
 * Request bodies and path parameters of the command API (docs/product.md §7), as zod schemas. The
 * command API validates with them and documents them in OpenAPI; the client may validate
 * forms with them too. No transforms, so each stays representable as JSON Schema.
 */
import { z } from 'zod';
import { toCents } from './money.ts';
import { photoIdList } from './photos.ts';
import { CONTACT_LIMITS, CONTACT_MESSAGES, CONTACT_TOPICS } from './contact.ts';

export const idParam = z.string().trim().min(1).max(128);
const quantity = z.number().int().min(1).max(999);
const refId = z.number().int().positive();
const refIdList = z.array(refId).max(20);

/**
 * Dollars as a number or a numeric string, at least 0, at most 2 decimals. The refinement is
 * not representable, so the JSON Schema says the same in its own words.
 */
export const dollarAmount = z
  .union([z.number(), z.string().max(20)])
  .refine((value) => {
    const cents = toCents(value);
    return (
      cents !== null &&
      cents >= 0 &&
      cents <= 100_000_000 &&
      Math.abs(Number(value) * 100 - cents) < 1e-6
    );
  }, 'must be an amount in dollars, at least 0, with at most 2 decimals')
  .meta({
    anyOf: [
      { type: 'number', minimum: 0, maximum: 1_000_000, multipleOf: 0.01 },
      { type: 'string', pattern: '^\\d{1,6}(\\.\\d{1,2})?$' },
    ],
  });

export const registerUserBody = z.object({
  uid: idParam,
  email: z.string().trim().email().max(254),
  display_name: z.string().trim().max(200).nullish(),
  photo_url: z.string().max(2048).nullish(),
});

/** DELETE /api/me: the member confirms by typing DELETE. */
export const deleteAccountBody = z.object({
  confirm: z.literal('DELETE', {
    error: 'Type DELETE to confirm that the account should be deleted',
  }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const createCartBody = z.object({ userId: idParam });
export const cartItemBody = z.object({
  cartId: idParam,
  productId: idParam,
  quantity: quantity.default(1),
});
export const removeCartItemBody = z.object({
  cartId: idParam,
  productId: idParam,
  quantity: quantity.optional(),
});
export const updateCartItemBody = z.object({
  cartId: idParam,
  productId: idParam,
  quantity: z.number().int().min(-999).max(999),
});
export const clearCartBody = z.object({ cartId: idParam });
export const mergeCartBody = z.object({
  cartId: idParam,
  items: z.array(z.object({ productId: idParam, quantity })).max(200),
});

export const addWishlistBody = z.object({ userId: idParam, productId: idParam });
export const wishlistItemParams = z.object({ uid: idParam, productId: idParam });
export const wishlistParams = z.object({ uid: idParam });

export const shippingInfoBody = z.object({
  name: z.string().trim().min(1, 'Please fill in your name').max(200),
  address: z.string().trim().min(1, 'Please fill in your address').max(300),
  city: z.string().trim().min(1, 'Please fill in your city').max(120),
  state: z.string().trim().min(1, 'Please fill in your state').max(120),
  zip: z.string().trim().min(1, 'Please fill in your zip').max(20),
  email: z.string().trim().min(1, 'Please fill in your email').email().max(254),
});
export const createOrderBody = z.object({
  userId: idParam,
  orderItems: z
    .array(z.object({ productId: idParam, quantity, unitPrice: dollarAmount }))
    .min(1, 'Invalid order data')
    .max(50),
  shippingInfo: shippingInfoBody,
});
export const orderParams = z.object({ id: idParam });
export const updatePaymentBody = z.object({ stripePaymentId: z.string().trim().min(1).max(200) });

const conditionIds = z.union([refId, refIdList.min(1)]);
const stockUnits = z.number().int().max(10_000);
/** A listing's fields as the seller sends them, without defaults (an update sends some). */
const listingShape = {
  title: z.string().trim().min(1).max(200),
  price: dollarAmount,
  description: z.string().trim().min(1).max(5000),
  brand_id: z.union([idParam, z.number().int().positive()]),
  category_id: z.coerce.number().int().positive(),
  condition_ids: conditionIds,
  size_ids: refIdList,
  color_ids: refIdList,
  image: z.string().trim().max(2048),
  gallery: z.array(z.string().max(2048)).max(12),
  /**
   * Photos the seller uploaded (POST /api/photos), in gallery order, the first the cover. When
   * given and not empty, they are the listing's image and gallery.
   */
  photos: photoIdList,
  /** What the item cost new: at least the price, or null for none. */
  original_price: dollarAmount.nullable(),
  /** Ignored: the seller is always the signed-in user. */
  seller_id: z.string().max(128),
};
export const createListingBody = z.object({
  ...listingShape,
  size_ids: listingShape.size_ids.default([]),
  color_ids: listingShape.color_ids.default([]),
  image: listingShape.image.default(''),
  gallery: listingShape.gallery.optional(),
  photos: listingShape.photos.optional(),
  original_price: listingShape.original_price.optional(),
  stock: stockUnits.min(1).default(1),
  seller_id: listingShape.seller_id.optional(),
});
/** Only the fields sent change. `stock` here: the units still for sale (sold ones not counted). */
export const updateListingBody = z
  .object(listingShape)
  .partial()
  .extend({ stock: stockUnits.min(0).optional() });
export const listingParams = z.object({ id: idParam });

export const createBrandBody = z.object({
  name: z.string().trim().min(1).max(100),
  image: z.string().max(2048).nullish(),
});
export const findOrCreateBrandBody = z.object({ name: z.string().trim().min(1).max(100) });

export const newsletterBody = z.object({ email: z.string().trim().email().max(254) });

/**
 * POST /api/contact (docs/product.md §2.23). A visitor gives an email to be answered at; a
 * signed-in user may, else their account's is used (the route says which).
 */
export const contactMessageBody = z.object({
  topic: z.enum(CONTACT_TOPICS, { error: CONTACT_MESSAGES.topic }),
  subject: z
    .string(CONTACT_MESSAGES.subject)
    .trim()
    .min(CONTACT_LIMITS.subjectMin, CONTACT_MESSAGES.subject)
    .max(CONTACT_LIMITS.subjectMax, CONTACT_MESSAGES.subject),
  message: z
    .string(CONTACT_MESSAGES.message)
    .trim()
    .min(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.message)
    .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.message),
  email: z
    .string(CONTACT_MESSAGES.email)
    .trim()
    .max(CONTACT_LIMITS.emailMax, CONTACT_MESSAGES.email)
    .email(CONTACT_MESSAGES.email)
    .optional(),
  name: z
    .string(CONTACT_MESSAGES.name)
    .trim()
    .max(CONTACT_LIMITS.nameMax, CONTACT_MESSAGES.name)
    .optional(),
});

export const createCollectionBody = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  productIds: z.array(idParam).max(200).default([]),
  isPublic: z.boolean().default(true),
});
export const collectionParams = z.object({ id: idParam });
