/**
 * Live notifications (docs/product.md §11.7): while signed in, the tab keeps the notification
 * stream open and puts `notifications/received` for each arrival (the bell's count and the
 * /notifications list follow; other features listen for it too). On an error or the end of a
 * stream it opens the next one after a growing pause, from the last event id it saw, so nothing
 * sent meanwhile is missed; at sign-out the stream closes.
 */
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, put, take, takeLatest } from 'redux-saga/effects';
import { sessionEnded, sessionStarted } from '../auth/authSlice.ts';
import { openNotificationStream, type OpenNotificationStream, type StreamMessage } from './api.ts';
import { notificationReceived, notificationsRequested } from './notificationsSlice.ts';

/** Pauses before reopening: 1 s, doubling to at most 30 s; back to 1 s once a stream is open. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

export const reconnectDelay = (failures: number) =>
  Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** failures);

function streamChannel(
  open: OpenNotificationStream,
  lastEventId: string | null,
): EventChannel<StreamMessage> {
  return eventChannel((emit) => open(lastEventId, emit));
}

/** Keeps a stream open until cancelled (the session ended or another began). */
export function* followNotifications(open: OpenNotificationStream) {
  let lastEventId: string | null = null;
  let failures = 0;
  for (;;) {
    const resuming = lastEventId !== null;
    const channel: EventChannel<StreamMessage> = yield call(streamChannel, open, lastEventId);
    try {
      for (;;) {
        const message: StreamMessage = yield take(channel);
        if (message.type === 'closed') break;
        lastEventId = message.id;
        if (message.type === 'notification') {
          yield put(notificationReceived(message.notification));
        } else {
          failures = 0;
          // A first stream starts from now: what came before it is read as a list.
          if (!resuming) yield put(notificationsRequested());
        }
      }
    } finally {
      channel.close();
    }
    yield delay(reconnectDelay(failures));
    failures += 1;
  }
}

export function* liveNotificationsSaga(open: OpenNotificationStream = openNotificationStream) {
  yield takeLatest([sessionStarted.type, sessionEnded.type], function* (action: { type: string }) {
    // takeLatest cancels the previous user's stream; a sign-out opens none.
    if (action.type === sessionStarted.type) yield call(followNotifications, open);
  });
}
