/** A seller's follower count and the Follow / Following button (docs/product.md §14). */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectIsSignedIn, selectUid } from '../auth/authSlice.ts';
import { followStatusRequested, followToggled, selectFollow } from './socialSlice.ts';
import './social.css';

export default function FollowButton({
  sellerId,
  sellerName,
}: {
  sellerId: string;
  sellerName: string;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const uid = useAppSelector(selectUid);
  const follow = useAppSelector(selectFollow(sellerId));

  // Again when the session changes: whether the caller follows depends on who they are.
  useEffect(() => {
    dispatch(followStatusRequested(sellerId));
  }, [dispatch, sellerId, uid]);

  const count = follow?.followerCount ?? 0;
  const following = follow?.following ?? false;
  const onClick = () => {
    if (!signedIn) {
      navigate('/login', { state: { from: location } });
      return;
    }
    dispatch(followToggled({ sellerId, follow: !following }));
  };

  return (
    <div className="follow">
      <span className="follow__count" data-testid="follower-count">
        {follow ? `${count} ${count === 1 ? 'follower' : 'followers'}` : '\u00a0'}
      </span>
      {uid !== sellerId && (
        <button
          type="button"
          className={
            following
              ? 'button button--secondary follow__button'
              : 'button button--primary follow__button'
          }
          aria-pressed={following}
          aria-label={following ? `Unfollow ${sellerName}` : `Follow ${sellerName}`}
          disabled={follow?.pending ?? false}
          onClick={onClick}
        >
          {following ? 'Following' : 'Follow'}
        </button>
      )}
      {follow?.error && (
        <span className="follow__error" role="alert">
          {follow.error}
        </span>
      )}
    </div>
  );
}
