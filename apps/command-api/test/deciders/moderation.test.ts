import { describe, expect, it } from 'vitest';
import {
  caseDecider,
  standingDecider,
  type CaseCommand,
  type CaseEvent,
  type StandingEvent,
} from '@rewear/features/moderation/decider';
import {
  caseIdOf,
  caseOfDecision,
  messageVersionOf,
  sanctionMessage,
} from '@rewear/features/moderation/domain';
import { given, NOW } from './given.ts';

const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const CASE = 'listing.l1';
const target = { kind: 'listing' as const, id: 'l1' };

const report = (reportId: string, reporterId: string | null, email = 'a@example.com') =>
  ({
    type: 'ReportFiled',
    data: {
      caseId: CASE,
      reportId,
      target,
      reason: 'counterfeit',
      text: 'Fake logo',
      reporterId,
      reporterEmail: email,
      responsibleId: 'seller',
      filedAt: NOW.toISOString(),
    },
  }) satisfies CaseEvent;

const fileReport = (reporterId: string | null, email = 'a@example.com') =>
  ({
    type: 'FileReport',
    caseId: CASE,
    reportId: 'r9',
    target,
    reason: 'counterfeit',
    text: 'Fake logo',
    reporterId,
    reporterEmail: email,
    responsibleId: 'seller',
  }) satisfies CaseCommand;

const decide = (
  action: 'dismiss' | 'remove_listing' | 'warn' | 'suspend' | 'ban',
  extra: Partial<Extract<CaseCommand, { type: 'DecideCase' }>> = {},
) =>
  ({
    type: 'DecideCase',
    caseId: CASE,
    action,
    rule: action === 'dismiss' ? null : 'authentic-items',
    statement: { what: 'Your listing "Bag" was removed', why: 'It is a counterfeit' },
    days: action === 'suspend' ? 7 : null,
    moderatorId: 'mod1',
    responsibleStatus: 'active',
    ...extra,
  }) satisfies CaseCommand;

const decided = (
  action: 'dismiss' | 'remove_listing' | 'warn' | 'suspend' | 'ban',
  n = 1,
  reportIds = ['r1'],
  decidedAt = NOW,
): CaseEvent => ({
  type: 'ModerationDecided',
  data: {
    caseId: CASE,
    decisionId: `${CASE}.${n}`,
    target,
    action,
    rule: action === 'dismiss' ? null : 'authentic-items',
    statement: { what: 'Your listing "Bag" was removed', why: 'It is a counterfeit' },
    days: action === 'suspend' ? 7 : null,
    endsAt: action === 'suspend' ? at(7 * DAY).toISOString() : null,
    moderatorId: 'mod1',
    affectedId: 'seller',
    reportIds,
    reporterIds: ['u1'],
    decidedAt: decidedAt.toISOString(),
  },
});

const appealed = (n = 1): CaseEvent => ({
  type: 'DecisionAppealed',
  data: {
    caseId: CASE,
    decisionId: `${CASE}.${n}`,
    affectedId: 'seller',
    text: 'It is genuine, here is the receipt',
    appealedAt: NOW.toISOString(),
  },
});

describe('moderation: case ids', () => {
  it('names a case by its target, and a decision by its case and number', () => {
    expect(caseIdOf({ kind: 'listing', id: 'l1' })).toBe('listing.l1');
    expect(caseIdOf({ kind: 'member', id: 'u1' })).toBe('member.u1');
    expect(caseIdOf({ kind: 'message', id: 'conversation-l1_u2:3', conversationId: 'l1_u2' })).toBe(
      'message.l1_u2.3',
    );
    expect(caseIdOf({ kind: 'message', id: 'conversation-other:3', conversationId: 'l1_u2' })).toBe(
      null,
    );
    expect(messageVersionOf('conversation-l1_u2:0', 'l1_u2')).toBe(null);
    expect(caseOfDecision('message.l1_u2.3.2')).toBe('message.l1_u2.3');
    expect(caseOfDecision('listing.l1.1')).toBe('listing.l1');
    expect(caseOfDecision('listing.l1')).toBe(null);
    expect(caseOfDecision('nonsense.1')).toBe(null);
  });
});

