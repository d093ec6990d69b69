/**
 * Reports and moderation (docs/product.md, "Reports and moderation"): a report's dialog, the
 * moderators' queue and appeals, the affected member's notices and appeal, and a reporter's list.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AppealDecisionBody,
  CaseView,
  DecisionBody,
  DecisionView,
  MyReport,
  NoticesAnswer,
  ReportBody,
  Standing,
} from './types.ts';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface Loaded<T> {
  status: LoadStatus;
  items: T[];
  error: string | null;
}

export interface ActState {
  busy: boolean;
  error: string | null;
}

export interface ModerationState {
  /** Who may see the queue: the ID token's `role` claim says 'moderator'. */
  access: 'checking' | 'moderator' | 'denied';
  /** The signed-in moderator (to tell "you made this decision"). */
  uid: string | null;
  queue: Loaded<CaseView>;
  appeals: Loaded<DecisionView>;
  /** A decision on a case (by caseId) or an appeal (by decisionId) on its way. */
  acting: Record<string, ActState>;
  notices: Loaded<DecisionView> & { standing: Standing | null };
  notice: {
    status: 'idle' | 'loading' | 'loaded' | 'notFound' | 'failed';
    view: DecisionView | null;
    error: string | null;
  };
  appealing: ActState;
  myReports: Loaded<MyReport>;
  report: {
    status: 'idle' | 'sending' | 'sent' | 'failed';
    /** The server's answer once received, or its reason for refusing. */
    message: string | null;
    error: string | null;
  };
}

const empty = <T>(): Loaded<T> => ({ status: 'idle', items: [], error: null });

export const initialModerationState: ModerationState = {
  access: 'checking',
  uid: null,
  queue: empty(),
  appeals: empty(),
  acting: {},
  notices: { ...empty<DecisionView>(), standing: null },
  notice: { status: 'idle', view: null, error: null },
  appealing: { busy: false, error: null },
  myReports: empty(),
  report: { status: 'idle', message: null, error: null },
};

