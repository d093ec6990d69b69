/**
 * The banner on every page while the signed-in account is suspended or banned (GET /api/notices'
 * standing), with a link to the notice that says why. Read at sign-in and on each page change.
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { noticesRequested, selectModeration } from './moderationSlice.ts';
import { standingText } from './words.ts';
import './moderation.css';
import './feature.ts';

export default function StandingBanner({ uid }: { uid: string }) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const { standing } = useAppSelector(selectModeration).notices;
  useEffect(() => {
    dispatch(noticesRequested());
  }, [dispatch, uid, pathname]);
  const text = standingText(standing);
  if (!text || !standing) return null;
  const link = standing.decisionId
    ? `/account/notices/${encodeURIComponent(standing.decisionId)}`
    : '/account/notices';
  return (
    <div className="rw-standing-banner" role="status">
      <p>
        <strong>{text}</strong> You cannot list, buy, make offers or send messages.{' '}
        <Link to={link}>See why</Link>
      </p>
    </div>
  );
}
