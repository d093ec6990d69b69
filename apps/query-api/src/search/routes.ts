/** Full search and the suggestion dropdown (typo-tolerant, last word as a prefix). */
import { z } from 'zod';
import { LIMITS } from '@rewear/contracts';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { text, wholeNumber } from '../shared/schemas.ts';
import { productListJson } from '../shared/products.ts';
import { productIndexOf } from '../shared/read.ts';
import { pageOf } from '../shared/answers.ts';

export const searchRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/search',
      summary: 'Search results (empty without a query)',
      tags: ['Search'],
      auth: 'optional',
      query: z.object({ query: text().default(''), limit: wholeNumber(1, 200).default(50) }),
      responses: { 200: 'Product[]', 400: 'Invalid query' },
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
      path: '/api/search/suggestions',
      summary: 'Up to 6 suggestions for 2 or more characters',
      tags: ['Search'],
      auth: 'optional',
      query: z.object({ q: text().default('') }),
      responses: { 200: 'Product[] (at most 6)', 400: 'Invalid query' },
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
