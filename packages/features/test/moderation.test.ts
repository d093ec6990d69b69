/**
 * A case and a member's standing are written once (src/moderation/domain.ts): for every step of a
 * case (reports, decisions, appeals and their outcomes) and of a standing (suspended, banned,
 * lifted), the state the deciders fold and the documents the projections keep agree, and the
 * query face reads them back: the queue holds exactly the cases with open reports, a decision's
 * appeal reads as the decider folded it, the notices' standing is the decider's sanction.
 */
import { describe, expect, it } from 'vitest';
import type { EnvelopeOf, ReportTarget } from '@rewear/contracts';
import {
  caseDecider,
  standingDecider,
  type CaseCommand,
  type CaseEvent,
  type StandingCommand,
  type StandingEvent,
} from '@rewear/features/moderation/decider';
import { sanctionAt } from '@rewear/features/moderation/domain';
import {
  memberStandingsProjector,
  moderationCasesProjector,
  moderationDecisionsProjector,
  moderationReportsProjector,
  type ModerationCaseDoc,
  type ModerationDecisionDoc,
  type ModerationReportDoc,
} from '@rewear/features/moderation/projection';
import { moderationQueue, noticesOf, reportsOf } from '@rewear/features/moderation/queries';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const DAY = 86_400_000;
const target: ReportTarget = { kind: 'listing', id: 'l1' };
const CASE = 'listing.l1';

const file = (reportId: string, reporterId: string | null): CaseCommand => ({
  type: 'FileReport',
  caseId: CASE,
  reportId,
  target,
  reason: 'counterfeit',
  text: `Report ${reportId}`,
  reporterId,
  reporterEmail: `${reporterId ?? 'visitor'}@example.com`,
  responsibleId: 'seller',
});
const decide = (
  action: 'dismiss' | 'remove_listing' | 'warn' | 'suspend' | 'ban',
): CaseCommand => ({
  type: 'DecideCase',
  caseId: CASE,
  action,
  rule: action === 'dismiss' ? null : 'authentic-items',
  statement: { what: `Decided: ${action}`, why: 'Counterfeit' },
  days: action === 'suspend' ? 5 : null,
  moderatorId: 'mod1',
  responsibleStatus: 'active',
});
const appeal = (n: number): CaseCommand => ({
  type: 'Appeal',
  decisionId: `${CASE}.${n}`,
  uid: 'seller',
  text: 'It is genuine, here is the receipt',
});
const decideAppeal = (n: number, outcome: 'upheld' | 'reversed'): CaseCommand => ({
  type: 'DecideAppeal',
  decisionId: `${CASE}.${n}`,
  moderatorId: 'mod2',
  outcome,
  text: 'Looked again',
});

const CASE_LIVES: Array<[string, CaseCommand[]]> = [
  ['reported twice, dismissed', [file('r1', 'u1'), file('r2', null), decide('dismiss')]],
  [
    'removed, appealed, reversed, reported again',
    [
      file('r1', 'u1'),
      decide('remove_listing'),
      appeal(1),
      decideAppeal(1, 'reversed'),
      file('r2', 'u1'),
    ],
  ],
  [
    'warned, appealed and upheld, then suspended',
    [
      file('r1', 'u1'),
      decide('warn'),
      appeal(1),
      decideAppeal(1, 'upheld'),
      file('r2', 'u2'),
      decide('suspend'),
    ],
  ],
  ['banned, appealed, still open', [file('r1', null), decide('ban'), appeal(1)]],
];

