/**
 * An uploaded photo: stream `photo-{photoId}`. The id is a hash of the uploader and the bytes,
 * so an upload repeated by the same user is the same photo (nothing new is recorded), and a
 * listing may name only photos its seller uploaded.
 */
import type { EventData, EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

export type PhotoEvent = EventOf<'PhotoUploaded'>;

export interface PhotoState {
  exists: boolean;
  ownerId: string | null;
}

export type PhotoCommand = { type: 'RecordPhotoUpload'; photo: EventData<'PhotoUploaded'> };

export const photoDecider: Decider<PhotoState, PhotoCommand, PhotoEvent> = {
  initialState: () => ({ exists: false, ownerId: null }),
  evolve: (state, event) =>
    event.type === 'PhotoUploaded' ? { exists: true, ownerId: event.data.ownerId } : state,
  decide: (command, state) => {
    if (state.exists) {
      // The id hashes in the owner, so another owner cannot get here but by a collision.
      if (state.ownerId !== command.photo.ownerId)
        return reject('conflict', 'This photo belongs to another user');
      return [];
    }
    return [{ type: 'PhotoUploaded', data: command.photo }];
  },
};
