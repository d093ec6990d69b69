/** The live stream's position and the feed that polls for open streams (docs/product.md §11.7). */
import { describe, expect, it } from 'vitest';
import type { NotificationList, NotificationView } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import {
  formatCursor,
  newerThan,
  newestCursor,
  parseCursor,
  START_CURSOR,
} from '../src/notifications/live-cursor.ts';
import { createNotificationFeed } from '../src/notifications/live-feed.ts';

const note = (id: string, at: string): NotificationView => ({
  id,
  kind: 'shipped',
  text: id,
  link: '/sales',
  at,
  read: false,
});

// Newest first, as the list is; two at the same instant are ordered by id.
const list = [
  note('b', '2026-03-01T12:02:00.000Z'),
  note('a', '2026-03-01T12:02:00.000Z'),
  note('z', '2026-03-01T12:01:00.000Z'),
];

describe('stream position', () => {
  it('reads back what it wrote, and refuses anything else with a 400', () => {
    const cursor = { at: '2026-03-01T12:02:00.000Z', id: 'shipment-s1:2' };
    expect(parseCursor(formatCursor(cursor), 'Last-Event-ID')).toEqual(cursor);
    for (const bad of ['', 'yesterday', 'not-a-date|x', '2026-13-45T99:00:00Z|x'])
      expect(() => parseCursor(bad, 'Last-Event-ID')).toThrow(/Invalid Last-Event-ID/);
  });

  it('sends after a position only what is newer, oldest first, by time then id', () => {
    expect(newerThan(list, { at: '2026-03-01T12:02:00.000Z', id: 'a' }).map((n) => n.id)).toEqual([
      'b',
    ]);
    expect(newerThan(list, START_CURSOR).map((n) => n.id)).toEqual(['z', 'a', 'b']);
    expect(newerThan(list, { at: '2026-03-01T12:03:00.000Z', id: '' })).toEqual([]);
  });

  it('never moves back', () => {
    const ahead = { at: '2026-03-01T13:00:00.000Z', id: '' };
    expect(newestCursor(list, ahead)).toEqual(ahead);
    expect(newestCursor(list, START_CURSOR)).toEqual({ at: list[0]!.at, id: 'b' });
    expect(newestCursor([], START_CURSOR)).toEqual(START_CURSOR);
  });
});

describe('notification feed', () => {
  it("reads each listening user's list once per poll and sends each stream only what it lacks", async () => {
    const lists = new Map<string, NotificationView[]>([
      ['u1', [note('old', '2026-03-01T12:00:00.000Z')]],
      ['u2', []],
    ]);
    const reads: string[] = [];
    const feed = createNotificationFeed({} as ReadSide, {
      pollMs: 5,
      read: async (_readSide, uid): Promise<NotificationList> => {
        reads.push(uid);
        const notifications = lists.get(uid) ?? [];
        return { notifications, unreadCount: notifications.length };
      },
    });
    const tabA: string[] = [];
    const tabB: string[] = [];
    const other: string[] = [];
    const sent = (into: string[]) => (ns: NotificationView[]) => into.push(...ns.map((n) => n.id));
    feed.subscribe('u1', new Set(['old']), sent(tabA), () => {});
    const leaveB = feed.subscribe('u1', new Set(['old']), sent(tabB), () => {});
    feed.subscribe('u2', new Set(), sent(other), () => {});

    lists.set('u1', [
      note('new2', '2026-03-01T12:02:00.000Z'),
      note('new1', '2026-03-01T12:01:00.000Z'),
      ...lists.get('u1')!,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(tabA).toEqual(['new1', 'new2']);
    expect(tabB).toEqual(['new1', 'new2']);
    expect(other).toEqual([]);
    // One read per user per poll, however many tabs.
    const polls = reads.filter((uid) => uid === 'u2').length;
    expect(reads.filter((uid) => uid === 'u1').length).toBe(polls);

    leaveB();
    lists.set('u1', [note('new3', '2026-03-01T12:03:00.000Z'), ...lists.get('u1')!]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(tabA).toEqual(['new1', 'new2', 'new3']);
    expect(tabB).toEqual(['new1', 'new2']);

    let ended = 0;
    feed.subscribe(
      'u3',
      new Set(),
      () => {},
      () => ended++,
    );
    feed.close();
    expect(ended).toBe(1);
    expect(feed.size()).toBe(0);
    const after = reads.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(reads.length).toBe(after);
  });

  it('reads the lists only when the mark moved, or a stream joined since the last read', async () => {
    let mark = 'm1';
    let notifications: NotificationView[] = [];
    let reads = 0;
    const feed = createNotificationFeed({} as ReadSide, {
      pollMs: 5,
      changes: async () => mark,
      read: async () => {
        reads += 1;
        return { notifications, unreadCount: notifications.length };
      },
    });
    const tab: string[] = [];
    feed.subscribe(
      'u1',
      new Set(),
      (ns) => tab.push(...ns.map((n) => n.id)),
      () => {},
    );
    const wait = () => new Promise((resolve) => setTimeout(resolve, 40));
    await wait();
    // Read once after the stream joined, then not while the mark stands.
    expect(reads).toBe(1);

    // Written, but the mark has not moved yet: not read.
    notifications = [note('n1', '2026-03-01T12:00:00.000Z')];
    await wait();
    expect(tab).toEqual([]);
    mark = 'm2';
    await wait();
    expect(tab).toEqual(['n1']);
    expect(reads).toBe(2);

    // A second stream joining makes the next poll read, the mark unmoved.
    const second: string[] = [];
    feed.subscribe(
      'u1',
      new Set(['n1']),
      (ns) => second.push(...ns.map((n) => n.id)),
      () => {},
    );
    await wait();
    expect(reads).toBe(3);
    feed.close();
  });
});

describe('stream places', () => {
  it('gives each user `limit` places, taken at once and each given back once, whoever else holds one', () => {
    const feed = createNotificationFeed({} as ReadSide);
    const held = Array.from({ length: 3 }, () => feed.reserve('u1', 3));
    expect(held.every((release) => release !== null)).toBe(true);
    expect(feed.reserve('u1', 3)).toBeNull();
    // Another user's places are their own.
    const other = feed.reserve('u2', 3);
    expect(other).not.toBeNull();
    expect(feed.size('u1')).toBe(3);
    expect(feed.size()).toBe(4);

    // A release called twice (the connection closed after a failure already gave it back)
    // frees one place, not two.
    held[0]!();
    held[0]!();
    expect(feed.size('u1')).toBe(2);
    const again = feed.reserve('u1', 3);
    expect(again).not.toBeNull();
    expect(feed.reserve('u1', 3)).toBeNull();

    for (const release of [...held.slice(1), again, other]) release!();
    expect(feed.size('u1')).toBe(0);
    expect(feed.size()).toBe(0);
    feed.close();
  });
});
