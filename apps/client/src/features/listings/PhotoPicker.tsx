/**
 * Up to 10 photos for a listing: chosen with the file dialog or dropped on the zone, each shown
 * as it uploads; buttons move a photo earlier or later (the first is the cover) or remove it.
 */
import { useId, useState, type DragEvent } from 'react';
import { MAX_PHOTOS_PER_LISTING, photoUrl } from '@rewear/contracts';
import { useAppDispatch } from '../../app/hooks.ts';
import { PHOTO_ACCEPT, type ListingPhoto } from './photos.ts';
import { photoMoved, photoRemoved, photosChosen, type PhotoTarget } from './listingsSlice.ts';

interface PhotoPickerProps {
  target: PhotoTarget;
  photos: ListingPhoto[];
  notice: string | null;
  /** The legend is read out but not shown (a heading above already says 'Photos'). */
  legendHidden?: boolean;
}

export default function PhotoPicker({
  target,
  photos,
  notice,
  legendHidden = false,
}: PhotoPickerProps) {
  const dispatch = useAppDispatch();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const full = photos.length >= MAX_PHOTOS_PER_LISTING;
  const choose = (files: FileList | null) => {
    if (files && files.length) dispatch(photosChosen(target, Array.from(files)));
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  return (
    <fieldset className="rw-field rw-photos">
      <legend className={legendHidden ? 'visually-hidden' : undefined}>Photos</legend>
      <p className="rw-muted" id={hintId}>
        Up to {MAX_PHOTOS_PER_LISTING} photos, JPEG, PNG or WebP, at most 10 MB each. The first is
        the cover.
      </p>
      <label
        className={`rw-photos__drop${dragging ? ' is-dragging' : ''}${full ? ' is-full' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <input
          className="visually-hidden"
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          disabled={full}
          aria-describedby={hintId}
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = '';
          }}
        />
        <span aria-hidden="true" className="rw-photos__plus">
          +
        </span>
        <span>{full ? 'Photo limit reached' : 'Add photos: choose files or drop them here'}</span>
      </label>
      {notice && (
        <p className="rw-alert rw-alert--error" role="alert">
          {notice}
        </p>
      )}
      {photos.length > 0 && (
        <ol className="rw-photos__list" aria-label="Chosen photos, the first is the cover">
          {photos.map((photo, index) => {
            const label = `Photo ${index + 1}${index === 0 ? ' (cover)' : ''}`;
            return (
              <li key={photo.key} className={`rw-photos__item is-${photo.status}`}>
                {photo.photoId ? (
                  <img
                    src={photoUrl(photo.photoId, 'thumbnail')}
                    alt={label}
                    width={96}
                    height={96}
                  />
                ) : (
                  <span className="rw-photos__status" role={photo.error ? 'alert' : 'status'}>
                    {photo.error ? `${photo.name}: ${photo.error}` : `Uploading ${photo.name}…`}
                  </span>
                )}
                {index === 0 && photo.status === 'ready' && (
                  <span className="rw-photos__cover">Cover</span>
                )}
                <div className="rw-photos__actions">
                  <button
                    type="button"
                    aria-label={`Move photo ${index + 1} earlier`}
                    disabled={index === 0}
                    onClick={() => dispatch(photoMoved({ target, index, delta: -1 }))}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    aria-label={`Move photo ${index + 1} later`}
                    disabled={index === photos.length - 1}
                    onClick={() => dispatch(photoMoved({ target, index, delta: 1 }))}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove photo ${index + 1}`}
                    onClick={() => dispatch(photoRemoved({ target, key: photo.key }))}
                  >
                    ✕
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </fieldset>
  );
}
