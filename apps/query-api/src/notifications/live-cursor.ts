/**
 * Where a live stream of notifications stands (docs/product.md §11.7): the newest notification
 * it has sent, as `{at}|{id}`, the order of the notification list (time, then id). It is the
 * stream's event id, so a browser that reconnects sends it back as `Last-Event-ID` and is sent
 * what is newer. Pure.
 */
import type { NotificationView } from '@rewear/contracts';
import { badRequest } from '@rewear/platform';

export interface StreamCursor {
  at: string;
  /** Empty: nothing at `at` itself has been seen. */
  id: string;
}

/** Before every notification: a stream that has seen none. */
export const START_CURSOR: StreamCursor = { at: '1970-01-01T00:00:00.000Z', id: '' };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export const formatCursor = (cursor: StreamCursor): string => `${cursor.at}|${cursor.id}`;

export const cursorOf = (n: Pick<NotificationView, 'at' | 'id'>): StreamCursor => ({
  at: n.at,
  id: n.id,
});

/** The cursor a client sent back; a 400 naming the field when it is not one. */
export function parseCursor(text: string, field: string): StreamCursor {
  const bar = text.indexOf('|');
  const at = bar < 0 ? '' : text.slice(0, bar);
  if (bar < 0 || text.length > 400 || !ISO_INSTANT.test(at) || Number.isNaN(Date.parse(at)))
    throw badRequest(
      `Invalid ${field}: must be the id of an event of this stream ("{time}|{notification id}")`,
    );
  return { at, id: text.slice(bar + 1) };
}

/** Order of the list: time first, then id (ISO times of one format compare as text). */
export function compareCursors(a: StreamCursor, b: StreamCursor): number {
  const byTime = Date.parse(a.at) - Date.parse(b.at);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The later of two cursors: a stream's position never goes back. */
export const laterCursor = (a: StreamCursor, b: StreamCursor): StreamCursor =>
  compareCursors(a, b) >= 0 ? a : b;

/** Of a list (newest first), those after `cursor`, oldest first: what a catch-up sends. */
export function newerThan(
  notifications: readonly NotificationView[],
  cursor: StreamCursor,
): NotificationView[] {
  return notifications.filter((n) => compareCursors(cursorOf(n), cursor) > 0).reverse();
}

/** Of a list (newest first), those whose id is not in `known`, oldest first: what a poll sends. */
export function unseen(
  notifications: readonly NotificationView[],
  known: ReadonlySet<string>,
): NotificationView[] {
  return notifications.filter((n) => !known.has(n.id)).reverse();
}

/** The newest of a list (newest first) as a cursor, or `fallback` when it is empty. */
export const newestCursor = (
  notifications: readonly NotificationView[],
  fallback: StreamCursor,
): StreamCursor =>
  notifications[0] ? laterCursor(cursorOf(notifications[0]), fallback) : fallback;
