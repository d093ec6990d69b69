/**
 * An uploaded photo's domain (docs/product.md §2.14): stream `photo-{photoId}`. The id is a hash of
 * the uploader and the bytes, so an upload repeated by the same user is the same photo, and a
 * listing may name only photos its seller uploaded. Pure.
 */
import type { EventOf } from '@rewear/contracts';

export type PhotoEvent = EventOf<'PhotoUploaded'>;

export interface PhotoState {
  exists: boolean;
  ownerId: string | null;
}

export const initialPhoto = (): PhotoState => ({ exists: false, ownerId: null });

export const evolvePhoto = (state: PhotoState, event: PhotoEvent): PhotoState =>
  event.type === 'PhotoUploaded' ? { exists: true, ownerId: event.data.ownerId } : state;