describe('moderation: reports', () => {
  it('files a report with the time, the reporter and the member responsible', () => {
    given(caseDecider, [])
      .when(fileReport('u1'))
      .then([{ ...report('r9', 'u1'), data: { ...report('r9', 'u1').data, reportId: 'r9' } }]);
  });
  it('keeps one open report per reporter and target, a member by uid, a visitor by email', () => {
    given(caseDecider, [report('r1', 'u1')])
      .when(fileReport('u1'))
      .thenRejects('conflict', 'You have already reported this. We will tell you what we decide.');
    given(caseDecider, [report('r1', null, 'v@example.com')])
      .when(fileReport(null, 'V@Example.com'))
      .thenRejects('conflict', /already reported/);
    // Another reporter may report the same target.
    expect(caseDecider.decide(fileReport('u2'), fold([report('r1', 'u1')]), ctx())).toHaveLength(1);
  });
  it('takes a new report from the same reporter once the case is decided', () => {
    given(caseDecider, [report('r1', 'u1'), decided('dismiss')])
      .when(fileReport('u1'))
      .then([{ ...report('r9', 'u1'), data: { ...report('r9', 'u1').data, reportId: 'r9' } }]);
  });
});

describe('moderation: decisions', () => {
  it('decides each action, closing every open report and naming the signed-in reporters', () => {
    for (const action of ['dismiss', 'remove_listing', 'warn', 'suspend', 'ban'] as const) {
      given(caseDecider, [report('r1', 'u1')])
        .when(decide(action))
        .then([decided(action)]);
    }
    const [event] = caseDecider.decide(
      decide('warn'),
      fold([report('r1', 'u1'), report('r2', null, 'v@example.com')]),
      ctx(),
    );
    expect(event?.type === 'ModerationDecided' && event.data.reportIds).toEqual(['r1', 'r2']);
    expect(event?.type === 'ModerationDecided' && event.data.reporterIds).toEqual(['u1']);
  });
  it('numbers the decisions of a case', () => {
    given(caseDecider, [report('r1', 'u1'), decided('dismiss'), report('r2', 'u2')])
      .when(decide('warn'))
      .then([
        {
          ...decided('warn', 2, ['r2']),
          data: { ...decided('warn', 2, ['r2']).data, reporterIds: ['u2'] },
        } as CaseEvent,
      ]);
  });
  it('refuses a case without an open report: 409 with why', () => {
    given(caseDecider, [])
      .when(decide('dismiss'))
      .thenRejects('conflict', 'This case has no open report');
    given(caseDecider, [report('r1', 'u1'), decided('warn')])
      .when(decide('ban'))
      .thenRejects('conflict', 'This case has no open report');
  });
  it('removes a listing once, and only a listing', () => {
    given(caseDecider, [report('r1', 'u1'), decided('remove_listing'), report('r2', 'u2')])
      .when(decide('remove_listing'))
      .thenRejects('conflict', 'This listing is already removed');
    const memberCase: CaseEvent = {
      type: 'ReportFiled',
      data: {
        ...report('r1', 'u1').data,
        caseId: 'member.seller',
        target: { kind: 'member', id: 'seller' },
      },
    };
    given(caseDecider, [memberCase])
      .when({ ...decide('remove_listing'), caseId: 'member.seller' })
      .thenRejects('invalid', 'Only a listing can be removed');
  });
  it('refuses to sanction a banned member, and a moderator deciding about themselves', () => {
    for (const action of ['warn', 'suspend', 'ban'] as const)
      given(caseDecider, [report('r1', 'u1')])
        .when(decide(action, { responsibleStatus: 'banned' }))
        .thenRejects('conflict', 'This member is banned');
    given(caseDecider, [report('r1', 'u1')])
      .when(decide('warn', { moderatorId: 'seller' }))
      .thenRejects('forbidden');
  });
});

