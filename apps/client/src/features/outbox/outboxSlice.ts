/**
 * What the page says about the commands kept in the outbox (api/outbox.ts): how many of the
 * signed-in user's wait, whether the connection is there, the replay at sign-in, and what a
 * replay could not do.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OutboxIntent } from '../../api/outbox.ts';
import { sessionEnded, sessionStarted } from '../auth/authSlice.ts';

export interface OutboxState {
  /** The signed-in user's commands kept in the outbox, not answered yet. */
  waiting: number;
  /** The browser is online and no send has failed for want of a connection since the last answer. */
  online: boolean;
  /**
   * How many times the browser said it was online again. A send that fails while this moves
   * (it was in flight when the connection came back) is sent again at once rather than waiting
   * for the next `online` event, which has already passed.
   */
  reconnections: number;
  /** The replay at sign-in is under way: the first reads of the cart and wishlist wait for it. */
  replaying: boolean;
  /** The changes of the entries still waiting after a replay, to show them on the reads. */
  intents: OutboxIntent[];
  /** What a replay could not do (refused, or too old to send), until dismissed. */
  notice: string | null;
}

export const initialOutboxState: OutboxState = {
  waiting: 0,
  online: typeof navigator === 'undefined' || navigator.onLine !== false,
  reconnections: 0,
  replaying: false,
  intents: [],
  notice: null,
};

const outboxSlice = createSlice({
  name: 'outbox',
  initialState: initialOutboxState,
  reducers: {
    /** The browser's `online` and `offline` events. */
    connectionChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
      if (action.payload) state.reconnections += 1;
    },
    /** A send failed for want of a connection. */
    connectionLost(state) {
      state.online = false;
    },
    /** The server answered. */
    connectionWorked(state) {
      state.online = true;
    },
    outboxCounted(state, action: PayloadAction<number>) {
      state.waiting = action.payload;
    },
    /** A command was kept: counted at once, the count from storage follows. */
    commandKept(state) {
      state.waiting += 1;
    },
    replayFinished(state, action: PayloadAction<{ intents: OutboxIntent[] }>) {
      state.replaying = false;
      state.intents = action.payload.intents;
    },
    outboxNotice(state, action: PayloadAction<string>) {
      state.notice = state.notice ? `${state.notice} ${action.payload}` : action.payload;
    },
    outboxNoticeDismissed(state) {
      state.notice = null;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(sessionStarted, (state) => {
        state.replaying = true;
        state.waiting = 0;
        state.intents = [];
      })
      .addCase(sessionEnded, (state) => {
        state.replaying = false;
        state.waiting = 0;
        state.intents = [];
      }),
});

export const {
  connectionChanged,
  connectionLost,
  connectionWorked,
  outboxCounted,
  commandKept,
  replayFinished,
  outboxNotice,
  outboxNoticeDismissed,
} = outboxSlice.actions;

/** Commands kept earlier were sent later (the connection came back): pages read again. */
export const changesReplayed = createAction('outbox/changesReplayed');
/** A command was kept or answered: the count is read again from storage. */
export const outboxChanged = createAction('outbox/changed');

export default outboxSlice.reducer;

/**
 * Whether this browser's outbox may hold something of a user's (localStorage, set when a command
 * is kept, cleared when a count finds none): without it the first reads after sign-in do not wait
 * for the replay, which finds nothing.
 */
export const keptHint = {
  key: (uid: string) => `rewear_outbox_${uid}`,
  has(uid: string): boolean {
    try {
      return localStorage.getItem(keptHint.key(uid)) !== null;
    } catch {
      return true;
    }
  },
  set(uid: string, kept: boolean): void {
    try {
      if (kept) localStorage.setItem(keptHint.key(uid), '1');
      else localStorage.removeItem(keptHint.key(uid));
    } catch {
      // Storage unavailable: the reads wait for the replay.
    }
  },
};

interface WithOutbox {
  outbox?: OutboxState;
}
/** Absent where a store is built without it (some tests): nothing waits then. */
export const selectOutbox = (state: WithOutbox): OutboxState => state.outbox ?? initialOutboxState;
export const selectReconnections = (state: WithOutbox) => state.outbox?.reconnections ?? 0;
export const selectReplaying = (state: WithOutbox) => state.outbox?.replaying ?? false;
export const selectOutboxIntents = (state: WithOutbox) => state.outbox?.intents ?? [];