const moderationSlice = createSlice({
  name: 'moderation',
  initialState: initialModerationState,
  reducers: {
    moderationOpened(state) {
      state.access = 'checking';
    },
    accessChecked(state, action: PayloadAction<{ moderator: boolean; uid: string | null }>) {
      state.access = action.payload.moderator ? 'moderator' : 'denied';
      state.uid = action.payload.uid;
    },
    queueRequested(state) {
      state.queue.status = 'loading';
      state.queue.error = null;
    },
    queueLoaded(state, action: PayloadAction<CaseView[]>) {
      state.queue = { status: 'loaded', items: action.payload, error: null };
    },
    queueFailed(state, action: PayloadAction<string>) {
      state.queue.status = 'failed';
      state.queue.error = action.payload;
    },
    appealsRequested(state) {
      state.appeals.status = 'loading';
      state.appeals.error = null;
    },
    appealsLoaded(state, action: PayloadAction<DecisionView[]>) {
      state.appeals = { status: 'loaded', items: action.payload, error: null };
    },
    appealsFailed(state, action: PayloadAction<string>) {
      state.appeals.status = 'failed';
      state.appeals.error = action.payload;
    },
    caseDecided(state, action: PayloadAction<{ caseId: string; body: DecisionBody }>) {
      state.acting[action.payload.caseId] = { busy: true, error: null };
    },
    /** Decided: the case leaves the queue. */
    caseDecisionDone(state, action: PayloadAction<{ caseId: string }>) {
      const { caseId } = action.payload;
      delete state.acting[caseId];
      state.queue.items = state.queue.items.filter((item) => item.caseId !== caseId);
    },
    caseDecisionFailed(state, action: PayloadAction<{ caseId: string; error: string }>) {
      state.acting[action.payload.caseId] = { busy: false, error: action.payload.error };
    },
    appealDecided(state, action: PayloadAction<{ decisionId: string; body: AppealDecisionBody }>) {
      state.acting[action.payload.decisionId] = { busy: true, error: null };
    },
    /** Decided: the appeal leaves the list. */
    appealDecisionDone(state, action: PayloadAction<{ decisionId: string }>) {
      const { decisionId } = action.payload;
      delete state.acting[decisionId];
      state.appeals.items = state.appeals.items.filter((item) => item.decisionId !== decisionId);
    },
    appealDecisionFailed(state, action: PayloadAction<{ decisionId: string; error: string }>) {
      state.acting[action.payload.decisionId] = { busy: false, error: action.payload.error };
    },
    noticesRequested(state) {
      state.notices.status = 'loading';
      state.notices.error = null;
    },
    noticesLoaded(state, action: PayloadAction<NoticesAnswer>) {
      state.notices = {
        status: 'loaded',
        items: action.payload.notices,
        standing: action.payload.standing,
        error: null,
      };
    },
    noticesFailed(state, action: PayloadAction<string>) {
      state.notices.status = 'failed';
      state.notices.error = action.payload;
    },
    noticeRequested(state, action: PayloadAction<string>) {
      const known = state.notices.items.find((item) => item.decisionId === action.payload);
      state.notice = {
        status: known ? 'loaded' : 'loading',
        view: known ?? null,
        error: null,
      };
      state.appealing = { busy: false, error: null };
    },
    noticeLoaded(state, action: PayloadAction<DecisionView>) {
      state.notice = { status: 'loaded', view: action.payload, error: null };
    },
    noticeFailed(state, action: PayloadAction<{ notFound: boolean; error: string }>) {
      state.notice = {
        status: action.payload.notFound ? 'notFound' : 'failed',
        view: null,
        error: action.payload.error,
      };
    },
    appealSubmitted(state, _action: PayloadAction<{ decisionId: string; text: string }>) {
      state.appealing = { busy: true, error: null };
    },
    /** The decision as it stands after the appeal: its appeal open, no second one. */
    appealSent(state, action: PayloadAction<DecisionView>) {
      const decision = action.payload;
      state.appealing = { busy: false, error: null };
      if (state.notice.view?.decisionId === decision.decisionId) state.notice.view = decision;
      state.notices.items = state.notices.items.map((item) =>
        item.decisionId === decision.decisionId ? decision : item,
      );
    },
    appealFailed(state, action: PayloadAction<string>) {
      state.appealing = { busy: false, error: action.payload };
    },
    myReportsRequested(state) {
      state.myReports.status = 'loading';
      state.myReports.error = null;
    },
    myReportsLoaded(state, action: PayloadAction<MyReport[]>) {
      state.myReports = { status: 'loaded', items: action.payload, error: null };
    },
    myReportsFailed(state, action: PayloadAction<string>) {
      state.myReports.status = 'failed';
      state.myReports.error = action.payload;
    },
    reportSubmitted(state, _action: PayloadAction<ReportBody>) {
      state.report = { status: 'sending', message: null, error: null };
    },
    reportSent(state, action: PayloadAction<string>) {
      state.report = { status: 'sent', message: action.payload, error: null };
    },
    reportFailed(state, action: PayloadAction<string>) {
      state.report = { status: 'failed', message: null, error: action.payload };
    },
    /** The dialog closed or opened again: nothing of the last report shows. */
    reportReset(state) {
      state.report = initialModerationState.report;
    },
  },
});

export const {
  moderationOpened,
  accessChecked,
  queueRequested,
  queueLoaded,
  queueFailed,
  appealsRequested,
  appealsLoaded,
  appealsFailed,
  caseDecided,
  caseDecisionDone,
  caseDecisionFailed,
  appealDecided,
  appealDecisionDone,
  appealDecisionFailed,
  noticesRequested,
  noticesLoaded,
  noticesFailed,
  noticeRequested,
  noticeLoaded,
  noticeFailed,
  appealSubmitted,
  appealSent,
  appealFailed,
  myReportsRequested,
  myReportsLoaded,
  myReportsFailed,
  reportSubmitted,
  reportSent,
  reportFailed,
  reportReset,
} = moderationSlice.actions;

export const selectModeration = (state: { moderation: ModerationState }) => state.moderation;
export default moderationSlice.reducer;
