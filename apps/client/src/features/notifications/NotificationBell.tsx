/**
 * The header's bell: the unread count, read again on each page change and counting each
 * notification that arrives live (liveNotificationsSaga). The notifications page reads them
 * itself, then marks them read.
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { notificationsRequested, selectUnreadCount } from './notificationsSlice.ts';

export const NOTIFICATIONS_PATH = '/notifications';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4l2-2z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M10 21h4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export default function NotificationBell() {
  const dispatch = useAppDispatch();
  const unread = useAppSelector(selectUnreadCount);
  const { pathname } = useLocation();

  useEffect(() => {
    if (pathname !== NOTIFICATIONS_PATH) dispatch(notificationsRequested());
  }, [dispatch, pathname]);

  return (
    <Link
      to={NOTIFICATIONS_PATH}
      className="icon-button"
      aria-label={`Notifications, ${unread} unread`}
    >
      <BellIcon />
      {unread > 0 && <span className="badge">{unread}</span>}
    </Link>
  );
}
