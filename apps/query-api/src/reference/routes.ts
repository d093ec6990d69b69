/** Brands and categories, with counts of listed products from the search index's facets. */
import {
  brandListAnswer,
  brandViewAnswer,
  brandsWithCountAnswer,
  categoryListAnswer,
  categoryViewAnswer,
} from '@rewear/contracts/answers';
import { z } from 'zod';
import {
  CATEGORIES,
  type BrandView,
  type BrandWithCount,
  type CategoryView,
} from '@rewear/contracts';
import { notFound } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { BrandDoc } from '@rewear/features/listing/projection';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { categoryParam, idParam, wholeNumber } from '../shared/schemas.ts';
import { productIndexOf, scopeFilter } from '@rewear/features/listing/queries';

const toBrandView = (b: BrandDoc): BrandView => ({ id: b._id, name: b.name, image: b.image });

export const referenceRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/brands/',
      summary: 'All brands, A→Z',
      tags: ['Brands'],
      auth: 'optional',
      responses: { 200: { description: 'BrandView[]', body: brandListAnswer } },
    },
    async handle({ deps }) {
      const brands = await deps.readSide
        .collection<BrandDoc>(READ_MODELS.brands)
        .find({}, { sort: { name: 1 } });
      return brands.map(toBrandView);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/brands/brands-with-count',
      summary: 'Brands with their number of listed products, optionally in one category',
      tags: ['Brands'],
      auth: 'optional',
      query: z.object({ category: categoryParam.optional() }),
      responses: {
        200: { description: 'BrandWithCount[]', body: brandsWithCountAnswer },
        400: 'Invalid query',
      },
    },
    async handle({ query, deps }): Promise<BrandWithCount[]> {
      const { facets } = await productIndexOf(deps.readSide).search({
        filter: scopeFilter(query),
        limit: 0,
        facets: ['brand_name'],
      });
      return Object.entries(facets.brand_name ?? {})
        .filter(([name, count]) => name !== '' && count > 0)
        .map(([brand_name, product_count]) => ({ brand_name, product_count }))
        .sort(
          (a, b) => b.product_count - a.product_count || a.brand_name.localeCompare(b.brand_name),
        );
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/brands/{id}',
      summary: 'One brand',
      tags: ['Brands'],
      auth: 'optional',
      params: z.object({ id: idParam }),
      responses: {
        200: { description: 'BrandView', body: brandViewAnswer },
        404: 'Brand not found',
      },
    },
    async handle({ params, deps }) {
      const brand = await deps.readSide
        .collection<BrandDoc>(READ_MODELS.brands)
        .findOne({ _id: params.id });
      if (!brand) throw notFound('Brand not found');
      return toBrandView(brand);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/categories/',
      summary: 'The fixed categories with their number of listed products',
      tags: ['Categories'],
      auth: 'optional',
      responses: { 200: { description: 'CategoryView[]', body: categoryListAnswer } },
    },
    async handle({ deps }): Promise<CategoryView[]> {
      const { facets } = await productIndexOf(deps.readSide).search({
        limit: 0,
        facets: ['category_name'],
      });
      return CATEGORIES.map((c) => ({
        id: c.id,
        name: c.name,
        image: c.image,
        description: c.description,
        itemCount: facets.category_name?.[c.name] ?? 0,
      }));
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/categories/{id}',
      summary: 'One category',
      tags: ['Categories'],
      auth: 'optional',
      params: z.object({ id: wholeNumber(1, 1_000_000) }),
      responses: {
        200: { description: 'CategoryView', body: categoryViewAnswer },
        404: 'Category not found',
      },
    },
    async handle({ params, deps }): Promise<CategoryView> {
      const category = CATEGORIES.find((c) => c.id === params.id);
      if (!category) throw notFound('Category not found');
      const { total } = await productIndexOf(deps.readSide).search({
        filter: { category_name: category.name },
        limit: 0,
      });
      return {
        id: category.id,
        name: category.name,
        image: category.image,
        description: category.description,
        itemCount: total,
      };
    },
  }),
];
