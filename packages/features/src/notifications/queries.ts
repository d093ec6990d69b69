/**
 * Notifications' query face (docs/product.md §11.6, §11.7): a user's notifications, newest first,
 * the shipment threads' and the inbox's together, with how many are unread (read or not comes
 * from the user's read mark); and the live feed's interface, which query-api makes (its
 * live-feed.ts) and the routes hold, reading the same list.
 */
import type { NotificationList, NotificationView } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { InboxDoc, NotificationReadDoc, NotificationThreadDoc } from './projection.ts';

/** The newest this many; older ones are not worth a page. */
export const NOTIFICATIONS_SHOWN = 100;

/**
 * Pure: `uid`'s notifications of these shipment threads and inbox documents, newest first, read
 * up to `readUpTo`.
 */
export function notificationList(
  uid: string,
  threads: readonly NotificationThreadDoc[],
  readUpTo: string | null,
  inbox: readonly InboxDoc[] = [],
): NotificationList {
  const readMs = readUpTo === null ? -Infinity : Date.parse(readUpTo);
  const notifications = [
    ...threads.flatMap((thread) => thread.notifications.filter((n) => n.recipient_id === uid)),
    ...inbox
      .filter((doc) => doc.recipient_id === uid)
      .map(({ _id, ...rest }) => ({ id: _id, ...rest })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
    .slice(0, NOTIFICATIONS_SHOWN)
    .map((n) => ({
      id: n.id,
      kind: n.kind,
      text: n.text,
      link: n.link,
      at: n.at,
      read: Date.parse(n.at) <= readMs,
    }));
  return { notifications, unreadCount: notifications.filter((n) => !n.read).length };
}

/** `uid`'s notifications as GET /api/notifications answers them (the live stream reads the same). */
export async function readNotifications(
  readSide: ReadSide,
  uid: string,
): Promise<NotificationList> {
  const threads = readSide.collection<NotificationThreadDoc>(READ_MODELS.notifications);
  const [bought, sold, inbox, mark] = await Promise.all([
    threads.find({ buyer_id: uid }),
    threads.find({ seller_id: uid }),
    readSide
      .collection<InboxDoc>(READ_MODELS.inbox)
      .find(
        { recipient_id: uid },
        { sort: { at: -1 }, limit: NOTIFICATIONS_SHOWN, readonly: true },
      ),
    readSide.collection<NotificationReadDoc>(READ_MODELS.notificationReads).findOne({ _id: uid }),
  ]);
  // One thread once, should a user be both sides of a shipment.
  const unique = [...new Map([...bought, ...sold].map((t) => [t._id, t])).values()];
  return notificationList(uid, unique, mark?.read_up_to ?? null, inbox);
}

/** The live notification feed as query-api's routes hold it (QueryApiDeps.live). */
export interface NotificationFeed {
  readonly pollMs: number;
  /**
   * Sends `deliver` each notification of `uid` that later appears and is not in `known`
   * (oldest first); `end` is called when the feed closes. Returns the unsubscribe.
   */
  subscribe(
    uid: string,
    known: Set<string>,
    deliver: (notifications: NotificationView[]) => void,
    end: () => void,
  ): () => void;
  /**
   * Takes one of `uid`'s `limit` places for a stream, when one is free, before the stream does
   * anything that waits: a place is taken from this call until its release, so streams opened
   * at the same moment cannot all pass the check. Returns the release (calling it again does
   * nothing), or null when `limit` places are taken.
   */
  reserve(uid: string, limit: number): (() => void) | null;
  /** How many streams are open or opening (places taken), in all or of one user. */
  size(uid?: string): number;
  /** Ends every stream and stops polling (the server is shutting down). */
  close(): void;
}
