/** User collections, and follows of user or algorithmic collections: stream `collection-{id}`. */
import { COLLECTION_SIZES, type EventData, type EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

/** The events of a collection stream. */
export type CollectionEvent = EventOf<'CollectionCreated' | 'CollectionFollowed'>;

export interface CollectionState {
  created: boolean;
  ownerId: string;
  isPublic: boolean;
  followers: string[];
}

export type CollectionCommand =
  | ({ type: 'CreateCollection' } & EventData<'CollectionCreated'>)
  | { type: 'FollowCollection'; collectionId: string; userId: string };

const isAlgorithmic = (id: string) => Object.hasOwn(COLLECTION_SIZES, id);

export const collectionDecider: Decider<CollectionState, CollectionCommand, CollectionEvent> = {
  initialState: () => ({ created: false, ownerId: '', isPublic: false, followers: [] }),
  evolve: (state, event: CollectionEvent) => {
    if (event.type === 'CollectionCreated')
      return {
        ...state,
        created: true,
        ownerId: event.data.ownerId,
        isPublic: event.data.isPublic,
      };
    if (event.type === 'CollectionFollowed')
      return { ...state, followers: [...state.followers, event.data.userId] };
    return state;
  },
  decide: (command, state) => {
    if (command.type === 'CreateCollection') {
      if (state.created) return reject('conflict', 'Collection already exists');
      const { type: _type, ...data } = command;
      return [{ type: 'CollectionCreated', data }];
    }
    const visible =
      isAlgorithmic(command.collectionId) ||
      (state.created && (state.isPublic || state.ownerId === command.userId));
    if (!visible) return reject('not_found', 'Collection not found');
    if (state.followers.includes(command.userId)) return [];
    return [
      {
        type: 'CollectionFollowed',
        data: { collectionId: command.collectionId, userId: command.userId },
      },
    ];
  },
};
