/**
 * The signed-in user's notifications: the header's unread count and the /notifications page.
 * In the shell's store because the bell is on every page; the list itself is small.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NotificationList, NotificationView } from '@rewear/contracts';
import { sessionEnded } from '../auth/authSlice.ts';

export interface NotificationsState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  items: NotificationView[];
  unreadCount: number;
  error: string | null;
}

export const initialNotificationsState: NotificationsState = {
  status: 'idle',
  items: [],
  unreadCount: 0,
  error: null,
};

/** The list shows this many, as the server lists them (NOTIFICATIONS_SHOWN). */
const SHOWN = 100;

/** Everything at or before `upTo` is read; the count follows. */
function readUpTo(state: NotificationsState, upTo: string) {
  const upToMs = Date.parse(upTo);
  state.items = state.items.map((n) => (Date.parse(n.at) <= upToMs ? { ...n, read: true } : n));
  state.unreadCount = state.items.filter((n) => !n.read).length;
}

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    /** Read them again (the header does on each page change). */
    notificationsRequested(state) {
      state.status = 'loading';
    },
    notificationsLoaded(state, action: PayloadAction<NotificationList>) {
      state.status = 'loaded';
      state.items = action.payload.notifications;
      state.unreadCount = action.payload.unreadCount;
      state.error = null;
    },
    notificationsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /**
     * One arrived on the live stream (docs/product.md §11.7): into the list in its place, the
     * count up. Once only: a stream that reconnects, or a list read meanwhile, may have it already.
     */
    received(state, action: PayloadAction<NotificationView>) {
      const n = action.payload;
      if (state.items.some((item) => item.id === n.id)) return;
      const at = (item: NotificationView) => item.at;
      const index = state.items.findIndex(
        (item) => at(item) < at(n) || (at(item) === at(n) && item.id < n.id),
      );
      state.items.splice(index < 0 ? state.items.length : index, 0, n);
      state.items = state.items.slice(0, SHOWN);
      state.unreadCount = state.items.filter((item) => !item.read).length;
    },
    /** Shown at once; the command follows. */
    notificationsMarkedRead(state, action: PayloadAction<{ upTo: string }>) {
      readUpTo(state, action.payload.upTo);
    },
  },
  extraReducers: (builder) => {
    // Another user's notifications must not show for a moment after a sign-out.
    builder.addCase(sessionEnded, () => initialNotificationsState);
  },
});

/** The notifications page opened: read them, then mark them read. */
export const notificationsOpened = createAction('notifications/opened');

/** Other features listen for it to re-read what a notification is about (a message, an offer). */
export const notificationReceived = notificationsSlice.actions.received;

export const {
  notificationsRequested,
  notificationsLoaded,
  notificationsFailed,
  notificationsMarkedRead,
} = notificationsSlice.actions;

type WithNotifications = { notifications: NotificationsState };
export const selectNotifications = (state: WithNotifications) => state.notifications;
export const selectUnreadCount = (state: WithNotifications) => state.notifications.unreadCount;

export default notificationsSlice.reducer;
