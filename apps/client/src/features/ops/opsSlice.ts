/**
 * The operator console's state: who the server takes the person for, the projections (with a
 * few minutes of lag samples for the chart), a rebuild's progress, the audit log, dead letters,
 * the stream browser and the disputes waiting for a decision.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store.ts';
import type {
  DeadLetter,
  DeadLetterOutcome,
  Dispute,
  OperatorRole,
  ProjectorStatus,
  RebuildResult,
  StreamEvent,
  StreamPage,
  UserStreams,
  Whoami,
} from './api.ts';

/** How long the lag chart looks back. */
export const LAG_WINDOW_MS = 5 * 60_000;
/** Events per page of the stream browser. */
export const STREAM_PAGE_SIZE = 20;

export interface LagSample {
  at: number;
  /** Events waiting, all projectors together. */
  lag: number;
}

export interface OpsState {
  access: {
    status: 'checking' | 'granted' | 'denied' | 'failed';
    role: OperatorRole | null;
    uid: string | null;
    error: string | null;
  };
  projections: {
    list: ProjectorStatus[] | null;
    samples: LagSample[];
    updatedAt: number | null;
    error: string | null;
  };
  /** A rebuild (from 0 into a new generation) or a replay (from a position into the live one). */
  rebuild: {
    status: 'idle' | 'running' | 'done' | 'failed';
    kind: 'rebuild' | 'replay';
    /** Where it starts: 0 for a rebuild. */
    from: number;
    projector: string | null;
    startedAt: number | null;
    position: number;
    head: number;
    result: RebuildResult | null;
    error: string | null;
  };
  audit: { events: StreamEvent[] | null; error: string | null };
  deadLetters: {
    list: DeadLetter[] | null;
    busy: string | null;
    notice: string | null;
    error: string | null;
  };
  streams: {
    loading: boolean;
    user: UserStreams | null;
    page: StreamPage | null;
    error: string | null;
  };
  disputes: {
    list: Dispute[] | null;
    history: Record<string, StreamEvent[]>;
    busy: string | null;
    notice: string | null;
    error: string | null;
  };
}

export const initialOpsState: OpsState = {
  access: { status: 'checking', role: null, uid: null, error: null },
  projections: { list: null, samples: [], updatedAt: null, error: null },
  rebuild: {
    status: 'idle',
    kind: 'rebuild',
    from: 0,
    projector: null,
    startedAt: null,
    position: 0,
    head: 0,
    result: null,
    error: null,
  },
  audit: { events: null, error: null },
  deadLetters: { list: null, busy: null, notice: null, error: null },
  streams: { loading: false, user: null, page: null, error: null },
  disputes: { list: null, history: {}, busy: null, notice: null, error: null },
};

export type StreamQuery =
  { kind: 'stream'; streamId: string; from?: number } | { kind: 'user'; uid: string };

/** The console opened (polling starts) and closed (polling stops). */
export const opsOpened = createAction('ops/opened');
export const opsClosed = createAction('ops/closed');

