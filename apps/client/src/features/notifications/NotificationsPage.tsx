/**
 * Notifications (docs/product.md §11.6): the signed-in user's, newest first, each with its kind's
 * icon and label. Opening the page marks them read up to the newest shown; those arriving live
 * while it is open (§11.7) join the list as new.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import '../auth/account.css';
import './notifications.css';
import { notificationsOpened, selectNotifications } from './notificationsSlice.ts';
import { KindIcon, kindLabel, linkLabel } from './kinds.tsx';

function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export default function NotificationsPage() {
  const dispatch = useAppDispatch();
  const { status, items, error } = useAppSelector(selectNotifications);

  useEffect(() => {
    dispatch(notificationsOpened());
  }, [dispatch]);

  return (
    <div className="rw-page container rw-notifications">
      <h1>Notifications</h1>
      {status === 'failed' && items.length === 0 ? (
        <div className="rw-alert rw-alert--error" role="alert">
          <span>{error}</span>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => dispatch(notificationsOpened())}
          >
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p role="status">
          {status === 'loaded' ? 'No notifications yet.' : 'Loading your notifications...'}
        </p>
      ) : (
        <ul className="rw-notifications__list" aria-label="Notifications" aria-live="polite">
          {items.map((n) => (
            <li
              key={n.id}
              className={`rw-card rw-notification${n.read ? '' : ' rw-notification--unread'}`}
            >
              <KindIcon kind={n.kind} />
              <div className="rw-notification__body">
                <p className="rw-notification__kind">
                  {kindLabel(n.kind)}
                  {!n.read && <span className="rw-notification__new">New</span>}
                </p>
                <p className="rw-notification__text">{n.text}</p>
                <p className="rw-notification__meta">
                  <time dateTime={n.at}>{formatTime(n.at)}</time>
                  {' · '}
                  <Link to={n.link}>{linkLabel(n.link)}</Link>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
