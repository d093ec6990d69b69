/**
 * Collections' command face: user collections, and follows of user or algorithmic collections,
 * on stream `collection-{id}`. The state and the rules of who sees a collection are the domain's
 * (`./domain.ts`).
 */
import type { EventData } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import {
  evolveCollection,
  initialCollection,
  isAlgorithmicCollection,
  userCollectionShownTo,
  type CollectionEvent,
  type CollectionState,
} from './domain.ts';

export type { CollectionEvent, CollectionState } from './domain.ts';

export type CollectionCommand =
  | ({ type: 'CreateCollection' } & EventData<'CollectionCreated'>)
  | { type: 'FollowCollection'; collectionId: string; userId: string };

export const collectionDecider: Decider<CollectionState, CollectionCommand, CollectionEvent> = {
  initialState: initialCollection,
  evolve: evolveCollection,
  decide: (command, state) => {
    if (command.type === 'CreateCollection') {
      if (state.created) return reject('conflict', 'Collection already exists');
      const { type: _type, ...data } = command;
      return [{ type: 'CollectionCreated', data }];
    }
    const visible =
      isAlgorithmicCollection(command.collectionId) || userCollectionShownTo(state, command.userId);
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
