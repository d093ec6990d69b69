/** Collections users make of products, and who follows them. */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type UserCollectionDoc } from '@rewear/features/shared/read-models';

export type UserCollectionEvent = EnvelopeOf<'CollectionCreated' | 'CollectionFollowed'>;

export function projectUserCollection(
  current: UserCollectionDoc | null,
  event: UserCollectionEvent,
): UserCollectionDoc | null {
  if (event.type === 'CollectionCreated') {
    const d = event.data;
    return {
      _id: d.collectionId,
      owner_id: d.ownerId,
      title: d.title,
      description: d.description,
      product_ids: [...d.productIds],
      is_public: d.isPublic,
      // A follow seen before the creation (another partition) is kept.
      followers: current?.followers ?? [],
      created_at: event.occurredAt,
    };
  }
  const base: UserCollectionDoc = current ?? {
    _id: event.data.collectionId,
    owner_id: '',
    title: '',
    description: '',
    product_ids: [],
    is_public: false,
    followers: [],
    created_at: '',
  };
  if (base.followers.includes(event.data.userId)) return base;
  return { ...base, followers: [...base.followers, event.data.userId].sort() };
}

export const userCollectionsProjector = documentProjector({
  name: 'user-collections',
  collectionName: READ_MODELS.userCollections,
  indexes: [{ keys: { owner_id: 1 } }, { keys: { is_public: 1 } }],
  canHandle: ['CollectionCreated', 'CollectionFollowed'],
  documentId: (event) => event.data.collectionId,
  evolve: projectUserCollection,
});
