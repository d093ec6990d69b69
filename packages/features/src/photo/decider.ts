/**
 * An uploaded photo's command face: recording an upload once. The photo's bytes are stored (and
 * resized) by command-api before this is asked; the state is the domain's (`./domain.ts`).
 */
import type { EventData } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import { evolvePhoto, initialPhoto, type PhotoEvent, type PhotoState } from './domain.ts';

export type { PhotoEvent, PhotoState } from './domain.ts';

export type PhotoCommand = { type: 'RecordPhotoUpload'; photo: EventData<'PhotoUploaded'> };

export const photoDecider: Decider<PhotoState, PhotoCommand, PhotoEvent> = {
  initialState: initialPhoto,
  evolve: evolvePhoto,
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
