/**
 * A user's read face (docs/product.md §3.1): one document per registered user with the data
 * they are shown by, and its type. The name shown is the domain's (`displayNameOf`).
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { ERASED } from '@rewear/contracts';
import { displayNameOf, FORMER_MEMBER, USER_EVENTS } from './domain.ts';

export interface UserDoc extends Doc {
  _id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  registered_at: string;
  /** When the member deleted their account: their name and email are then erased. */
  deleted_at?: string;
}

export type UserEnvelope = EnvelopeOf<(typeof USER_EVENTS)[number]>;

/**
 * Pure: the user after their registration, or erased after their account's deletion. A
 * redelivery keeps the first registration's time.
 */
export function projectUser(current: UserDoc | null, event: UserEnvelope): UserDoc {
  if (event.type === 'AccountDeleted')
    return {
      _id: event.data.userId,
      email: ERASED.email,
      display_name: FORMER_MEMBER,
      photo_url: null,
      registered_at: current?.registered_at ?? event.occurredAt,
      deleted_at: event.data.at,
    };
  if (current?.deleted_at) return current;
  const d = event.data;
  return {
    _id: d.uid,
    email: d.email,
    display_name: displayNameOf(d),
    photo_url: d.photoUrl,
    registered_at: current?.registered_at ?? event.occurredAt,
  };
}

export const usersProjector = documentProjector({
  name: 'users',
  collectionName: READ_MODELS.users,
  indexes: [{ keys: { email: 1 } }],
  canHandle: USER_EVENTS,
  documentId: (event) => (event.type === 'AccountDeleted' ? event.data.userId : event.data.uid),
  evolve: projectUser,
});
