/**
 * Live notifications across query-api processes (docs/product.md §11.7). The projectors write
 * notifications into the read models, maybe in another process; each query-api learns of them
 * by reading, every `pollMs`, the notification list of each user with a stream open on it (one
 * read per user, however many tabs), and sending every stream what it has not sent yet.
 *
 * Reading the read models, rather than following the event bus, means a stream sends only what
 * GET /api/notifications would list (the projection is the one source), needs nothing of the
 * bus or of which process projected what, and costs nothing while nobody is connected.
 *
 * Given `changes` (a mark that moves whenever the notification projectors write, e.g. their
 * stored checkpoints), a poll first reads that one mark and reads the users' lists only when it
 * moved, or when a stream joined since: a quiet minute costs one small read per poll, not one
 * per connected user.
 */
import type { NotificationList, NotificationView } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { readNotifications, type NotificationFeed } from '@rewear/features/notifications/queries';
import { unseen } from './live-cursor.ts';

/** Short enough that an alert shows within a blink of its event; see scripts/bench/alert-lag.ts. */
export const DEFAULT_LIVE_POLL_MS = 200;

export type { NotificationFeed };

interface Subscriber {
  uid: string;
  /** The ids this stream has sent or that were already listed when it opened. */
  known: Set<string>;
  deliver(notifications: NotificationView[]): void;
  end(): void;
}

export interface NotificationFeedOptions {
  pollMs?: number;
  /** How a user's list is read; GET /api/notifications' own by default. */
  read?: (readSide: ReadSide, uid: string) => Promise<NotificationList>;
  /** A mark that moves whenever a notification may have been written (see above). */
  changes?: () => Promise<string>;
  onError?: (err: unknown) => void;
}

export function createNotificationFeed(
  readSide: ReadSide,
  options: NotificationFeedOptions = {},
): NotificationFeed {
  const pollMs = options.pollMs ?? DEFAULT_LIVE_POLL_MS;
  const read = options.read ?? readNotifications;
  const subscribers = new Set<Subscriber>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  /** The mark as it was before the last complete read of the lists; null: read them next time. */
  let seen: string | null = null;
  /** Streams that joined so far: one joining during a poll makes the next poll read again. */
  let joined = 0;
  /** Places taken by each user's streams (reserve), open or still opening. */
  const places = new Map<string, number>();
  let placesTaken = 0;

  async function poll() {
    const joinedBefore = joined;
    const mark = options.changes ? await options.changes() : null;
    if (mark !== null && mark === seen) return;
    const uids = new Set([...subscribers].map((s) => s.uid));
    await Promise.all(
      [...uids].map(async (uid) => {
        const list = await read(readSide, uid);
        const listed = new Set(list.notifications.map((n) => n.id));
        for (const subscriber of subscribers) {
          if (subscriber.uid !== uid) continue;
          const fresh = unseen(list.notifications, subscriber.known);
          // What fell off the list cannot come back: the set stays the size of the list.
          subscriber.known = listed;
          if (fresh.length) subscriber.deliver(fresh);
        }
      }),
    );
    seen = joined === joinedBefore ? mark : null;
  }

  /** One poll at a time, and none while nobody listens. */
  function schedule() {
    if (timer || closed || subscribers.size === 0) return;
    timer = setTimeout(() => {
      void poll()
        .catch((err: unknown) => options.onError?.(err))
        .finally(() => {
          timer = null;
          schedule();
        });
    }, pollMs);
    timer.unref();
  }

  return {
    pollMs,
    subscribe(uid, known, deliver, end) {
      const subscriber: Subscriber = { uid, known, deliver, end };
      subscribers.add(subscriber);
      // Its list was read before it joined: the next poll reads again, whatever the mark says.
      seen = null;
      joined += 1;
      schedule();
      return () => subscribers.delete(subscriber);
    },
    reserve(uid, limit) {
      const taken = places.get(uid) ?? 0;
      if (taken >= limit) return null;
      places.set(uid, taken + 1);
      placesTaken += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        placesTaken -= 1;
        const left = (places.get(uid) ?? 1) - 1;
        if (left > 0) places.set(uid, left);
        else places.delete(uid);
      };
    },
    size: (uid) => (uid === undefined ? placesTaken : (places.get(uid) ?? 0)),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const subscriber of subscribers) subscriber.end();
      subscribers.clear();
    },
  };
}
