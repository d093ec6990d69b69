/** Notifications' endpoints (docs/product.md §11.6, §11.7). */
import { EventSource } from 'eventsource';
import type { NotificationList, NotificationsReadBody, NotificationView } from '@rewear/contracts';
import { currentIdToken, type Api, type RequestOptions } from '../../api/http.ts';

export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream';

export function notificationsApi(http: Api) {
  return {
    /** The signed-in user's, newest first, with the unread count. */
    list: () => http.get<NotificationList>('/api/notifications'),
    /** Marks read everything at or before `upTo`. */
    markRead: (body: NotificationsReadBody, options?: RequestOptions) =>
      http.post<{ readUpTo: string | null }>('/api/notifications/read', body, options),
  };
}

export type NotificationsApi = ReturnType<typeof notificationsApi>;

/** What the live stream says, one message at a time. */
export type StreamMessage =
  | { type: 'notification'; notification: NotificationView; id: string }
  /** The catch-up is sent; `id` is where the stream stands. */
  | { type: 'ready'; id: string }
  /** The stream failed or ended; `status` is the HTTP status when it was refused. */
  | { type: 'closed'; status: number | null };

/** Opens the live stream from `lastEventId` (null: from now); returns how to close it. */
export type OpenNotificationStream = (
  lastEventId: string | null,
  onMessage: (message: StreamMessage) => void,
) => () => void;

/**
 * The live stream, read with fetch (the `eventsource` package) rather than the browser's
 * EventSource, which cannot send the Authorization header: the ID token stays out of the URL.
 * One connection per call: on an error or the end of the stream it is closed, and the caller
 * opens the next one (with a fresh token and its own backoff) from the last id it saw.
 */
export const openNotificationStream: OpenNotificationStream = (lastEventId, onMessage) => {
  const source = new EventSource(NOTIFICATION_STREAM_PATH, {
    fetch: async (url, init) => {
      const token = await currentIdToken();
      return fetch(url, {
        ...init,
        headers: {
          ...init.headers,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
        },
      });
    },
  });
  source.addEventListener('notification', (event) => {
    onMessage({
      type: 'notification',
      notification: JSON.parse(event.data as string) as NotificationView,
      id: event.lastEventId,
    });
  });
  source.addEventListener('ready', (event) => onMessage({ type: 'ready', id: event.lastEventId }));
  source.addEventListener('error', (event) => {
    source.close();
    onMessage({ type: 'closed', status: event.code ?? null });
  });
  return () => source.close();
};
