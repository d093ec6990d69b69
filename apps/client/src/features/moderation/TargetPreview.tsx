/** What a case or a decision is about, as its target shows: a listing, a member or a message. */
import { Link } from 'react-router-dom';
import type { TargetOfAnswer, TargetPreview as Preview } from './types.ts';
import { TARGET_KINDS } from './words.ts';

export default function TargetPreview({
  target,
  preview,
}: {
  target: TargetOfAnswer;
  preview: Preview;
}) {
  const name =
    target.kind === 'listing'
      ? preview.title || 'A listing'
      : target.kind === 'member'
        ? preview.name || 'A member'
        : `Message from ${preview.name || 'a member'}`;
  return (
    <div className={`rw-target rw-target--${target.kind}`}>
      {preview.image ? (
        <img className="rw-target__image" src={preview.image} alt="" width={64} height={64} />
      ) : (
        <span className="rw-target__image rw-target__image--empty" aria-hidden="true">
          {TARGET_KINDS[target.kind].charAt(0)}
        </span>
      )}
      <div className="rw-target__body">
        <span className="rw-badge rw-badge--grey">{TARGET_KINDS[target.kind]}</span>
        <p className="rw-target__name">
          {preview.link && target.kind !== 'message' ? <Link to={preview.link}>{name}</Link> : name}
        </p>
        {target.kind === 'message' && preview.text && (
          <blockquote className="rw-target__quote">{preview.text}</blockquote>
        )}
      </div>
    </div>
  );
}
