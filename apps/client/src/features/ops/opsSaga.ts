/**
 * The operator console's requests: the access check, the projections polled every few seconds
 * while the console is open, a rebuild or a replay followed through the status's progress, and the screens'
 * reads and actions (each action refreshes the audit log, where the server recorded it).
 */
import {
  call,
  cancel,
  delay,
  fork,
  getContext,
  put,
  race,
  take,
  takeEvery,
  takeLatest,
  takeLeading,
} from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import { ApiError, errorMessage, type Api, type RequestOptions } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import {
  opsApi,
  type DeadLetterOutcome,
  type OpsApi,
  type ProjectorStatus,
  type RebuildResult,
  type StreamPage,
  type UserStreams,
  type Whoami,
} from './api.ts';
import {
  accessChecked,
  accessRefused,
  auditFailed,
  auditLoaded,
  auditRequested,
  deadLetterActed,
  deadLetterResolved,
  deadLettersFailed,
  deadLettersLoaded,
  deadLettersRequested,
  disputeHistoryLoaded,
  disputeHistoryRequested,
  disputesFailed,
  disputesLoaded,
  disputesRequested,
  opsClosed,
  opsOpened,
  rebuildDone,
  rebuildFailed,
  rebuildProgressed,
  rebuildRequested,
  settled,
  settleRequested,
  statusFailed,
  statusLoaded,
  statusRequested,
  STREAM_PAGE_SIZE,
  streamFailed,
  streamPageLoaded,
  streamSearched,
  userStreamsLoaded,
} from './opsSlice.ts';

/** How often the projections are read while the console is open. */
export const STATUS_POLL_MS = 3_000;
/** How often a running rebuild's progress is read. */
export const REBUILD_POLL_MS = 400;
export const OPERATOR_STREAM = 'operator-actions';

const failed = (error: unknown) => errorMessage(error, 'The server did not answer. Try again.');

export function* refreshStatus(api: OpsApi) {
  try {
    const { projectors }: { projectors: ProjectorStatus[] } = yield call(api.status);
    yield put(statusLoaded({ list: projectors, at: Date.now() }));
  } catch (error) {
    yield put(statusFailed(failed(error)));
  }
}

function* pollStatus(api: OpsApi) {
  for (;;) {
    yield call(refreshStatus, api);
    yield delay(STATUS_POLL_MS);
  }
}

/** Who the server takes the person for; then the projections, polled until the console closes. */
export function* openConsole(api: OpsApi) {
  try {
    const who: Whoami = yield call(api.whoami);
    yield put(accessChecked(who));
  } catch (error) {
    const denied = error instanceof ApiError && (error.status === 403 || error.status === 401);
    yield put(accessRefused({ denied, message: failed(error) }));
    return;
  }
  yield race({ poll: call(pollStatus, api), closed: take(opsClosed.type) });
}

function* followRebuild(api: OpsApi, projector: string) {
  for (;;) {
    yield delay(REBUILD_POLL_MS);
    try {
      const { projectors }: { projectors: ProjectorStatus[] } = yield call(api.status);
      const status = projectors.find((p) => p.projector === projector);
      const progress = status?.rebuilding ?? status?.replaying;
      if (status && progress)
        yield put(rebuildProgressed({ position: progress.position, head: status.headPosition }));
    } catch {
      // The next read may answer; the rebuild's own answer ends this.
    }
  }
}

/**
 * One rebuild or replay at a time (taken leading): the saga ends with its answer, and the reads
 * that follow it run in their own watchers. Read here, they kept the slot taken after the answer
 * was on screen, so a Replay clicked at once was dropped and its progress bar stayed at 0 %.
 */
export function* rebuildSaga(api: OpsApi, action: ReturnType<typeof rebuildRequested>) {
  const follower: Task = yield fork(followRebuild, api, action.payload.projector);
  try {
    const { projector, fromPosition } = action.payload;
    const result: RebuildResult =
      fromPosition === undefined
        ? yield call(api.rebuild, projector)
        : yield call(api.replay, projector, fromPosition);
    yield put(rebuildDone(result));
  } catch (error) {
    yield put(rebuildFailed(failed(error)));
  } finally {
    yield cancel(follower);
  }
  yield put(auditRequested());
  yield put(statusRequested());
}

