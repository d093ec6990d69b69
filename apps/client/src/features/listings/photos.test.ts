import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, PHOTO_SIZE_MESSAGE, PHOTO_TYPE_MESSAGE } from '@rewear/contracts';
import {
  addPhotos,
  fileProblem,
  movePhoto,
  photoIdsOf,
  photosFromProduct,
  photosUploading,
  removePhoto,
  type ListingPhoto,
} from './photos.ts';

const photo = (key: string, over: Partial<ListingPhoto> = {}): ListingPhoto => ({
  key,
  name: `${key}.jpg`,
  photoId: `id-${key}`,
  status: 'ready',
  error: null,
  ...over,
});

describe('listing photos', () => {
  it('moves a photo earlier or later, the first being the cover; a move past either end does nothing', () => {
    const list = [photo('a'), photo('b'), photo('c')];
    expect(movePhoto(list, 1, -1).map((p) => p.key)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(list, 0, 1).map((p) => p.key)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(list, 2, 1).map((p) => p.key)).toEqual(['a', 'b', 'c']);
    expect(movePhoto(list, 0, -1).map((p) => p.key)).toEqual(['a', 'b', 'c']);
  });

  it('takes at most 10 photos and says how many were left out', () => {
    const nine = Array.from({ length: 9 }, (_, i) => photo(`p${i}`));
    const { photos, refused } = addPhotos(nine, [photo('x'), photo('y'), photo('z')]);
    expect(photos).toHaveLength(10);
    expect(photos.at(-1)!.key).toBe('x');
    expect(refused).toBe(2);
  });

  it('names only uploaded photos, in order, and knows when uploads are still running', () => {
    const list = [
      photo('a'),
      photo('b', { status: 'failed', photoId: null, error: PHOTO_TYPE_MESSAGE }),
      photo('c'),
    ];
    expect(photoIdsOf(list)).toEqual(['id-a', 'id-c']);
    expect(photosUploading(list)).toBe(false);
    expect(photosUploading([...list, photo('d', { status: 'uploading', photoId: null })])).toBe(
      true,
    );
    expect(removePhoto(list, 'b').map((p) => p.key)).toEqual(['a', 'c']);
  });

  it('refuses other types and files over 10 MB before sending them', () => {
    expect(fileProblem({ type: 'image/gif', size: 10 })).toBe(PHOTO_TYPE_MESSAGE);
    expect(fileProblem({ type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 })).toBe(PHOTO_SIZE_MESSAGE);
    expect(fileProblem({ type: 'image/webp', size: MAX_PHOTO_BYTES })).toBeNull();
  });

  it("lists a product's photos as uploaded ones", () => {
    expect(photosFromProduct({ photos: ['a', 'b'] }).map((p) => [p.photoId, p.status])).toEqual([
      ['a', 'ready'],
      ['b', 'ready'],
    ]);
  });
});
