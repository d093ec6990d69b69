import {
  listingAnswer as listingAnswerSchema,
  listingDeletedAnswer,
} from '@rewear/contracts/command-answers';
import {
  COLORS,
  CONDITIONS,
  SIZES,
  categoryById,
  toCents,
  createListingBody,
  listingParams,
  updateListingBody,
} from '@rewear/contracts';
import { badRequest, forbidden, type AuthenticatedUser } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import type { CommandServices } from '../shared/services.ts';
import { listingAnswer } from '@rewear/features/listing/domain';
import { brands } from '../brand/aggregate.ts';
import { listings } from './aggregate.ts';
import { photos } from '../photo/aggregate.ts';
import { users } from '../user/aggregate.ts';
import { requireGoodStanding, SANCTIONED } from '../moderation/standing.ts';

const known = (list: readonly { id: number }[], ids: number[], field: string) => {
  const unknown = ids.filter((id) => !list.some((item) => item.id === id));
  if (unknown.length)
    throw badRequest(`Invalid ${field}: unknown id ${unknown.join(', ')}`, [
      { path: field, message: 'unknown id' },
    ]);
  return [...new Set(ids)];
};

async function brandName(services: CommandServices, brandId: string): Promise<string | null> {
  const { state } = await brands.load(services.aggregates, brandId);
  return state.exists ? state.name : null;
}

async function checkBrand(services: CommandServices, brandId: string) {
  const name = await brandName(services, brandId);
  if (name === null)
    throw badRequest('Invalid brand_id: brand not found', [
      { path: 'brand_id', message: 'brand not found' },
    ]);
  return name;
}

function checkCategory(categoryId: number) {
  if (!categoryById(categoryId))
    throw badRequest('Invalid category_id: category not found', [
      { path: 'category_id', message: 'category not found' },
    ]);
}

/**
 * A seller attaches only photos they uploaded: an unknown id is a 400, another user's photo a
 * 403. Checked before anything is recorded.
 */
async function checkPhotos(services: CommandServices, user: AuthenticatedUser, ids?: string[]) {
  if (!ids?.length) return;
  if (new Set(ids).size !== ids.length)
    throw badRequest('Each photo may be in a listing once', [
      { path: 'photos', message: 'repeated photo' },
    ]);
  const states = await Promise.all(
    ids.map(async (id) => [id, (await photos.load(services.aggregates, id)).state] as const),
  );
  const unknown = states.filter(([, state]) => !state.exists).map(([id]) => id);
  if (unknown.length)
    throw badRequest(`Unknown photo: ${unknown.join(', ')}`, [
      { path: 'photos', message: 'unknown photo' },
    ]);
  if (states.some(([, state]) => state.ownerId !== user.uid))
    throw forbidden('You can only add photos you uploaded');
}

/** The seller's public name: the token's name, else the registered display name, else the email's local part. */
async function sellerNameOf(services: CommandServices, user: AuthenticatedUser): Promise<string> {
  if (user.name?.trim()) return user.name.trim().slice(0, 200);
  const { state } = await users.load(services.aggregates, user.uid);
  if (state.displayName?.trim()) return state.displayName.trim().slice(0, 200);
  return user.email?.split('@')[0] ?? 'Seller';
}

const asList = (ids: number | number[]) => (Array.isArray(ids) ? ids : [ids]);

