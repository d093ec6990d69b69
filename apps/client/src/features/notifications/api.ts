/** Notifications' endpoints (docs/product.md §11.6). */
import type { NotificationList, NotificationsReadBody } from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

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
