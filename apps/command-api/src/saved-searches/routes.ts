/**
 * Saved searches (docs/product.md §14): the signed-in user saves a catalogue query with a name,
 * opens one (which marks its new matches seen) or deletes one. Searches live in the user's own
 * stream, so another user's search id is simply not found there.
 */
import { savedSearchAnswer, savedSearchCreatedAnswer } from '@rewear/contracts/command-answers';
import {
  CATEGORIES,
  COLORS,
  CONDITIONS,
  SIZES,
  savedSearchParams,
  saveSearchBody,
  toCents,
  type ReferenceItem,
  type SaveSearchBody,
  type SavedSearchQuery,
} from '@rewear/contracts';
import { badRequest } from '@rewear/platform';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import { savedSearches } from './aggregate.ts';

/** A reference name as the lists spell it (case-insensitive), or a 400 naming the field. */
function referenceName(
  items: readonly ReferenceItem[],
  value: string | undefined,
  field: string,
): string | null {
  if (!value) return null;
  const item = items.find((candidate) => candidate.name.toLowerCase() === value.toLowerCase());
  if (!item)
    throw badRequest(`Unknown ${field}: ${value}`, [
      { path: `query.${field}`, message: 'unknown' },
    ]);
  return item.name;
}

/** Pure but for its refusals: the query as it is saved (names canonical, prices in cents). */
export function savedQueryOf(query: SaveSearchBody['query']): SavedSearchQuery {
  const saved: SavedSearchQuery = {
    q: (query.q ?? '').replace(/\s+/g, ' ').trim(),
    category: referenceName(CATEGORIES, query.category, 'category'),
    brand: query.brand ? query.brand : null,
    size: referenceName(SIZES, query.size, 'size'),
    color: referenceName(COLORS, query.color, 'color'),
    condition: referenceName(CONDITIONS, query.condition, 'condition'),
    minPriceCents: query.minPrice === undefined ? null : toCents(query.minPrice),
    maxPriceCents: query.maxPrice === undefined ? null : toCents(query.maxPrice),
  };
  if (
    saved.minPriceCents !== null &&
    saved.maxPriceCents !== null &&
    saved.minPriceCents > saved.maxPriceCents
  )
    throw badRequest('The lowest price is above the highest', [
      { path: 'query.minPrice', message: 'above maxPrice' },
    ]);
  // A keyword of punctuation alone would match every listing: it says nothing.
  if (saved.q && !/[\p{L}\p{N}]/u.test(saved.q))
    throw badRequest('The keyword needs a letter or a digit', [
      { path: 'query.q', message: 'no word' },
    ]);
  const { q, ...filters } = saved;
  if (!q && Object.values(filters).every((value) => value === null))
    throw badRequest('A saved search needs a keyword or a filter', [
      { path: 'query', message: 'empty' },
    ]);
  return saved;
}

export const savedSearchRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/saved-searches',
      summary: "Saves a catalogue query (keyword and filters) with a name, as the user's own",
      tags: ['saved searches'],
      auth: 'user',
      body: saveSearchBody,
      responses: {
        201: { description: '{ id, name, position }', body: savedSearchCreatedAnswer },
        400: 'No name, an empty query, an unknown filter value or a price range upside down',
        401: 'Not signed in',
        409: 'Too many saved searches',
      },
    },
    async handle({ user, body, ctx, deps: services }) {
      const query = savedQueryOf(body.query);
      const searchId = services.newId();
      const outcome = await savedSearches.handle(services.envFor(ctx), user.uid, {
        type: 'SaveSearch',
        userId: user.uid,
        searchId,
        name: body.name,
        query,
        savedAt: services.now().toISOString(),
      });
      return { status: 201, body: { id: searchId, name: body.name }, position: outcome.position };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/saved-searches/{id}/opened',
      summary: 'Marks a saved search opened: its new matches are seen',
      tags: ['saved searches'],
      auth: 'user',
      params: savedSearchParams,
      responses: {
        200: { description: '{ id, position }', body: savedSearchAnswer },
        401: 'Not signed in',
        404: 'Not one of your saved searches',
      },
    },
    async handle({ user, params, ctx, deps: services }) {
      const outcome = await savedSearches.handle(services.envFor(ctx), user.uid, {
        type: 'OpenSavedSearch',
        userId: user.uid,
        searchId: params.id,
        openedAt: services.now().toISOString(),
      });
      return { status: 200, body: { id: params.id }, position: outcome.position };
    },
  }),
  defineRoute({
    doc: {
      method: 'delete',
      path: '/api/saved-searches/{id}',
      summary: 'Deletes one of the user’s saved searches',
      tags: ['saved searches'],
      auth: 'user',
      params: savedSearchParams,
      responses: {
        200: { description: '{ id, position }', body: savedSearchAnswer },
        401: 'Not signed in',
        404: 'Not one of your saved searches',
      },
    },
    async handle({ user, params, ctx, deps: services }) {
      const outcome = await savedSearches.handle(services.envFor(ctx), user.uid, {
        type: 'DeleteSavedSearch',
        userId: user.uid,
        searchId: params.id,
      });
      return { status: 200, body: { id: params.id }, position: outcome.position };
    },
  }),
];