describe('moderation: appeals', () => {
  it('lets the affected member appeal a decision once', () => {
    given(caseDecider, [report('r1', 'u1'), decided('suspend')])
      .when({
        type: 'Appeal',
        decisionId: `${CASE}.1`,
        uid: 'seller',
        text: 'It is genuine, here is the receipt',
      })
      .then([appealed()]);
    given(caseDecider, [report('r1', 'u1'), decided('suspend'), appealed()])
      .when({ type: 'Appeal', decisionId: `${CASE}.1`, uid: 'seller', text: 'Again, please' })
      .thenRejects('conflict', 'You have already appealed this decision');
  });
  it('refuses others, dismissals, unknown decisions and appeals after 30 days', () => {
    const appeal = {
      type: 'Appeal' as const,
      decisionId: `${CASE}.1`,
      uid: 'seller',
      text: 'x'.repeat(20),
    };
    given(caseDecider, [report('r1', 'u1'), decided('warn')])
      .when({ ...appeal, uid: 'u1' })
      .thenRejects('forbidden');
    given(caseDecider, [report('r1', 'u1'), decided('dismiss')])
      .when(appeal)
      .thenRejects('conflict');
    given(caseDecider, [report('r1', 'u1')])
      .when(appeal)
      .thenRejects('not_found');
    given(caseDecider, [report('r1', 'u1'), decided('warn')])
      .when(appeal, at(30 * DAY))
      .thenRejects('conflict', 'The 30 days to appeal this decision have passed');
    given(caseDecider, [report('r1', 'u1'), decided('warn')])
      .when(appeal, at(30 * DAY - 1))
      .then([
        {
          ...appealed(),
          data: {
            ...appealed().data,
            text: 'x'.repeat(20),
            appealedAt: at(30 * DAY - 1).toISOString(),
          },
        } as CaseEvent,
      ]);
  });
  it('has another moderator decide the appeal, once', () => {
    const decideAppeal = {
      type: 'DecideAppeal' as const,
      decisionId: `${CASE}.1`,
      moderatorId: 'mod2',
      outcome: 'reversed' as const,
      text: 'The receipt shows it is genuine',
    };
    const reversed: CaseEvent = {
      type: 'AppealDecided',
      data: {
        caseId: CASE,
        decisionId: `${CASE}.1`,
        target,
        action: 'remove_listing',
        affectedId: 'seller',
        outcome: 'reversed',
        text: 'The receipt shows it is genuine',
        moderatorId: 'mod2',
        decidedAt: NOW.toISOString(),
      },
    };
    const history = [report('r1', 'u1'), decided('remove_listing'), appealed()];
    given(caseDecider, history).when(decideAppeal).then([reversed]);
    given(caseDecider, history)
      .when({ ...decideAppeal, moderatorId: 'mod1' })
      .thenRejects('forbidden', 'Another moderator must decide this appeal');
    given(caseDecider, [...history, reversed])
      .when(decideAppeal)
      .thenRejects('conflict', 'This appeal has already been decided');
    given(caseDecider, [report('r1', 'u1'), decided('remove_listing')])
      .when(decideAppeal)
      .thenRejects('conflict', 'There is no appeal to decide');
    // A reversed removal reinstates the listing: it may be removed again on a new report.
    given(caseDecider, [...history, reversed, report('r2', 'u2')])
      .when(decide('remove_listing'))
      .then([
        {
          ...decided('remove_listing', 2, ['r2']),
          data: { ...decided('remove_listing', 2, ['r2']).data, reporterIds: ['u2'] },
        } as CaseEvent,
      ]);
  });
});