export function* auditSaga(api: OpsApi) {
  try {
    const page: StreamPage = yield call(api.stream, OPERATOR_STREAM);
    yield put(auditLoaded([...page.events].reverse()));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) yield put(auditLoaded([]));
    else yield put(auditFailed(failed(error)));
  }
}

function* deadLettersSaga(api: OpsApi) {
  try {
    const { deadLetters }: Awaited<ReturnType<OpsApi['deadLetters']>> = yield call(api.deadLetters);
    yield put(deadLettersLoaded(deadLetters));
  } catch (error) {
    yield put(deadLettersFailed(failed(error)));
  }
}

function* resolveDeadLetterSaga(api: OpsApi, action: ReturnType<typeof deadLetterActed>) {
  try {
    const outcome: DeadLetterOutcome = yield call(
      api.resolveDeadLetter,
      action.payload.letter,
      action.payload.action,
    );
    yield put(deadLetterResolved({ action: action.payload.action, outcome }));
  } catch (error) {
    yield put(deadLettersFailed(failed(error)));
  }
  yield put(deadLettersRequested());
  yield put(auditRequested());
}

export function* streamSaga(api: OpsApi, action: ReturnType<typeof streamSearched>) {
  const query = action.payload;
  try {
    if (query.kind === 'user') {
      const found: UserStreams = yield call(api.streamsOfUser, query.uid);
      yield put(userStreamsLoaded(found));
    } else {
      const page: StreamPage = yield call(
        api.stream,
        query.streamId,
        query.from ?? 1,
        STREAM_PAGE_SIZE,
      );
      yield put(streamPageLoaded(page));
    }
  } catch (error) {
    yield put(
      streamFailed(
        error instanceof ApiError && error.status === 404
          ? query.kind === 'stream'
            ? `No events in stream ${query.streamId}`
            : 'Nothing found'
          : failed(error),
      ),
    );
  }
}

function* disputesSaga(api: OpsApi) {
  try {
    const { disputes }: Awaited<ReturnType<OpsApi['disputes']>> = yield call(api.disputes);
    yield put(disputesLoaded(disputes));
  } catch (error) {
    yield put(disputesFailed(failed(error)));
  }
}

function* disputeHistorySaga(api: OpsApi, action: ReturnType<typeof disputeHistoryRequested>) {
  try {
    const page: StreamPage = yield call(api.stream, `shipment-${action.payload}`);
    yield put(disputeHistoryLoaded({ shipmentId: action.payload, events: page.events }));
  } catch (error) {
    yield put(disputesFailed(failed(error)));
  }
}

/** A settlement is a command: a retry after a lost answer carries the same Idempotency-Key. */
export function* settleSaga(api: OpsApi, action: ReturnType<typeof settleRequested>) {
  const { shipmentId, outcome } = action.payload;
  try {
    yield call(sendCommand, (options: RequestOptions) => api.settle(shipmentId, outcome, options));
    yield put(settled({ shipmentId, outcome }));
  } catch (error) {
    yield put(disputesFailed(failed(error)));
  }
  yield put(auditRequested());
}

export function* opsSaga() {
  const http: Api = yield getContext('api');
  const api = opsApi(http);
  yield takeLatest(opsOpened.type, openConsole, api);
  yield takeLeading(rebuildRequested.type, rebuildSaga, api);
  yield takeLatest(statusRequested.type, refreshStatus, api);
  yield takeLatest(auditRequested.type, auditSaga, api);
  yield takeLatest(deadLettersRequested.type, deadLettersSaga, api);
  yield takeEvery(deadLetterActed.type, resolveDeadLetterSaga, api);
  yield takeLatest(streamSearched.type, streamSaga, api);
  yield takeLatest(disputesRequested.type, disputesSaga, api);
  yield takeEvery(disputeHistoryRequested.type, disputeHistorySaga, api);
  yield takeLeading(settleRequested.type, settleSaga, api);
}
