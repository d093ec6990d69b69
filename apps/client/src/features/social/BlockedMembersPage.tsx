/**
 * The members the user blocks (docs/product.md §14.4), most recently blocked first, each with
 * Unblock. Only the user sees this list; the members in it are not told.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { blockedMembersRequested, blockToggled, selectBlockedList } from './socialSlice.ts';
import '../auth/account.css';
import './social.css';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export default function BlockedMembersPage() {
  const dispatch = useAppDispatch();
  const { status, items, error } = useAppSelector(selectBlockedList);

  useEffect(() => {
    dispatch(blockedMembersRequested());
  }, [dispatch]);

  return (
    <div className="rw-page container blocked-members">
      <h1>Blocked members</h1>
      <p className="muted">
        Members you block cannot message you, make offers or follow you, and you cannot reach them.
        They are not told.
      </p>
      {status === 'failed' && items.length === 0 ? (
        <div className="rw-alert rw-alert--error" role="alert">
          <span>{error}</span>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => dispatch(blockedMembersRequested())}
          >
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p role="status">{status === 'loaded' ? 'You have not blocked anyone.' : 'Loading...'}</p>
      ) : (
        <ul className="blocked-members__list" aria-label="Blocked members">
          {items.map((member) => (
            <li key={member.uid} className="rw-card blocked-member">
              <div>
                <Link to={`/sellers/${encodeURIComponent(member.uid)}`}>{member.displayName}</Link>
                <p className="muted">Blocked on {formatDate(member.blockedAt)}</p>
              </div>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Unblock ${member.displayName}`}
                onClick={() => dispatch(blockToggled({ memberId: member.uid, block: false }))}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
