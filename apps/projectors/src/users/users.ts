/** Users' display data (docs/product.md §3 registration payload). */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type UserDoc } from '@rewear/read-models';

export function projectUser(current: UserDoc | null, event: EnvelopeOf<'UserRegistered'>): UserDoc {
  const d = event.data;
  return {
    _id: d.uid,
    email: d.email,
    // Registration falls back to the email when there is no display name (docs/product.md §3).
    display_name: d.displayName || d.email,
    photo_url: d.photoUrl,
    registered_at: current?.registered_at ?? event.occurredAt,
  };
}

export const usersProjector = documentProjector({
  name: 'users',
  collectionName: READ_MODELS.users,
  indexes: [{ keys: { email: 1 } }],
  canHandle: ['UserRegistered'],
  documentId: (event) => event.data.uid,
  evolve: projectUser,
});