const suspended = (decisionId = 'd1', until = at(7 * DAY)): StandingEvent => ({
  type: 'MemberSuspended',
  data: {
    uid: 'seller',
    decisionId,
    until: until.toISOString(),
    why: 'Counterfeits',
    moderatorId: 'mod1',
    suspendedAt: NOW.toISOString(),
  },
});
const banned: StandingEvent = {
  type: 'MemberBanned',
  data: {
    uid: 'seller',
    decisionId: 'd2',
    why: 'Counterfeits again',
    moderatorId: 'mod1',
    bannedAt: NOW.toISOString(),
  },
};
const sanction = (action: 'suspend' | 'ban', decisionId: string) => ({
  type: 'Sanction' as const,
  uid: 'seller',
  decisionId,
  action,
  until: action === 'suspend' ? at(7 * DAY).toISOString() : null,
  why: 'Counterfeits',
  moderatorId: 'mod1',
});
const lift = (why: 'ended' | 'appeal', decisionId = 'd1') => ({
  type: 'LiftSanction' as const,
  uid: 'seller',
  decisionId,
  why,
  moderatorId: why === 'appeal' ? 'mod2' : null,
});
const lifted = (why: 'ended' | 'appeal', now = NOW, decisionId = 'd1'): StandingEvent => ({
  type: 'SanctionLifted',
  data: {
    uid: 'seller',
    decisionId,
    why,
    moderatorId: why === 'appeal' ? 'mod2' : null,
    liftedAt: now.toISOString(),
  },
});

describe('moderation: standing and suspensions ending', () => {
  it('suspends and bans once per decision; a banned member is not suspended', () => {
    given(standingDecider, []).when(sanction('suspend', 'd1')).then([suspended()]);
    given(standingDecider, [suspended()]).when(sanction('suspend', 'd1')).then([]);
    given(standingDecider, [suspended()])
      .when(sanction('ban', 'd2'))
      .then(
        [banned].map((e) => ({ ...e, data: { ...e.data, why: 'Counterfeits' } }) as StandingEvent),
      );
    given(standingDecider, [banned])
      .when(sanction('suspend', 'd3'))
      .thenRejects('conflict', 'This member is banned');
  });
  it('ends a suspension at its end date, not before', () => {
    given(standingDecider, [suspended()])
      .when(lift('ended'), at(7 * DAY - 1))
      .then([]);
    given(standingDecider, [suspended()])
      .when(lift('ended'), at(7 * DAY))
      .then([lifted('ended', at(7 * DAY))]);
    given(standingDecider, [suspended(), lifted('ended', at(7 * DAY))])
      .when(lift('ended'), at(8 * DAY))
      .then([]);
    // A ban never ends by itself; a suspension replaced by a ban ends nothing.
    given(standingDecider, [banned])
      .when(lift('ended', 'd2'), at(400 * DAY))
      .then([]);
    given(standingDecider, [suspended(), banned])
      .when(lift('ended'), at(8 * DAY))
      .then([]);
  });
  it('lifts a suspension or a ban reversed on appeal', () => {
    given(standingDecider, [suspended()])
      .when(lift('appeal'))
      .then([lifted('appeal')]);
    given(standingDecider, [banned])
      .when(lift('appeal', 'd2'))
      .then([lifted('appeal', NOW, 'd2')]);
  });
  it('says why and until when', () => {
    expect(
      sanctionMessage({
        status: 'suspended',
        until: '2026-12-12T10:00:00.000Z',
        decisionId: 'd1',
        why: 'Counterfeits.',
      }),
    ).toBe(
      'Your account is suspended until 12 December 2026: Counterfeits. See your notices at /account/notices.',
    );
    expect(sanctionMessage({ status: 'banned', until: null, decisionId: 'd2', why: 'Scams' })).toBe(
      'Your account is banned: Scams. See your notices at /account/notices.',
    );
  });
});

function fold(events: CaseEvent[]) {
  return events.reduce(caseDecider.evolve, caseDecider.initialState());
}
function ctx() {
  return { now: NOW, newId: () => 'x' };
}