function sideOf(): ReadSide {
  const store = createMemoryReadModelStore();
  return { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
}

describe('a case, the same on both sides', () => {
  it.each(CASE_LIVES)('%s', async (_, commands) => {
    const side = sideOf();
    let state = caseDecider.initialState();
    const events: CaseEvent[] = [];
    for (const [i, command] of commands.entries()) {
      const now = new Date(T0 + i * 60_000);
      const decided = caseDecider.decide(command, state, { now, newId: () => 'x' });
      for (const event of decided) {
        state = caseDecider.evolve(state, event);
        events.push(event);
      }
      const envelopes = delivered<EnvelopeOf<CaseEvent['type']>>(`case-${CASE}`, events, (j) =>
        new Date(T0 + j * 60_000).toISOString(),
      ).slice(events.length - decided.length);
      for (const envelope of envelopes) {
        for (const projector of [
          moderationCasesProjector,
          moderationReportsProjector,
          moderationDecisionsProjector,
        ])
          if ((projector.handles as readonly string[]).includes(envelope.type))
            await projector.apply(envelope as never, side);
      }
      const step = `after step ${i + 1}`;
      const caseDoc = await side
        .collection<ModerationCaseDoc>(READ_MODELS.moderationCases)
        .findOne({ _id: CASE });
      expect(
        caseDoc!.reports.map((r) => r.report_id),
        step,
      ).toEqual(state.openReports.map((r) => r.reportId));
      expect(caseDoc!.open_reports, step).toBe(state.openReports.length);
      const decisions = await side
        .collection<ModerationDecisionDoc>(READ_MODELS.moderationDecisions)
        .find({}, { sort: { decided_at: 1 } });
      expect(
        decisions.map((d) => [d._id, d.action, d.appeal_status]),
        step,
      ).toEqual(state.decisions.map((d) => [d.decisionId, d.action, d.appeal?.status ?? 'none']));
      const openReports = await side
        .collection<ModerationReportDoc>(READ_MODELS.moderationReports)
        .find({ status: 'open' });
      expect(openReports.map((r) => r._id).sort(), step).toEqual(
        state.openReports.map((r) => r.reportId).sort(),
      );
      const queue = await moderationQueue(side, now.getTime());
      expect(
        queue.map((c) => c.caseId),
        step,
      ).toEqual(state.openReports.length ? [CASE] : []);
      if (queue[0]) {
        expect(queue[0].history.map((d) => d.decisionId)).toEqual(
          state.decisions.map((d) => d.decisionId),
        );
        expect(JSON.stringify(queue[0])).not.toMatch(/u1|u2|@example\.com/);
      }
    }
    // The signed-in reporters read their reports as the decider closed them.
    const u1 = await reportsOf(side, 'u1');
    const open = new Set(state.openReports.map((r) => r.reportId));
    for (const report of u1)
      expect(report.status).toBe(open.has(report.reportId) ? 'open' : 'closed');
  });
});

const suspend = (decisionId: string): StandingCommand => ({
  type: 'Sanction',
  uid: 'seller',
  decisionId,
  action: 'suspend',
  until: new Date(T0 + 5 * DAY).toISOString(),
  why: 'Counterfeit',
  moderatorId: 'mod1',
});
const ban = (decisionId: string): StandingCommand => ({
  type: 'Sanction',
  uid: 'seller',
  decisionId,
  action: 'ban',
  until: null,
  why: 'Counterfeit',
  moderatorId: 'mod1',
});
const lift = (decisionId: string, why: 'ended' | 'appeal'): StandingCommand => ({
  type: 'LiftSanction',
  uid: 'seller',
  decisionId,
  why,
  moderatorId: why === 'appeal' ? 'mod2' : null,
});

const STANDING_LIVES: Array<[string, Array<[StandingCommand, number]>]> = [
  [
    'suspended, then ended at its date',
    [
      [suspend('d1'), 0],
      [lift('d1', 'ended'), 5 * DAY],
    ],
  ],
  [
    'suspended, then banned; the old suspension ends nothing',
    [
      [suspend('d1'), 0],
      [ban('d2'), DAY],
      [lift('d1', 'ended'), 6 * DAY],
    ],
  ],
  [
    'banned, lifted on appeal',
    [
      [ban('d1'), 0],
      [lift('d1', 'appeal'), DAY],
    ],
  ],
  [
    'suspended twice, the second replacing the first',
    [
      [suspend('d1'), 0],
      [suspend('d2'), DAY],
      [lift('d1', 'appeal'), 2 * DAY],
    ],
  ],
];

describe("a member's standing, the same on both sides", () => {
  it.each(STANDING_LIVES)('%s', async (_, steps) => {
    const side = sideOf();
    let state = standingDecider.initialState();
    const events: StandingEvent[] = [];
    for (const [i, [command, offset]] of steps.entries()) {
      const now = new Date(T0 + offset);
      const decided = standingDecider.decide(command, state, { now, newId: () => 'x' });
      for (const event of decided) {
        state = standingDecider.evolve(state, event);
        events.push(event);
      }
      const envelopes = delivered<EnvelopeOf<StandingEvent['type']>>(
        'standing-seller',
        events,
        () => now.toISOString(),
      ).slice(events.length - decided.length);
      for (const envelope of envelopes) await memberStandingsProjector.apply(envelope, side);
      const { standing } = await noticesOf(side, 'seller', now.getTime());
      const sanction = sanctionAt(state, now.getTime());
      expect(standing, `after step ${i + 1}`).toEqual({
        status: sanction?.status ?? 'active',
        until: sanction?.until ?? null,
        decisionId: sanction?.decisionId ?? null,
      });
    }
  });
});
