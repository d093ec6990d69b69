import { describe, expect, it } from 'vitest';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  IDEMPOTENCY_HEADER,
  type NotificationList,
  type NotificationView,
} from '@rewear/contracts';
import { ApiError } from '../../api/http.ts';
import { fakeApi } from '../../api/fakeApi.ts';
import { sessionEnded } from '../auth/authSlice.ts';
import reducer, {
  initialNotificationsState,
  notificationsLoaded,
  notificationsMarkedRead,
  notificationsOpened,
  notificationsRequested,
  type NotificationsState,
} from './notificationsSlice.ts';
import { LOAD_FAILED, notificationsSaga } from './notificationsSaga.ts';

const note = (over: Partial<NotificationView> = {}): NotificationView => ({
  id: 'shipment-s1:2',
  kind: 'shipped',
  text: '“Coat” has shipped with UPS, tracking number 1Z9.',
  link: '/order-confirmation/o1',
  at: '2026-03-01T12:02:00.000Z',
  read: false,
  ...over,
});

const list: NotificationList = {
  notifications: [
    note(),
    note({ id: 'shipment-s1:1', kind: 'sale', at: '2026-03-01T12:01:00.000Z', read: true }),
  ],
  unreadCount: 1,
};

/** Runs the feature's saga for one action, as the store would, signed in or not. */
async function run(
  api: ReturnType<typeof fakeApi>,
  action: UnknownAction,
  { signedIn = true, start = initialNotificationsState } = {},
) {
  let state: NotificationsState = start;
  const channel = stdChannel<UnknownAction>();
  const task = runSaga(
    {
      context: { api },
      channel,
      dispatch: (a: UnknownAction) => {
        state = reducer(state, a);
        channel.put(a);
      },
      getState: () => ({
        auth: { status: signedIn ? 'signedIn' : 'signedOut' },
        notifications: state,
      }),
    },
    notificationsSaga as Saga,
  );
  state = reducer(state, action);
  channel.put(action);
  // The fake answers at once; the saga's command has no retry wait when it succeeds.
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  task.cancel();
  return state;
}

describe('notifications slice', () => {
  it('keeps the list and the count, and marks read up to a time', () => {
    const loaded = reducer(initialNotificationsState, notificationsLoaded(list));
    expect(loaded).toMatchObject({ status: 'loaded', unreadCount: 1 });
    const read = reducer(loaded, notificationsMarkedRead({ upTo: '2026-03-01T12:02:00.000Z' }));
    expect(read.unreadCount).toBe(0);
    expect(read.items.every((n) => n.read)).toBe(true);
    const partly = reducer(loaded, notificationsMarkedRead({ upTo: '2026-03-01T12:01:30.000Z' }));
    expect(partly.unreadCount).toBe(1);
  });

  it("forgets the user's notifications at sign-out", () => {
    const loaded = reducer(initialNotificationsState, notificationsLoaded(list));
    expect(reducer(loaded, sessionEnded())).toEqual(initialNotificationsState);
  });
});

describe('notifications saga', () => {
  it('reads them for the header when signed in', async () => {
    const api = fakeApi({ 'GET /api/notifications': () => list });
    const state = await run(api, notificationsRequested());
    expect(state).toMatchObject({ status: 'loaded', unreadCount: 1 });
    expect(api.calls.map((c) => c.path)).toEqual(['/api/notifications']);
  });

  it('asks nothing for a visitor', async () => {
    const api = fakeApi({});
    await run(api, notificationsRequested(), { signedIn: false });
    expect(api.calls).toEqual([]);
  });

  it('says so when they cannot be read', async () => {
    const api = fakeApi({
      'GET /api/notifications': () => {
        throw new ApiError(503, 'upstream down');
      },
    });
    const state = await run(api, notificationsRequested());
    expect(state).toMatchObject({ status: 'failed', error: LOAD_FAILED });
  });

  it('opening the page reads them, then marks read up to the newest with a command', async () => {
    const api = fakeApi({
      'GET /api/notifications': () => list,
      'POST /api/notifications/read': () => ({ readUpTo: list.notifications[0]!.at, position: 9 }),
    });
    const state = await run(api, notificationsOpened());
    expect(state.unreadCount).toBe(0);
    const sent = api.calls.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/api/notifications/read',
      body: { upTo: '2026-03-01T12:02:00.000Z' },
    });
    expect(sent.options?.headers).toHaveProperty(IDEMPOTENCY_HEADER);
  });

  it('sends nothing when all are read', async () => {
    const api = fakeApi({
      'GET /api/notifications': () => ({ notifications: [note({ read: true })], unreadCount: 0 }),
    });
    await run(api, notificationsOpened());
    expect(api.calls.map((c) => c.method)).toEqual(['GET']);
  });
});
