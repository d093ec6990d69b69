/**
 * Saved searches (docs/product.md §14): the signed-in user's own, with their new matches.
 * Mounted from the saved searches feature's query face.
 */
import { savedSearchListAnswer } from '@rewear/contracts/answers';
import type { SavedSearchView } from '@rewear/contracts';
import { savedSearchesOf, savedSearchView } from '@rewear/features/saved-searches/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';

export const savedSearchRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/saved-searches',
      summary:
        "The signed-in user's saved searches, newest first, each with the new matches since it was last opened",
      tags: ['Saved searches'],
      auth: 'user',
      responses: {
        200: { description: 'SavedSearchView[]', body: savedSearchListAnswer },
        401: 'Not signed in',
      },
    },
    async handle({ user, deps }): Promise<SavedSearchView[]> {
      const docs = await savedSearchesOf(deps.readSide, user.uid);
      return docs.map(savedSearchView);
    },
  }),
];
