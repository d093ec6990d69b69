/**
 * The photos of a listing being written (wizard or edit screen): in gallery order, the first the
 * cover. Each is uploaded as soon as it is chosen; the listing names the uploaded ones by id.
 */
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_LISTING,
  PHOTO_SIZE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  type Product,
} from '@rewear/contracts';

export interface ListingPhoto {
  /** Stable while the photo is on screen (React key, upload bookkeeping). */
  key: string;
  /** The file's name, for messages. */
  name: string;
  /** Set once uploaded. */
  photoId: string | null;
  status: 'uploading' | 'ready' | 'failed';
  error: string | null;
}

/** The picture types the file dialog offers; the server checks the content again. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export const TOO_MANY_PHOTOS_MESSAGE = `A listing takes up to ${MAX_PHOTOS_PER_LISTING} photos`;

/** Why a chosen file cannot be a photo, before it is sent (the server decides by content). */
export function fileProblem(file: { size: number; type: string }): string | null {
  if (file.type && !PHOTO_ACCEPT.split(',').includes(file.type)) return PHOTO_TYPE_MESSAGE;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_SIZE_MESSAGE;
  return null;
}

/** The listing's uploaded photos, as the screen lists them. */
export const photosFromProduct = (product: Pick<Product, 'photos'>): ListingPhoto[] =>
  (product.photos ?? []).map((photoId) => ({
    key: photoId,
    name: photoId,
    photoId,
    status: 'ready',
    error: null,
  }));

/** Appends what fits under the limit; `refused` counts the files left out. */
export function addPhotos(
  photos: readonly ListingPhoto[],
  added: readonly ListingPhoto[],
): { photos: ListingPhoto[]; refused: number } {
  const room = Math.max(0, MAX_PHOTOS_PER_LISTING - photos.length);
  return {
    photos: [...photos, ...added.slice(0, room)],
    refused: Math.max(0, added.length - room),
  };
}

/** Moves the photo at `index` by `delta` places (−1 earlier, +1 later), within the list. */
export function movePhoto(photos: readonly ListingPhoto[], index: number, delta: number) {
  const to = index + delta;
  if (index < 0 || index >= photos.length || to < 0 || to >= photos.length) return [...photos];
  const next = [...photos];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved!);
  return next;
}

export const removePhoto = (photos: readonly ListingPhoto[], key: string) =>
  photos.filter((photo) => photo.key !== key);

/** Ids of the uploaded photos in gallery order (failed ones are left out). */
export const photoIdsOf = (photos: readonly ListingPhoto[]): string[] =>
  photos.flatMap((photo) => (photo.status === 'ready' && photo.photoId ? [photo.photoId] : []));

export const photosUploading = (photos: readonly ListingPhoto[]) =>
  photos.some((photo) => photo.status === 'uploading');

export const WAIT_FOR_PHOTOS_MESSAGE = 'Please wait until the photos have uploaded';
