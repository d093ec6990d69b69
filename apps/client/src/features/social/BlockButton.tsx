/**
 * Block / Unblock a member (docs/product.md §14.4), for a signed-in member other than them.
 * Blocking asks first; unblocking does not. The member is never told.
 */
import { useEffect, useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectUid } from '../auth/authSlice.ts';
import { blockStatusRequested, blockToggled, selectBlock } from './socialSlice.ts';
import './social.css';

export default function BlockButton({
  memberId,
  memberName,
  onBlocked,
}: {
  memberId: string;
  memberName: string;
  /** Called once the member is blocked (the conversation screen leaves then). */
  onBlocked?: () => void;
}) {
  const dispatch = useAppDispatch();
  const uid = useAppSelector(selectUid);
  const block = useAppSelector(selectBlock(memberId));
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();

  useEffect(() => {
    if (uid && uid !== memberId) dispatch(blockStatusRequested(memberId));
  }, [dispatch, memberId, uid]);

  if (!uid || uid === memberId) return null;
  const blocked = block?.blocked ?? false;

  if (confirming)
    return (
      <div className="block-confirm" role="group" aria-labelledby={questionId}>
        <p id={questionId}>
          Block {memberName}? They will not be able to message you, make offers or follow you. They
          will not be told.
        </p>
        <div className="block-confirm__buttons">
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              setConfirming(false);
              dispatch(blockToggled({ memberId, block: true }));
              onBlocked?.();
            }}
          >
            Block
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
        </div>
      </div>
    );

  return (
    <div className="block">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={blocked ? `Unblock ${memberName}` : `Block ${memberName}`}
        disabled={block?.pending ?? false}
        onClick={() =>
          blocked ? dispatch(blockToggled({ memberId, block: false })) : setConfirming(true)
        }
      >
        {blocked ? 'Unblock' : 'Block'}
      </button>
      {blocked && <span className="muted block__note">You blocked this member.</span>}
      {block?.error && (
        <span className="follow__error" role="alert">
          {block.error}
        </span>
      )}
    </div>
  );
}
