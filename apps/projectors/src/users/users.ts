/** Users' display data (SPEC §3 registration payload). */
import type { EnvelopeOf, EventEnvelope } from '@rewear/contracts';
import type { Projector } from '@rewear/platform';
import { READ_MODELS, type UserDoc } from '@rewear/read-models';

export function projectUser(current: UserDoc | null, event: EnvelopeOf<'UserRegistered'>): UserDoc {
  const d = event.data;
  return {
    _id: d.uid,
    email: d.email,
    // Registration falls back to the email when there is no display name (SPEC §3).
    display_name: d.displayName || d.email,
    photo_url: d.photoUrl,
    registered_at: current?.registered_at ?? event.occurredAt,
  };
}

export const usersProjector: Projector = {
  name: 'users',
  collections: { [READ_MODELS.users]: [{ keys: { email: 1 } }] },
  handles: ['UserRegistered'],
  async apply(event: EventEnvelope, target) {
    if (event.type !== 'UserRegistered') return;
    const users = target.collection<UserDoc>(READ_MODELS.users);
    const e = event as EnvelopeOf<'UserRegistered'>;
    await users.put(projectUser(await users.findOne({ _id: e.data.uid }, { readonly: true }), e));
  },
};
