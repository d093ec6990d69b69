/** Saved searches (docs/product.md §14): the signed-in user's own, with their new matches. */
import { toDollars, type SavedSearchView } from '@rewear/contracts';
import { requireUser } from '@rewear/platform';
import { READ_MODELS, type SavedSearchDoc } from '@rewear/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';

/** Pure: a saved search as its owner reads it. */
export function savedSearchView(doc: SavedSearchDoc): SavedSearchView {
  const { minPriceCents, maxPriceCents, ...names } = doc.query;
  return {
    id: doc._id,
    name: doc.name,
    query: {
      ...names,
      minPrice: minPriceCents === null ? null : toDollars(minPriceCents),
      maxPrice: maxPriceCents === null ? null : toDollars(maxPriceCents),
    },
    savedAt: doc.saved_at,
    lastOpenedAt: doc.last_opened_at,
    newMatches: doc.new_listing_ids.length,
  };
}

export const savedSearchRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/saved-searches',
      summary:
        "The signed-in user's saved searches, newest first, each with the new matches since it was last opened",
      tags: ['Saved searches'],
      auth: 'user',
      responses: { 200: 'SavedSearchView[]', 401: 'Not signed in' },
    },
    async handle({ ctx, deps }): Promise<SavedSearchView[]> {
      const user = requireUser(ctx);
      const docs = await deps.readSide
        .collection<SavedSearchDoc>(READ_MODELS.savedSearches)
        .find({ user_id: user.uid }, { sort: { saved_at: -1 }, readonly: true });
      return docs.map(savedSearchView);
    },
  }),
];
