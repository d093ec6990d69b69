/** The notification list's merge of shipment threads and inbox documents (pure). */
import { describe, expect, it } from 'vitest';
import type { InboxDoc } from '@rewear/features/notifications/projection';
import { notificationList } from '@rewear/features/notifications/queries';

describe('notificationList', () => {
  it("lists a user's inbox documents with the shipment threads' notifications, newest first", () => {
    const inbox: InboxDoc[] = [
      {
        _id: 'offer-1:1:u',
        recipient_id: 'u',
        kind: 'review_left',
        text: 'newer',
        link: '/a',
        at: '2026-03-02T00:00:00.000Z',
      },
      {
        _id: 'offer-1:1:v',
        recipient_id: 'v',
        kind: 'review_left',
        text: 'not theirs',
        link: '/a',
        at: '2026-03-03T00:00:00.000Z',
      },
    ];
    const list = notificationList('u', [], '2026-03-01T00:00:00.000Z', inbox);
    expect(list).toEqual({
      notifications: [
        {
          id: 'offer-1:1:u',
          kind: 'review_left',
          text: 'newer',
          link: '/a',
          at: '2026-03-02T00:00:00.000Z',
          read: false,
        },
      ],
      unreadCount: 1,
    });
  });
});
