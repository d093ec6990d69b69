/** Full search and the suggestion dropdown (typo-tolerant, last word as a prefix). */
import { filteredProductsAnswer, productListAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import { LIMITS, type FilteredProducts } from '@rewear/contracts';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { text, wholeNumber } from '../shared/schemas.ts';
import { productListJson, productListParts } from '../shared/products.ts';
import { productIndexOf } from '@rewear/features/listing/queries';
import { jsonWithMember, pageOf, type JsonAnswer } from '../shared/answers.ts';

/** Paged search: the catalogue's page size, and the true number of matches beside the page. */
const pagedSearchQuery = z.object({
  query: text().default(''),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, 100).default(LIMITS.cataloguePageSize),
});

export const searchRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/search',
      summary: 'Search results (empty without a query)',
      tags: ['Search'],
      auth: 'optional',
      query: z.object({ query: text().default(''), limit: wholeNumber(1, 200).default(50) }),
      responses: {
        200: { description: 'Product[]', body: productListAnswer },
        400: 'Invalid query',
      },
    },
    async handle({ query, deps }) {
      if (!query.query) return [];
      const result = await productIndexOf(deps.readSide).search({
        q: query.query,
        limit: query.limit,
      });
      return pageOf(result, 'search', () => productListJson(result.hits));
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/search/results',
      summary:
        'One page of search results with the number of all matches (empty without a query; 20 per page by default)',
      tags: ['Search'],
      auth: 'optional',
      query: pagedSearchQuery,
      responses: {
        200: {
          description: 'FilteredProducts { products, total, page, pageSize }',
          body: filteredProductsAnswer,
        },
        400: 'Invalid query',
      },
    },
    async handle({ query, deps }): Promise<FilteredProducts | JsonAnswer<FilteredProducts>> {
      const { page, pageSize } = query;
      if (!query.query) return { products: [], total: 0, page, pageSize };
      const result = await productIndexOf(deps.readSide).search({
        q: query.query,
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      // The engine may hand the same answer to other pages of other sizes: each its own key.
      return pageOf(result, `search-results:${page}:${pageSize}`, () =>
        jsonWithMember<FilteredProducts>('products', productListParts(result.hits), {
          total: result.total,
          page,
          pageSize,
        }),
      );
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/search/suggestions',
      summary: 'Up to 6 suggestions for 2 or more characters',
      tags: ['Search'],
      auth: 'optional',
      query: z.object({ q: text().default('') }),
      responses: {
        200: { description: 'Product[] (at most 6)', body: productListAnswer },
        400: 'Invalid query',
      },
    },
    async handle({ query, deps }) {
      if (query.q.length < LIMITS.searchMinLength) return [];
      const result = await productIndexOf(deps.readSide).search({
        q: query.q,
        limit: LIMITS.maxSuggestions,
      });
      return pageOf(result, 'suggestions', () =>
        productListJson(result.hits.slice(0, LIMITS.maxSuggestions)),
      );
    },
  }),
];
