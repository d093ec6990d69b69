/**
 * Saved searches' command face (docs/product.md §14): stream `searches-{userId}`. Saving is
 * refused past MAX_SAVED_SEARCHES; deleting or opening a search the user does not have is a 404.
 * Which searches they have is the domain's (`./domain.ts`).
 */
import { MAX_SAVED_SEARCHES, type EventData } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import {
  evolveSavedSearches,
  initialSavedSearches,
  type SavedSearchesEvent,
  type SavedSearchesState,
} from './domain.ts';

export type { SavedSearchesEvent, SavedSearchesState } from './domain.ts';

export type SavedSearchesCommand =
  | ({ type: 'SaveSearch' } & EventData<'SearchSaved'>)
  | { type: 'DeleteSavedSearch'; userId: string; searchId: string }
  | { type: 'OpenSavedSearch'; userId: string; searchId: string; openedAt: string };

const notFound = () => reject('not_found', 'Saved search not found');

export const savedSearchesDecider: Decider<
  SavedSearchesState,
  SavedSearchesCommand,
  SavedSearchesEvent
> = {
  initialState: initialSavedSearches,
  evolve: evolveSavedSearches,
  decide: (command, state) => {
    switch (command.type) {
      case 'SaveSearch': {
        if (state.searchIds.length >= MAX_SAVED_SEARCHES)
          return reject(
            'conflict',
            `You have ${MAX_SAVED_SEARCHES} saved searches: delete one before saving another`,
          );
        const { type: _type, ...data } = command;
        return [{ type: 'SearchSaved', data }];
      }
      case 'DeleteSavedSearch':
        if (!state.searchIds.includes(command.searchId)) return notFound();
        return [
          {
            type: 'SavedSearchDeleted',
            data: { userId: command.userId, searchId: command.searchId },
          },
        ];
      case 'OpenSavedSearch':
        if (!state.searchIds.includes(command.searchId)) return notFound();
        return [
          {
            type: 'SavedSearchOpened',
            data: {
              userId: command.userId,
              searchId: command.searchId,
              openedAt: command.openedAt,
            },
          },
        ];
    }
  },
};
