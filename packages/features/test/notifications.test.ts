/**
 * A read mark only moves forward, written once (src/notifications/domain.ts: readUpToCovers): the
 * mark the decider folds from a user's notifications stream and the one the projection keeps from
 * the same events agree at every step, however the marks are asked for (backwards, repeated, in
 * the future) or delivered (twice); and the query face counts as read exactly the notifications
 * up to that mark.
 */
import { describe, expect, it } from 'vitest';
import type { EnvelopeOf, EventOf } from '@rewear/contracts';
import {
  notificationsDecider,
  type NotificationsCommand,
  type NotificationsEvent,
} from '@rewear/features/notifications/decider';
import {
  inboxProjector,
  messageNotifier,
  notificationReadsProjector,
  projectNotificationRead,
  type NotificationReadDoc,
  type Notifier,
} from '@rewear/features/notifications/projection';
import { readNotifications } from '@rewear/features/notifications/queries';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
/** The decider's clock: ten minutes after T0. */
const NOW = new Date(T0 + 600_000);
const CONTEXT = { now: NOW, newId: () => 'id' };

const mark = (seconds: number): NotificationsCommand => ({
  type: 'MarkNotificationsRead',
  userId: 'u1',
  upTo: iso(seconds),
});

/** The events the decider writes for these marks, one after the other on one stream. */
function streamOf(commands: NotificationsCommand[]): NotificationsEvent[] {
  const events: NotificationsEvent[] = [];
  let state = notificationsDecider.initialState();
  for (const command of commands)
    for (const event of notificationsDecider.decide(command, state, CONTEXT)) {
      events.push(event);
      state = notificationsDecider.evolve(state, event);
    }
  return events;
}

const STREAMS: Array<[string, NotificationsEvent[]]> = [
  ['one mark', streamOf([mark(10)])],
  ['marks moving forward', streamOf([mark(10), mark(20), mark(30)])],
  ['a mark asked backwards', streamOf([mark(30), mark(10), mark(40)])],
  ['the same mark twice', streamOf([mark(10), mark(10)])],
  ['a mark in the future, held to now', streamOf([mark(60 * 60), mark(20)])],
  ['a mark delivered twice', [...streamOf([mark(10)]), ...streamOf([mark(10)])]],
];

describe("a user's read mark, the same on both sides", () => {
  it.each(STREAMS)('%s', (_, events) => {
    expect(events.length).toBeGreaterThan(0);
    const envelopes = delivered<EnvelopeOf<'NotificationsRead'>>('notifications-u1', events, iso);
    let state = notificationsDecider.initialState();
    let doc: NotificationReadDoc | null = null;
    envelopes.forEach((envelope, i) => {
      state = notificationsDecider.evolve(state, events[i]!);
      doc = projectNotificationRead(doc, envelope);
      expect(state.readUpTo, `after event ${i + 1}`).toBe(doc?.read_up_to ?? null);
      expect(Date.parse(state.readUpTo!)).toBeLessThanOrEqual(NOW.getTime());
    });
  });

  it('reads as read the notifications up to the mark the decider folded', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    const inbox = inboxProjector([messageNotifier as Notifier]);
    const message = (text: string): EventOf<'MessageSent'> => ({
      type: 'MessageSent',
      data: {
        conversationId: 'c1',
        listingId: 'l1',
        listingTitle: 'Linen shirt',
        buyerId: 'u1',
        sellerId: 's1',
        senderId: 's1',
        text,
        sentAt: iso(0),
      },
    });
    // Three messages to u1, at T0 + 0, 1 and 2 seconds.
    for (const envelope of delivered<EnvelopeOf<'MessageSent'>>(
      'conversation-c1',
      [message('a'), message('b'), message('c')],
      iso,
    ))
      await inbox.apply(envelope, side);
    const events = streamOf([mark(1)]);
    const state = events.reduce(notificationsDecider.evolve, notificationsDecider.initialState());
    for (const envelope of delivered<EnvelopeOf<'NotificationsRead'>>(
      'notifications-u1',
      events,
      iso,
    ))
      await notificationReadsProjector.apply(envelope, side);

    const list = await readNotifications(side, 'u1');
    expect(list.notifications.map((n) => [n.text.slice(-1), n.read])).toEqual([
      ['c', false],
      ['b', true],
      ['a', true],
    ]);
    expect(list.unreadCount).toBe(1);
    const readMs = Date.parse(state.readUpTo!);
    for (const n of list.notifications) expect(n.read).toBe(Date.parse(n.at) <= readMs);
    expect((await readNotifications(side, 's1')).notifications).toEqual([]);
  });
});
