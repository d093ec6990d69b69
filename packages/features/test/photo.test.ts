/**
 * An upload is recorded once (src/photo/decider.ts): the same user uploading the same bytes again
 * records nothing new, and a photo id that another user holds is refused. The photo has no read
 * model: its bytes are served from the photo store, so the decider is its only face.
 */
import { describe, expect, it } from 'vitest';
import { photoDecider, type PhotoEvent } from '@rewear/features/photo/decider';
import { CommandRejected } from '@rewear/features/shared/decider';

const CONTEXT = { now: new Date('2026-03-01T12:00:00.000Z'), newId: () => 'id' };
const photo = (ownerId: string) => ({
  photoId: 'p1',
  ownerId,
  width: 1200,
  height: 1600,
  bytes: 250_000,
  uploadedAt: CONTEXT.now.toISOString(),
});

function upload(events: PhotoEvent[], ownerId: string): PhotoEvent[] {
  const state = events.reduce(photoDecider.evolve, photoDecider.initialState());
  return photoDecider.decide({ type: 'RecordPhotoUpload', photo: photo(ownerId) }, state, CONTEXT);
}

describe('an uploaded photo', () => {
  it('is recorded on its first upload, with its owner', () => {
    const events = upload([], 'u1');
    expect(events).toEqual([{ type: 'PhotoUploaded', data: photo('u1') }]);
    expect(events.reduce(photoDecider.evolve, photoDecider.initialState())).toEqual({
      exists: true,
      ownerId: 'u1',
    });
  });

  it('records nothing when its owner uploads it again', () => {
    expect(upload(upload([], 'u1'), 'u1')).toEqual([]);
  });

  it('refuses another user the same id, as a conflict', () => {
    const first = upload([], 'u1');
    expect(() => upload(first, 'u2')).toThrow(CommandRejected);
    expect(() => upload(first, 'u2')).toThrow('This photo belongs to another user');
  });
});
