import { describe, expect, it } from 'vitest';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { NotificationView } from '@rewear/contracts';
import { sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import type { OpenNotificationStream, StreamMessage } from './api.ts';
import { liveNotificationsSaga, reconnectDelay } from './liveNotificationsSaga.ts';
import reducer, {
  initialNotificationsState,
  notificationReceived,
  notificationsLoaded,
  type NotificationsState,
} from './notificationsSlice.ts';

const note = (id: string, at: string, read = false): NotificationView => ({
  id,
  kind: 'review_left',
  text: `Note ${id}`,
  link: '/sellers/u1',
  at,
  read,
});

describe('a notification received live', () => {
  const loaded = reducer(
    initialNotificationsState,
    notificationsLoaded({
      notifications: [
        note('b', '2026-03-01T12:02:00.000Z'),
        note('a', '2026-03-01T12:01:00.000Z', true),
      ],
      unreadCount: 1,
    }),
  );

  it('goes into the list in its place and counts as unread', () => {
    const state = reducer(loaded, notificationReceived(note('c', '2026-03-01T12:03:00.000Z')));
    expect(state.items.map((n) => n.id)).toEqual(['c', 'b', 'a']);
    expect(state.unreadCount).toBe(2);
    const older = reducer(state, notificationReceived(note('m', '2026-03-01T12:01:30.000Z')));
    expect(older.items.map((n) => n.id)).toEqual(['c', 'b', 'm', 'a']);
  });

  it('counts once when it arrives again', () => {
    const once = reducer(loaded, notificationReceived(note('c', '2026-03-01T12:03:00.000Z')));
    expect(reducer(once, notificationReceived(note('c', '2026-03-01T12:03:00.000Z')))).toEqual(
      once,
    );
  });

  it('has the action type other features listen for', () => {
    expect(notificationReceived.type).toBe('notifications/received');
  });
});

describe('live notifications saga', () => {
  it('streams while signed in, resumes from the last id with a pause, and closes at sign-out', async () => {
    const opened: Array<{
      lastEventId: string | null;
      emit: (m: StreamMessage) => void;
      closed: boolean;
    }> = [];
    const open: OpenNotificationStream = (lastEventId, emit) => {
      const stream = { lastEventId, emit, closed: false };
      opened.push(stream);
      return () => {
        stream.closed = true;
      };
    };
    let state: NotificationsState = initialNotificationsState;
    const actions: UnknownAction[] = [];
    const channel = stdChannel<UnknownAction>();
    const task = runSaga(
      {
        channel,
        dispatch: (a: UnknownAction) => {
          actions.push(a);
          state = reducer(state, a);
          channel.put(a);
        },
        getState: () => ({ notifications: state }),
      },
      liveNotificationsSaga as Saga,
      open,
    );
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

    expect(opened).toHaveLength(0);
    channel.put(sessionStarted({ uid: 'u1' }));
    await tick();
    expect(opened).toHaveLength(1);
    expect(opened[0]!.lastEventId).toBeNull();

    // A first stream reads the list once it stands; then each arrival is put.
    opened[0]!.emit({ type: 'ready', id: 'T0|' });
    opened[0]!.emit({
      type: 'notification',
      notification: note('n1', '2026-03-01T12:05:00.000Z'),
      id: 'T1|n1',
    });
    await tick();
    expect(actions.map((a) => a.type)).toEqual([
      'notifications/notificationsRequested',
      'notifications/received',
    ]);
    expect(state.unreadCount).toBe(1);

    // The stream drops: the next opens after the pause, from the last id seen.
    opened[0]!.emit({ type: 'closed', status: null });
    await tick();
    expect(opened[0]!.closed).toBe(true);
    expect(opened).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, reconnectDelay(0) + 50));
    expect(opened).toHaveLength(2);
    expect(opened[1]!.lastEventId).toBe('T1|n1');
    opened[1]!.emit({ type: 'ready', id: 'T1|n1' });
    await tick();
    // A resumed stream sends what was missed itself: no second read of the list.
    expect(actions.filter((a) => a.type === 'notifications/notificationsRequested')).toHaveLength(
      1,
    );

    channel.put(sessionEnded());
    await tick();
    expect(opened[1]!.closed).toBe(true);
    task.cancel();
  });

  it('waits longer after each failure, up to 30 s', () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});
