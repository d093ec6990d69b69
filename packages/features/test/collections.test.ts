/**
 * A collection is created once, each user follows it once, and who may see a user collection is
 * written once (src/collections/domain.ts: withFollower, userCollectionShownTo): the state the
 * decider folds from a collection's stream and the document the projection keeps from the same
 * events agree at every step, and the query face shows the collection to exactly those the
 * decider lets follow it.
 */
import { describe, expect, it } from 'vitest';
import { collectionDecider, type CollectionEvent } from '@rewear/features/collections/decider';
import { userCollectionShownTo, type CollectionState } from '@rewear/features/collections/domain';
import {
  projectUserCollection,
  userCollectionsProjector,
  type UserCollectionDoc,
  type UserCollectionEvent,
} from '@rewear/features/collections/projection';
import { collectionShownTo } from '@rewear/features/collections/queries';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (i: number) => new Date(T0 + i * 1000).toISOString();

const created = (isPublic: boolean): CollectionEvent => ({
  type: 'CollectionCreated',
  data: {
    collectionId: 'k1',
    ownerId: 'owner',
    title: 'Summer',
    description: 'Light pieces',
    productIds: ['p1', 'p2'],
    isPublic,
  },
});
const followed = (userId: string): CollectionEvent => ({
  type: 'CollectionFollowed',
  data: { collectionId: 'k1', userId },
});

const STREAMS: Array<[string, CollectionEvent[]]> = [
  ['a public collection', [created(true)]],
  ['a private one', [created(false)]],
  ['followed by two', [created(true), followed('u2'), followed('u1')]],
  ['a follow delivered twice', [created(true), followed('u1'), followed('u1')]],
  ['followed by its owner', [created(false), followed('owner')]],
];

/** What both sides know of a collection, from the document. */
const stateOfDoc = (doc: UserCollectionDoc | null): CollectionState =>
  doc
    ? {
        created: doc.owner_id !== '',
        ownerId: doc.owner_id,
        isPublic: doc.is_public,
        followers: [...doc.followers],
      }
    : collectionDecider.initialState();

const sorted = (state: CollectionState) => ({ ...state, followers: [...state.followers].sort() });

describe('a collection, the same on both sides', () => {
  it.each(STREAMS)('%s', (_, events) => {
    const envelopes = delivered<UserCollectionEvent>('collection-k1', events, iso);
    let state = collectionDecider.initialState();
    let doc: UserCollectionDoc | null = null;
    envelopes.forEach((envelope, i) => {
      state = collectionDecider.evolve(state, events[i]!);
      doc = projectUserCollection(doc, envelope);
      expect(sorted(state), `after event ${i + 1}`).toEqual(sorted(stateOfDoc(doc)));
    });
  });

  it('shows a collection to those the decider lets follow it, and to no one else', async () => {
    for (const isPublic of [true, false]) {
      const store = createMemoryReadModelStore();
      const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
      const events = [created(isPublic)];
      for (const envelope of delivered<UserCollectionEvent>('collection-k1', events, iso))
        await userCollectionsProjector.apply(envelope, side);
      const state = events.reduce(collectionDecider.evolve, collectionDecider.initialState());
      for (const uid of ['owner', 'u1', undefined]) {
        const shown = (await collectionShownTo(side, 'k1', uid)) !== null;
        expect(shown, `${uid ?? 'a visitor'}, public: ${isPublic}`).toBe(
          userCollectionShownTo(state, uid),
        );
        if (uid === undefined) continue;
        const follow = () =>
          collectionDecider.decide(
            { type: 'FollowCollection', collectionId: 'k1', userId: uid },
            state,
            { now: new Date(T0), newId: () => 'id' },
          );
        if (shown) expect(follow()).toHaveLength(1);
        else expect(follow).toThrow('Collection not found');
      }
    }
  });

  it('does not show a collection only followed, before its creation is seen', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    for (const envelope of delivered<UserCollectionEvent>('collection-k1', [followed('u1')], iso))
      await userCollectionsProjector.apply(envelope, side);
    expect(await collectionShownTo(side, 'k1', 'u1')).toBeNull();
  });
});
