/** A user's saved searches (docs/product.md §14): stream `searches-{userId}`. */
import { MAX_SAVED_SEARCHES, type EventData, type EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

/** The events of a saved-searches stream. */
export type SavedSearchesEvent = EventOf<
  'SearchSaved' | 'SavedSearchDeleted' | 'SavedSearchOpened'
>;

export interface SavedSearchesState {
  searchIds: string[];
}

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
  initialState: () => ({ searchIds: [] }),
  evolve: (state, event: SavedSearchesEvent) => {
    switch (event.type) {
      case 'SearchSaved':
        return { searchIds: [...state.searchIds, event.data.searchId] };
      case 'SavedSearchDeleted':
        return { searchIds: state.searchIds.filter((id) => id !== event.data.searchId) };
      default:
        return state;
    }
  },
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
