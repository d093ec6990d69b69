/**
 * Moderation's requests: the access check (the ID token's role claim), the queue and the appeals,
 * decisions (each refreshes what it changed), notices and an appeal, the reporter's list, and a
 * report (commands carry an Idempotency-Key, the same on each retry).
 */
import {
  all,
  call,
  getContext,
  put,
  select,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import {
  ApiError,
  currentIdToken,
  errorMessage,
  type Api,
  type RequestOptions,
} from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import { selectUid } from '../auth/authSlice.ts';
import { moderationApi, type ModerationApi } from './api.ts';
import {
  accessChecked,
  appealDecided,
  appealDecisionDone,
  appealDecisionFailed,
  appealFailed,
  appealsFailed,
  appealSent,
  appealsLoaded,
  appealsRequested,
  appealSubmitted,
  caseDecided,
  caseDecisionDone,
  caseDecisionFailed,
  moderationOpened,
  myReportsFailed,
  myReportsLoaded,
  myReportsRequested,
  noticeFailed,
  noticeLoaded,
  noticeRequested,
  noticesFailed,
  noticesLoaded,
  noticesRequested,
  queueFailed,
  queueLoaded,
  queueRequested,
  reportFailed,
  reportSent,
  reportSubmitted,
} from './moderationSlice.ts';
import type {
  CaseView,
  DecisionAnswer,
  DecisionView,
  MyReport,
  NoticesAnswer,
  ReportReceived,
} from './types.ts';
import { roleOfToken } from './words.ts';

export const MODERATOR_ROLE = 'moderator';
const LOAD_FAILED = 'This did not load. Please try again.';
const SEND_FAILED = 'This could not be sent. Please try again.';

export type IdTokenSource = () => Promise<string | null>;

export function* checkAccessSaga(idToken: IdTokenSource) {
  const token: string | null = yield call(idToken);
  const uid: string | null = yield select(selectUid);
  const moderator = roleOfToken(token) === MODERATOR_ROLE;
  yield put(accessChecked({ moderator, uid }));
}

export function* loadQueueSaga(api: ModerationApi) {
  try {
    const answer: { cases: CaseView[] } = yield call(api.queue);
    yield put(queueLoaded(answer.cases));
  } catch (error) {
    yield put(queueFailed(errorMessage(error, LOAD_FAILED)));
  }
}

export function* loadAppealsSaga(api: ModerationApi) {
  try {
    const answer: { appeals: DecisionView[] } = yield call(api.appeals);
    yield put(appealsLoaded(answer.appeals));
  } catch (error) {
    yield put(appealsFailed(errorMessage(error, LOAD_FAILED)));
  }
}

export function* decideCaseSaga(api: ModerationApi, action: ReturnType<typeof caseDecided>) {
  const { caseId, body } = action.payload;
  try {
    yield call(sendCommand, (options: RequestOptions) => api.decide(caseId, body, options));
    yield put(caseDecisionDone({ caseId }));
    // A decision other than a dismissal may be appealed: the appeals' list may change later,
    // and another case of the same member may have closed with it.
    yield put(queueRequested());
  } catch (error) {
    yield put(caseDecisionFailed({ caseId, error: errorMessage(error, SEND_FAILED) }));
  }
}

export function* decideAppealSaga(api: ModerationApi, action: ReturnType<typeof appealDecided>) {
  const { decisionId, body } = action.payload;
  try {
    yield call(sendCommand, (options: RequestOptions) =>
      api.decideAppeal(decisionId, body, options),
    );
    yield put(appealDecisionDone({ decisionId }));
  } catch (error) {
    yield put(appealDecisionFailed({ decisionId, error: errorMessage(error, SEND_FAILED) }));
  }
}

export function* loadNoticesSaga(api: ModerationApi) {
  try {
    const answer: NoticesAnswer = yield call(api.notices);
    yield put(noticesLoaded(answer));
  } catch (error) {
    yield put(noticesFailed(errorMessage(error, LOAD_FAILED)));
  }
}

export function* loadNoticeSaga(api: ModerationApi, action: ReturnType<typeof noticeRequested>) {
  try {
    const decision: DecisionView = yield call(api.decision, action.payload);
    yield put(noticeLoaded(decision));
  } catch (error) {
    const notFound = error instanceof ApiError && error.status === 404;
    yield put(
      noticeFailed({
        notFound,
        error: notFound ? 'There is no such notice.' : errorMessage(error, LOAD_FAILED),
      }),
    );
  }
}

export function* appealSaga(api: ModerationApi, action: ReturnType<typeof appealSubmitted>) {
  const { decisionId, text } = action.payload;
  try {
    const answer: DecisionAnswer = yield call(sendCommand, (options: RequestOptions) =>
      api.appeal(decisionId, { text: text.trim() }, options),
    );
    yield put(appealSent(answer.decision));
  } catch (error) {
    yield put(appealFailed(errorMessage(error, SEND_FAILED)));
  }
}

export function* loadMyReportsSaga(api: ModerationApi) {
  try {
    const answer: { reports: MyReport[] } = yield call(api.myReports);
    yield put(myReportsLoaded(answer.reports));
  } catch (error) {
    yield put(myReportsFailed(errorMessage(error, LOAD_FAILED)));
  }
}

export function* reportSaga(api: ModerationApi, action: ReturnType<typeof reportSubmitted>) {
  try {
    const answer: ReportReceived = yield call(sendCommand, (options: RequestOptions) =>
      api.report(action.payload, options),
    );
    yield put(reportSent(answer.message));
  } catch (error) {
    yield put(reportFailed(errorMessage(error, SEND_FAILED)));
  }
}

export function* moderationSaga() {
  const http: Api = yield getContext('api');
  // Tests pass their own; the app reads the signed-in user's fresh token.
  const contextToken: IdTokenSource | undefined = yield getContext('idToken');
  const api = moderationApi(http);
  yield all([
    takeLatest(moderationOpened.type, checkAccessSaga, contextToken ?? currentIdToken),
    takeLatest(queueRequested.type, loadQueueSaga, api),
    takeLatest(appealsRequested.type, loadAppealsSaga, api),
    takeEvery(caseDecided.type, decideCaseSaga, api),
    takeEvery(appealDecided.type, decideAppealSaga, api),
    takeLatest(noticesRequested.type, loadNoticesSaga, api),
    takeLatest(noticeRequested.type, loadNoticeSaga, api),
    takeLeading(appealSubmitted.type, appealSaga, api),
    takeLatest(myReportsRequested.type, loadMyReportsSaga, api),
    takeLeading(reportSubmitted.type, reportSaga, api),
  ]);
}
