/**
 * GET /api/notifications/stream (docs/product.md §11.7): the signed-in user's new notifications
 * as Server-Sent Events, as they arrive, each with the stream's position as its event id.
 *
 * Who is asking is checked like on every route, from the `Authorization: Bearer` ID token: the
 * client reads the stream with fetch (the `eventsource` package), not the browser's own
 * EventSource, which cannot send that header; so the token never goes in a URL (where the
 * router's access log would keep it). A stream ends when the token it opened with could have
 * expired; the client opens the next one with a fresh token, from where this one stood.
 *
 * Events:
 * - `notification`: a NotificationView, oldest first.
 * - `ready`: sent once the catch-up is sent; its id is where the stream stands (for a client that
 *   had no position yet, e.g. a fresh page, which reads the list itself).
 */
import { createSession } from 'better-sse';
import { z } from 'zod';
import type { NotificationView } from '@rewear/contracts';
import { HttpError, type ReadSide, type RequestContext } from '@rewear/platform';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import {
  cursorOf,
  formatCursor,
  laterCursor,
  newerThan,
  newestCursor,
  parseCursor,
  START_CURSOR,
  type StreamCursor,
} from './live-cursor.ts';
import { readNotifications, type NotificationFeed } from '@rewear/features/notifications/queries';

export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream';

/** Firebase ID tokens live an hour; a stream lives less, then the client comes back with a new one. */
export const STREAM_LIFETIME_MS = 15 * 60_000;

/** How soon a client should come back after a stream ends (it adds its own backoff on errors). */
const RETRY_MS = 1000;

/**
 * Open streams of one user on one query-api: a tab holds one, so this is many tabs and devices;
 * more is a client opening streams in a loop, refused before it costs a read per poll.
 */
export const STREAMS_PER_USER = 10;

/** A comment line this often keeps idle connections open through routers and proxies. */
const KEEP_ALIVE_MS = 15_000;

const streamQuery = z.object({
  since: z
    .string()
    .max(400, 'since must be the id of an event of this stream')
    .optional()
    .describe(
      'Where to resume from (the id of the last event received); the Last-Event-ID header wins',
    ),
});

/** Answers with the stream: the catch-up, `ready`, then the live notifications. */
async function stream(
  ctx: RequestContext,
  readSide: ReadSide,
  live: NotificationFeed,
  uid: string,
  resumeFrom: StreamCursor | null,
): Promise<void> {
  // The list as it is now: what the client missed is sent from it, the rest is known.
  const list = await readNotifications(readSide, uid);
  const catchUp = resumeFrom ? newerThan(list.notifications, resumeFrom) : [];
  let position = newestCursor(list.notifications, resumeFrom ?? START_CURSOR);

  // The answer is the stream: Koa sends nothing more, and nothing compresses or buffers it.
  ctx.status = 200;
  ctx.respond = false;
  ctx.req.socket.setNoDelay(true);
  const session = await createSession(ctx.req, ctx.res, {
    statusCode: 200,
    retry: RETRY_MS,
    keepAlive: KEEP_ALIVE_MS,
    // The position is ours to parse (above); the library's copy of the header is not used.
    trustClientEventId: false,
    headers: { 'X-Accel-Buffering': 'no' },
  });
  const send = (notifications: NotificationView[]) => {
    if (!session.isConnected) return;
    for (const n of notifications) {
      position = laterCursor(position, cursorOf(n));
      session.push(n, 'notification', formatCursor(position));
    }
  };
  send(catchUp);
  session.push({ unreadCount: list.unreadCount }, 'ready', formatCursor(position));

  if (!session.isConnected) return;
  const end = () => {
    if (!ctx.res.writableEnded) ctx.res.end();
  };
  const unsubscribe = live.subscribe(uid, new Set(list.notifications.map((n) => n.id)), send, end);
  const lifetime = setTimeout(end, STREAM_LIFETIME_MS);
  lifetime.unref();
  session.once('disconnected', () => {
    unsubscribe();
    clearTimeout(lifetime);
  });
}

export const notificationStreamRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: NOTIFICATION_STREAM_PATH,
      summary:
        "The signed-in user's new notifications as Server-Sent Events (text/event-stream): `notification` events (a notification as GET /api/notifications lists it) and one `ready` event after the catch-up. Send back the last event id as Last-Event-ID (or ?since=) to receive everything newer",
      tags: ['Notifications'],
      auth: 'user',
      query: streamQuery,
      responses: {
        200: {
          description:
            '`event: notification`, `id: {time}|{notification id}`, `data: { id, kind, text, link, at, read }`',
          mediaType: 'text/event-stream',
        },
        400: 'Last-Event-ID or since is not an event id of this stream',
        401: 'Not signed in',
        429: 'Too many streams of this user open on this query-api (10)',
      },
    },
    async handle({ user, query, ctx, deps }) {
      const lastEventId = ctx.get('Last-Event-ID');
      const resumeFrom: StreamCursor | null = lastEventId
        ? parseCursor(lastEventId, 'Last-Event-ID')
        : query.since
          ? parseCursor(query.since, 'since')
          : null;
      const live = deps.live;
      if (!live) throw new Error('query-api was created without its notification feed');
      const tooMany = () =>
        new HttpError(
          429,
          `Too many open notification streams (at most ${STREAMS_PER_USER}): close a tab and try again`,
        );

      // HEAD: the answer's head only; no stream is opened, so no place is taken.
      if (ctx.method === 'HEAD') {
        if (live.size(user.uid) >= STREAMS_PER_USER) throw tooMany();
        ctx.type = 'text/event-stream';
        ctx.set('Cache-Control', 'no-cache');
        return;
      }

      // The place is taken now, before anything waits, and given back once the connection is
      // gone, however it ends: refused or failed below, ended by the server, closed by the tab.
      const release = live.reserve(user.uid, STREAMS_PER_USER);
      if (!release) throw tooMany();
      ctx.res.once('close', release);
      try {
        await stream(ctx, deps.readSide, live, user.uid, resumeFrom);
      } catch (err) {
        release();
        throw err;
      }
    },
  }),
];
