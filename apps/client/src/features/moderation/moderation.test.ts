/** Moderation's slice and sagas: the access check, reports, decisions, appeals and notices. */
import { describe, expect, it } from 'vitest';
import { runSaga, type Saga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { moderationApi } from './api.ts';
import reducer, {
  appealDecided,
  appealsLoaded,
  appealSubmitted,
  caseDecided,
  initialModerationState,
  noticeRequested,
  noticesLoaded,
  queueLoaded,
  reportReset,
  reportSubmitted,
  type ModerationState,
} from './moderationSlice.ts';
import {
  appealSaga,
  checkAccessSaga,
  decideAppealSaga,
  decideCaseSaga,
  loadNoticeSaga,
  loadNoticesSaga,
  reportSaga,
} from './moderationSaga.ts';
import type { CaseView, DecisionView, NoticesAnswer } from './types.ts';

type Call = { method: string; path: string; body?: unknown; options?: RequestOptions };

/** An http client answering from `answer`; what it was asked is kept in `calls`. */
function fakeHttp(answer: (call: Call) => unknown): { http: Api; calls: Call[] } {
  const calls: Call[] = [];
  const respond =
    (method: string) =>
    async <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> => {
      const call = { method, path, body, options };
      calls.push(call);
      return answer(call) as T;
    };
  return {
    calls,
    http: {
      get: async <T>(path: string, options?: RequestOptions) =>
        respond('GET')<T>(path, undefined, options),
      post: respond('POST'),
      put: respond('PUT'),
      del: respond('DELETE'),
    },
  };
}

const refuse = (status: number, message: string) => () => {
  throw new ApiError(status, message);
};

/** Runs a saga against the slice's reducer; returns the state and the actions it put. */
async function run(
  state: ModerationState,
  saga: Saga,
  ...args: unknown[]
): Promise<{ state: ModerationState; put: UnknownAction[] }> {
  const put: UnknownAction[] = [];
  let current = state;
  await runSaga(
    {
      dispatch: (action: UnknownAction) => {
        put.push(action);
        current = reducer(current, action);
      },
      getState: () => ({ auth: { user: { uid: 'mod-a' } }, moderation: current }),
    },
    saga,
    ...args,
  ).toPromise();
  return { state: current, put };
}

const tokenWith = (claims: Record<string, unknown>) =>
  `header.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;

const decision = (overrides: Partial<DecisionView> = {}): DecisionView => ({
  decisionId: 'd1',
  caseId: 'listing.l1',
  target: { kind: 'listing', id: 'l1' },
  targetPreview: { title: 'Logo bag', image: null, text: null, name: null, link: '/products/l1' },
  action: 'remove_listing',
  rule: { id: 'authentic-items', title: 'Authentic items only', text: 'List only genuine items.' },
  statement: { what: 'Your listing was removed.', why: 'The logo is a copy.' },
  days: null,
  endsAt: null,
  decidedAt: '2026-11-28T10:00:00.000Z',
  moderatorId: 'mod-a',
  affectedId: 'seller-1',
  appeal: null,
  canAppeal: true,
  howToAppeal:
    'You can appeal this decision once, within 30 days: another moderator will review it.',
  ...overrides,
});

const aCase = (caseId: string): CaseView => ({
  caseId,
  target: { kind: 'listing', id: caseId.replace('listing.', '') },
  targetPreview: { title: 'Logo bag', image: null, text: null, name: null, link: null },
  responsibleId: 'seller-1',
  reports: [
    {
      reportId: 'r1',
      reason: 'counterfeit',
      text: 'Fake logo',
      reportedAt: '2026-11-28T09:00:00.000Z',
      reporterKind: 'visitor',
    },
  ],
  openReports: 1,
  firstReportedAt: '2026-11-28T09:00:00.000Z',
  history: [],
});

describe('who may moderate: the ID token role claim', () => {
  it("grants the queue to a token whose role is 'moderator', with the moderator's uid", async () => {
    const { state } = await run(initialModerationState, checkAccessSaga, async () =>
      tokenWith({ user_id: 'mod-a', role: 'moderator' }),
    );
    expect(state.access).toBe('moderator');
    expect(state.uid).toBe('mod-a');
  });

  it('refuses any other role, no role, and no token', async () => {
    for (const token of [tokenWith({ role: 'operator' }), tokenWith({}), null, 'garbled']) {
      const { state } = await run(initialModerationState, checkAccessSaga, async () => token);
      expect(state.access, String(token)).toBe('denied');
    }
  });
});

describe('a report', () => {
  const body = {
    target: { kind: 'listing' as const, id: 'l1' },
    reason: 'counterfeit' as const,
    text: 'The logo is wrong',
    email: 'visitor@example.com',
  };

  it("is sent once with an Idempotency-Key, and the dialog shows the server's words", async () => {
    const { http, calls } = fakeHttp(() => ({
      reportId: 'r1',
      caseId: 'listing.l1',
      message: 'Thanks, we received your report. We will tell you what we decide.',
      position: 9,
    }));
    const action = reportSubmitted(body);
    const { state } = await run(
      reducer(initialModerationState, action),
      reportSaga,
      moderationApi(http),
      action,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/reports', body });
    expect(Object.keys(calls[0]!.options?.headers ?? {})).toContain('idempotency-key');
    expect(state.report).toEqual({
      status: 'sent',
      message: 'Thanks, we received your report. We will tell you what we decide.',
      error: null,
    });
    expect(reducer(state, reportReset()).report).toEqual(initialModerationState.report);
  });

  it('shows why a second report of the same thing is refused (409)', async () => {
    const { http } = fakeHttp(
      refuse(409, 'You have already reported this. We will tell you what we decide.'),
    );
    const action = reportSubmitted(body);
    const { state } = await run(
      reducer(initialModerationState, action),
      reportSaga,
      moderationApi(http),
      action,
    );
    expect(state.report).toEqual({
      status: 'failed',
      message: null,
      error: 'You have already reported this. We will tell you what we decide.',
    });
  });
});

describe("a moderator's decision on a case", () => {
  const body = {
    action: 'remove_listing' as const,
    rule: 'authentic-items' as const,
    statement: { what: 'Removed.', why: 'A copy.' },
  };
  const withQueue = reducer(
    initialModerationState,
    queueLoaded([aCase('listing.l1'), aCase('listing.l2')]),
  );

  it('takes the case out of the queue and reads the queue again', async () => {
    const { http, calls } = fakeHttp(() => ({ decision: decision(), position: 12 }));
    const action = caseDecided({ caseId: 'listing.l1', body });
    const started = reducer(withQueue, action);
    expect(started.acting['listing.l1']).toEqual({ busy: true, error: null });
    const { state, put } = await run(started, decideCaseSaga, moderationApi(http), action);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/moderation/cases/listing.l1/decisions',
      body,
    });
    expect(state.queue.items.map((item) => item.caseId)).toEqual(['listing.l2']);
    expect(state.acting['listing.l1']).toBeUndefined();
    expect(put.map((a) => a.type)).toContain('moderation/queueRequested');
  });

  it("keeps the case and shows the server's reason when refused", async () => {
    const { http } = fakeHttp(refuse(409, 'This listing is already removed'));
    const action = caseDecided({ caseId: 'listing.l1', body });
    const { state } = await run(
      reducer(withQueue, action),
      decideCaseSaga,
      moderationApi(http),
      action,
    );
    expect(state.queue.items).toHaveLength(2);
    expect(state.acting['listing.l1']).toEqual({
      busy: false,
      error: 'This listing is already removed',
    });
  });
});

describe("an appeal's decision", () => {
  const withAppeals = reducer(
    initialModerationState,
    appealsLoaded([
      decision({
        appeal: {
          text: 'It is genuine, here is the receipt.',
          appealedAt: '2026-11-28T11:00:00.000Z',
          status: 'open',
          decidedAt: null,
          outcomeText: null,
          decidedBy: null,
        },
      }),
    ]),
  );

  it('leaves the list once decided', async () => {
    const { http, calls } = fakeHttp(() => ({ decision: decision(), position: 13 }));
    const action = appealDecided({
      decisionId: 'd1',
      body: { outcome: 'reversed', text: 'The receipt shows it is genuine.' },
    });
    const { state } = await run(
      reducer(withAppeals, action),
      decideAppealSaga,
      moderationApi(http),
      action,
    );
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/moderation/appeals/d1/decide' });
    expect(state.appeals.items).toEqual([]);
  });

  it('stays, with the reason, when the server refuses it', async () => {
    const { http } = fakeHttp(refuse(403, 'Another moderator must decide this appeal'));
    const action = appealDecided({
      decisionId: 'd1',
      body: { outcome: 'upheld', text: 'Stands.' },
    });
    const { state } = await run(
      reducer(withAppeals, action),
      decideAppealSaga,
      moderationApi(http),
      action,
    );
    expect(state.appeals.items).toHaveLength(1);
    expect(state.acting.d1).toEqual({
      busy: false,
      error: 'Another moderator must decide this appeal',
    });
  });
});

describe("the affected member's notices", () => {
  const answer: NoticesAnswer = {
    notices: [decision()],
    standing: { status: 'suspended', until: '2026-12-12T00:00:00.000Z', decisionId: 'd2' },
  };

  it('keeps the notices and the standing', async () => {
    const { http, calls } = fakeHttp(() => answer);
    const { state } = await run(initialModerationState, loadNoticesSaga, moderationApi(http));
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/notices' });
    expect(state.notices.items).toEqual(answer.notices);
    expect(state.notices.standing).toEqual(answer.standing);
  });

  it('opens a notice from the list at once, and says when there is none', async () => {
    const listed = reducer(initialModerationState, noticesLoaded(answer));
    expect(reducer(listed, noticeRequested('d1')).notice).toMatchObject({
      status: 'loaded',
      view: answer.notices[0],
    });
    const { http } = fakeHttp(refuse(404, 'Decision not found'));
    const action = noticeRequested('nope');
    const { state } = await run(
      reducer(listed, action),
      loadNoticeSaga,
      moderationApi(http),
      action,
    );
    expect(state.notice).toEqual({
      status: 'notFound',
      view: null,
      error: 'There is no such notice.',
    });
  });

  it("an appeal shows on the notice and in the list; a refusal shows the server's reason", async () => {
    const appealed = decision({
      canAppeal: false,
      appeal: {
        text: 'It is genuine, here is the receipt.',
        appealedAt: '2026-11-28T11:00:00.000Z',
        status: 'open',
        decidedAt: null,
        outcomeText: null,
        decidedBy: null,
      },
    });
    const opened = reducer(
      reducer(initialModerationState, noticesLoaded(answer)),
      noticeRequested('d1'),
    );
    const { http, calls } = fakeHttp(() => ({ decision: appealed, position: 14 }));
    const action = appealSubmitted({
      decisionId: 'd1',
      text: '  It is genuine, here is the receipt.  ',
    });
    expect(reducer(opened, action).appealing.busy).toBe(true);
    const { state } = await run(reducer(opened, action), appealSaga, moderationApi(http), action);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/decisions/d1/appeal',
      body: { text: 'It is genuine, here is the receipt.' },
    });
    expect(state.notice.view).toEqual(appealed);
    expect(state.notices.items[0]).toEqual(appealed);
    expect(state.appealing).toEqual({ busy: false, error: null });

    const second = fakeHttp(refuse(409, 'You have already appealed this decision'));
    const { state: refused } = await run(
      reducer(state, action),
      appealSaga,
      moderationApi(second.http),
      action,
    );
    expect(refused.appealing).toEqual({
      busy: false,
      error: 'You have already appealed this decision',
    });
    expect(refused.notice.view).toEqual(appealed);
  });
});