const opsSlice = createSlice({
  name: 'ops',
  initialState: initialOpsState,
  reducers: {
    accessChecked(state, action: PayloadAction<Whoami>) {
      state.access = {
        status: 'granted',
        role: action.payload.role,
        uid: action.payload.uid,
        error: null,
      };
    },
    accessRefused(state, action: PayloadAction<{ denied: boolean; message: string }>) {
      state.access = {
        status: action.payload.denied ? 'denied' : 'failed',
        role: null,
        uid: null,
        error: action.payload.message,
      };
    },
    statusLoaded(state, action: PayloadAction<{ list: ProjectorStatus[]; at: number }>) {
      const { list, at } = action.payload;
      state.projections.list = list;
      state.projections.updatedAt = at;
      state.projections.error = null;
      const lag = list.reduce((sum, p) => sum + p.lag, 0);
      state.projections.samples = [
        ...state.projections.samples.filter((s) => s.at > at - LAG_WINDOW_MS),
        { at, lag },
      ];
    },
    statusFailed(state, action: PayloadAction<string>) {
      state.projections.error = action.payload;
    },
    rebuildRequested(
      state,
      action: PayloadAction<{ projector: string; at: number; fromPosition?: number }>,
    ) {
      const { projector, at, fromPosition } = action.payload;
      const from = fromPosition === undefined ? 0 : Math.max(0, fromPosition - 1);
      state.rebuild = {
        ...initialOpsState.rebuild,
        status: 'running',
        kind: fromPosition === undefined ? 'rebuild' : 'replay',
        from,
        position: from,
        projector,
        startedAt: at,
      };
    },
    rebuildProgressed(state, action: PayloadAction<{ position: number; head: number }>) {
      if (state.rebuild.status !== 'running') return;
      state.rebuild.position = Math.max(state.rebuild.position, action.payload.position);
      state.rebuild.head = action.payload.head;
    },
    rebuildDone(state, action: PayloadAction<RebuildResult>) {
      state.rebuild.status = 'done';
      state.rebuild.result = action.payload;
      state.rebuild.position = state.rebuild.head = Math.max(
        state.rebuild.head,
        state.rebuild.from + action.payload.events,
      );
    },
    rebuildFailed(state, action: PayloadAction<string>) {
      state.rebuild.status = 'failed';
      state.rebuild.error = action.payload;
    },
    /** The projections read again now, outside the poll (after a rebuild or a replay). */
    statusRequested() {},
    auditRequested() {},
    auditLoaded(state, action: PayloadAction<StreamEvent[]>) {
      state.audit = { events: action.payload, error: null };
    },
    auditFailed(state, action: PayloadAction<string>) {
      state.audit.error = action.payload;
    },
    deadLettersRequested() {},
    deadLettersLoaded(state, action: PayloadAction<DeadLetter[]>) {
      state.deadLetters.list = action.payload;
      state.deadLetters.error = null;
    },
    deadLetterActed(
      state,
      action: PayloadAction<{ letter: DeadLetter; action: 'retry' | 'skip' }>,
    ) {
      state.deadLetters.busy = action.payload.letter._id;
      state.deadLetters.notice = null;
      state.deadLetters.error = null;
    },
    deadLetterResolved(
      state,
      action: PayloadAction<{ action: 'retry' | 'skip'; outcome: DeadLetterOutcome }>,
    ) {
      const { outcome } = action.payload;
      state.deadLetters.busy = null;
      state.deadLetters.notice =
        action.payload.action === 'skip'
          ? 'Skipped: the event is set aside for good.'
          : outcome.applied
            ? 'Retried: the event is applied.'
            : `Retried, and it failed again: ${outcome.error ?? 'unknown error'}`;
    },
    deadLettersFailed(state, action: PayloadAction<string>) {
      state.deadLetters.busy = null;
      state.deadLetters.error = action.payload;
    },
    streamSearched(state, _action: PayloadAction<StreamQuery>) {
      state.streams.loading = true;
      state.streams.error = null;
    },
    streamPageLoaded(state, action: PayloadAction<StreamPage>) {
      state.streams = { ...state.streams, loading: false, page: action.payload };
    },
    /** A search by stream id starts afresh: no user's streams to go back to. */
    streamSearchedById(state) {
      state.streams.user = null;
    },
    userStreamsLoaded(state, action: PayloadAction<UserStreams>) {
      state.streams = { ...state.streams, loading: false, user: action.payload, page: null };
    },
    /** Back from a stream to the user's streams it was opened from. */
    streamPageClosed(state) {
      state.streams.page = null;
    },
    streamFailed(state, action: PayloadAction<string>) {
      state.streams.loading = false;
      state.streams.error = action.payload;
    },
    disputesRequested() {},
    disputesLoaded(state, action: PayloadAction<Dispute[]>) {
      state.disputes.list = action.payload;
      state.disputes.error = null;
    },
    disputeHistoryRequested(_state, _action: PayloadAction<string>) {},
    disputeHistoryLoaded(
      state,
      action: PayloadAction<{ shipmentId: string; events: StreamEvent[] }>,
    ) {
      state.disputes.history[action.payload.shipmentId] = action.payload.events;
    },
    settleRequested(
      state,
      action: PayloadAction<{ shipmentId: string; outcome: 'buyer' | 'seller' }>,
    ) {
      state.disputes.busy = action.payload.shipmentId;
      state.disputes.notice = null;
      state.disputes.error = null;
    },
    settled(state, action: PayloadAction<{ shipmentId: string; outcome: 'buyer' | 'seller' }>) {
      const { shipmentId, outcome } = action.payload;
      state.disputes.busy = null;
      state.disputes.list = state.disputes.list?.filter((d) => d.shipmentId !== shipmentId) ?? null;
      state.disputes.notice = `Settled for the ${outcome}: shipment ${shipmentId}.`;
    },
    disputesFailed(state, action: PayloadAction<string>) {
      state.disputes.busy = null;
      state.disputes.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(opsOpened, (state) => {
      state.access = initialOpsState.access;
    });
  },
});

export const {
  accessChecked,
  accessRefused,
  statusLoaded,
  statusFailed,
  statusRequested,
  rebuildRequested,
  rebuildProgressed,
  rebuildDone,
  rebuildFailed,
  auditRequested,
  auditLoaded,
  auditFailed,
  deadLettersRequested,
  deadLettersLoaded,
  deadLetterActed,
  deadLetterResolved,
  deadLettersFailed,
  streamSearched,
  streamPageLoaded,
  userStreamsLoaded,
  streamFailed,
  streamPageClosed,
  streamSearchedById,
  disputesRequested,
  disputesLoaded,
  disputeHistoryRequested,
  disputeHistoryLoaded,
  settleRequested,
  settled,
  disputesFailed,
} = opsSlice.actions;

export const selectOps = (state: RootState) => state.ops;

export default opsSlice.reducer;
