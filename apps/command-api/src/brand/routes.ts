import { brandAnswer, brandFoundAnswer } from '@rewear/contracts/command-answers';
import {
  streamIdOf,
  type DomainEvent,
  createBrandBody,
  findOrCreateBrandBody,
} from '@rewear/contracts';
import { conflict } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import type { CommandServices } from '../shared/services.ts';
import { brandIdForName } from '@rewear/features/listing/decider';
import { brands } from './aggregate.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A brand already known under this name (trimmed, any case). Brands created here live on a
 * stream named after the name; brands that came another way (the seed) are found in the read model.
 */
async function existingBrand(services: CommandServices, name: string) {
  const derived = await services.eventStore.readStream(streamIdOf('brand', brandIdForName(name)));
  const created = derived[0] as DomainEvent | undefined;
  if (created?.type === 'BrandCreated') return created.data;
  if (!services.readSide) return null;
  const pattern = `^\\s*${escapeRegExp(name.trim()).replace(/\s+/g, '\\s+')}\\s*$`;
  const doc = await services.readSide
    .collection('brands')
    .findOne({ name: { $regex: pattern, $options: 'i' } });
  if (!doc) return null;
  return { brandId: doc._id, name: String(doc.name), image: (doc.image as string | null) ?? null };
}

export const brandRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/brands',
      summary: 'Creates a brand',
      tags: ['brands'],
      auth: 'user',
      body: createBrandBody,
      responses: {
        201: { description: '{ id, name, image, position }', body: brandAnswer },
        409: 'Brand already exists',
      },
    },
    async handle({ body, ctx, deps: services }) {
      if (await existingBrand(services, body.name)) throw conflict('Brand already exists');
      const brandId = brandIdForName(body.name);
      const outcome = await brands.handle(services.envFor(ctx), brandId, {
        type: 'CreateBrand',
        brandId,
        name: body.name.trim(),
        image: body.image ?? null,
      });
      return {
        status: 201,
        body: { id: brandId, name: body.name.trim(), image: body.image ?? null },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/brands/find-or-create',
      summary: 'The brand with this name (trimmed, case-insensitive), created if there is none',
      tags: ['brands'],
      auth: 'user',
      body: findOrCreateBrandBody,
      responses: {
        200: {
          description: '{ id, name, image, created: false, position }',
          body: brandFoundAnswer,
        },
        201: {
          description: '{ id, name, image, created: true, position }',
          body: brandFoundAnswer,
        },
      },
    },
    async handle({ body, ctx, deps: services }) {
      const found = await existingBrand(services, body.name);
      if (found)
        return {
          status: 200,
          body: { id: found.brandId, name: found.name, image: found.image, created: false },
          position: 0,
        };
      const brandId = brandIdForName(body.name);
      const outcome = await brands.handle(services.envFor(ctx), brandId, {
        type: 'EnsureBrand',
        brandId,
        name: body.name.trim(),
        image: null,
      });
      // A racing request may have created it first: then this one found it.
      const created = outcome.events.length > 0;
      return {
        status: created ? 201 : 200,
        body: { id: brandId, name: outcome.state.name, image: outcome.state.image, created },
        position: outcome.position,
      };
    },
  }),
];