export const listingRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/products',
      summary: 'Creates a listing; the seller is the signed-in user, whatever the body says',
      tags: ['products'],
      auth: 'user',
      body: createListingBody,
      responses: {
        201: { description: 'The listing (with position)', body: listingAnswerSchema },
        400: 'Invalid fields, brand or category',
        403: SANCTIONED,
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      await requireGoodStanding(services, user.uid);
      const brandId = String(body.brand_id);
      checkCategory(body.category_id);
      const brand = await checkBrand(services, brandId);
      await checkPhotos(services, user, body.photos);
      const listingId = services.newId();
      const now = services.now();
      const outcome = await listings.handle(services.envFor(ctx), listingId, {
        type: 'CreateListing',
        listingId,
        createdAt: now.toISOString(),
        fields: {
          sellerId: user.uid,
          sellerName: await sellerNameOf(services, user),
          sellerPhoto: user.picture,
          stock: body.stock,
          title: body.title,
          description: body.description,
          priceCents: toCents(body.price)!,
          originalPriceCents: body.original_price == null ? null : toCents(body.original_price),
          image: body.image,
          gallery: body.gallery ?? (body.image ? [body.image] : []),
          ...(body.photos?.length ? { photos: body.photos } : {}),
          brandId,
          categoryId: body.category_id,
          conditionIds: known(CONDITIONS, asList(body.condition_ids), 'condition_ids'),
          sizeIds: known(SIZES, body.size_ids, 'size_ids'),
          colorIds: known(COLORS, body.color_ids, 'color_ids'),
        },
      });
      return {
        status: 201,
        body: { ...listingAnswer(outcome.state, brand, now) },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'put',
      path: '/api/products/{id}',
      summary: 'Updates a listing (its seller only)',
      tags: ['products'],
      auth: 'user',
      params: listingParams,
      body: updateListingBody,
      responses: {
        200: { description: 'The listing (with position)', body: listingAnswerSchema },
        403: `Not the seller; or ${SANCTIONED}`,
        404: 'Product not found',
      },
    },
    async handle({ user, params, body, ctx, deps: services }) {
      await requireGoodStanding(services, user.uid);
      const changes: Record<string, unknown> = {};
      if (body.title !== undefined) changes.title = body.title;
      if (body.description !== undefined) changes.description = body.description;
      if (body.price !== undefined) changes.priceCents = toCents(body.price)!;
      if (body.original_price !== undefined)
        changes.originalPriceCents =
          body.original_price === null ? null : toCents(body.original_price);
      if (body.image !== undefined) changes.image = body.image;
      if (body.gallery !== undefined) changes.gallery = body.gallery;
      if (body.photos !== undefined) {
        await checkPhotos(services, user, body.photos);
        changes.photos = body.photos;
      }
      if (body.category_id !== undefined) {
        checkCategory(body.category_id);
        changes.categoryId = body.category_id;
      }
      if (body.brand_id !== undefined) {
        await checkBrand(services, String(body.brand_id));
        changes.brandId = String(body.brand_id);
      }
      if (body.condition_ids !== undefined)
        changes.conditionIds = known(CONDITIONS, asList(body.condition_ids), 'condition_ids');
      if (body.size_ids !== undefined) changes.sizeIds = known(SIZES, body.size_ids, 'size_ids');
      if (body.color_ids !== undefined)
        changes.colorIds = known(COLORS, body.color_ids, 'color_ids');
      const outcome = await listings.handle(services.envFor(ctx), params.id, {
        type: 'UpdateListing',
        actorId: user.uid,
        changes,
        unitsForSale: body.stock,
      });
      const brand = (await brandName(services, outcome.state.fields!.brandId)) ?? '';
      return {
        status: 200,
        body: { ...listingAnswer(outcome.state, brand, services.now()) },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'delete',
      path: '/api/products/{id}',
      summary: 'Deletes a listing (its seller only)',
      tags: ['products'],
      auth: 'user',
      params: listingParams,
      responses: {
        200: { description: '{ message, product_id, position }', body: listingDeletedAnswer },
        403: 'Not the seller',
        404: 'Product not found',
      },
    },
    async handle({ user, params, ctx, deps: services }) {
      const outcome = await listings.handle(services.envFor(ctx), params.id, {
        type: 'DeleteListing',
        actorId: user.uid,
      });
      return {
        status: 200,
        body: { message: 'Product deleted successfully', product_id: params.id },
        position: outcome.position,
      };
    },
  }),
];
