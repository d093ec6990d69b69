/**
 * Collections' domain (docs/product.md §3, §9): a user's own collection of products, and who
 * follows a collection (a user's or an algorithmic one). Both sides fold the same rules: a
 * collection is created once, each user follows it once, and a user collection is shown to its
 * owner, or to anyone once it is public. Pure.
 */
import { COLLECTION_SIZES, type CollectionId, type EventOf } from '@rewear/contracts';

/** The events of a collection's stream (`collection-{id}`). */
export const COLLECTION_EVENTS = ['CollectionCreated', 'CollectionFollowed'] as const;

export type CollectionEvent = EventOf<(typeof COLLECTION_EVENTS)[number]>;

/** The algorithmic collections' ids, in the order they are listed. */
export const ALGORITHMIC_COLLECTION_IDS = Object.keys(COLLECTION_SIZES) as CollectionId[];

/** Whether `id` names an algorithmic collection (computed, always there, followed by anyone). */
export const isAlgorithmicCollection = (id: string): id is CollectionId =>
  Object.hasOwn(COLLECTION_SIZES, id);

export interface CollectionState {
  created: boolean;
  ownerId: string;
  isPublic: boolean;
  followers: string[];
}

export const initialCollection = (): CollectionState => ({
  created: false,
  ownerId: '',
  isPublic: false,
  followers: [],
});

/** The followers once `userId` follows: each user once, so a repeated follow changes nothing. */
export const withFollower = (followers: string[], userId: string): string[] =>
  followers.includes(userId) ? followers : [...followers, userId];

/**
 * Whether a user collection is shown to `uid` (none: a visitor): it was created, and it is
 * public or theirs. Anyone else is answered as if it did not exist.
 */
export const userCollectionShownTo = (
  collection: Pick<CollectionState, 'created' | 'ownerId' | 'isPublic'>,
  uid: string | undefined,
): boolean => collection.created && (collection.isPublic || collection.ownerId === uid);

export function evolveCollection(state: CollectionState, event: CollectionEvent): CollectionState {
  if (event.type === 'CollectionCreated')
    return { ...state, created: true, ownerId: event.data.ownerId, isPublic: event.data.isPublic };
  if (event.type === 'CollectionFollowed') {
    const followers = withFollower(state.followers, event.data.userId);
    return followers === state.followers ? state : { ...state, followers };
  }
  return state;
}
