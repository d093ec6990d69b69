/**
 * Moderation's read face (docs/product.md, "Reports and moderation"): a case's open reports
 * (never who filed them), each report for its reporter, each decision with its appeal, and a
 * member's standing. Pure evolves, mounted as document projectors.
 */
import { ERASED, type EnvelopeOf, type ReportTarget } from '@rewear/contracts';
import { documentProjector, erasingOnAccountDeletion, type Doc } from '@rewear/platform';
import type { InboxDraft, Notifier } from '../notifications/projection.ts';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { reportOutcomeOf } from './domain.ts';

type CaseEnvelope = EnvelopeOf<'ReportFiled' | 'ModerationDecided'>;
type DecisionEnvelope = EnvelopeOf<'ModerationDecided' | 'DecisionAppealed' | 'AppealDecided'>;
type StandingEnvelope = EnvelopeOf<'MemberSuspended' | 'MemberBanned' | 'SanctionLifted'>;

const targetOf = (t: { kind: string; id: string; conversationId?: string }): ReportTarget =>
  (t.kind === 'message'
    ? { kind: 'message', id: t.id, conversationId: t.conversationId! }
    : { kind: t.kind, id: t.id }) as ReportTarget;

/** One open report as the moderators read it: no reporter. */
export interface CaseReportDoc {
  report_id: string;
  reason: string;
  text: string;
  reported_at: string;
  reporter_kind: 'member' | 'visitor';
  /** The signed-in reporter (never answered: a report's texts are erased with their account). */
  reporter_id: string | null;
}

/** A case: its target, its open reports (oldest first) and its decisions' ids. `_id`: the caseId. */
export interface ModerationCaseDoc extends Doc {
  _id: string;
  target: ReportTarget;
  responsible_id: string;
  reports: CaseReportDoc[];
  open_reports: number;
  /** The oldest open report's time (the queue's order); null with none open. */
  first_open_at: string | null;
  decision_ids: string[];
}

export function projectCase(
  current: ModerationCaseDoc | null,
  event: CaseEnvelope,
): ModerationCaseDoc | null {
  if (event.type === 'ReportFiled') {
    const d = event.data;
    if (current?.reports.some((r) => r.report_id === d.reportId)) return current;
    const reports = [
      ...(current?.reports ?? []),
      {
        report_id: d.reportId,
        reason: d.reason,
        text: d.text,
        reported_at: d.filedAt,
        reporter_kind: d.reporterId ? ('member' as const) : ('visitor' as const),
        reporter_id: d.reporterId,
      },
    ];
    return {
      _id: d.caseId,
      target: current?.target ?? targetOf(d.target),
      responsible_id: d.responsibleId,
      reports,
      open_reports: reports.length,
      first_open_at: reports[0]!.reported_at,
      decision_ids: current?.decision_ids ?? [],
    };
  }
  if (!current || current.decision_ids.includes(event.data.decisionId)) return current;
  const reports = current.reports.filter((r) => !event.data.reportIds.includes(r.report_id));
  return {
    ...current,
    reports,
    open_reports: reports.length,
    first_open_at: reports[0]?.reported_at ?? null,
    decision_ids: [...current.decision_ids, event.data.decisionId],
  };
}

/** One report, for its reporter (`_id`: the reportId). */
export interface ModerationReportDoc extends Doc {
  _id: string;
  case_id: string;
  target: ReportTarget;
  reason: string;
  text: string;
  reported_at: string;
  /** The signed-in reporter; null for a visitor. */
  reporter_id: string | null;
  status: 'open' | 'closed';
  outcome: 'no_action' | 'action_taken' | null;
  decided_at: string | null;
}

export function projectReport(
  current: ModerationReportDoc | null,
  event: CaseEnvelope,
): ModerationReportDoc | null {
  if (event.type === 'ReportFiled') {
    if (current) return current;
    const d = event.data;
    return {
      _id: d.reportId,
      case_id: d.caseId,
      target: targetOf(d.target),
      reason: d.reason,
      text: d.text,
      reported_at: d.filedAt,
      reporter_id: d.reporterId,
      status: 'open',
      outcome: null,
      decided_at: null,
    };
  }
  if (!current || current.status === 'closed') return current;
  return {
    ...current,
    status: 'closed',
    outcome: reportOutcomeOf(event.data.action),
    decided_at: event.data.decidedAt,
  };
}

export interface AppealDoc {
  text: string;
  appealed_at: string;
  status: 'open' | 'upheld' | 'reversed';
  decided_at: string | null;
  outcome_text: string | null;
  decided_by: string | null;
}

/** One decision with its statement of reasons and its appeal (`_id`: the decisionId). */
export interface ModerationDecisionDoc extends Doc {
  _id: string;
  case_id: string;
  target: ReportTarget;
  action: 'dismiss' | 'remove_listing' | 'warn' | 'suspend' | 'ban';
  rule: string | null;
  statement: { what: string; why: string };
  days: number | null;
  ends_at: string | null;
  decided_at: string;
  moderator_id: string;
  affected_id: string;
  appeal: AppealDoc | null;
  /** 'open' while an appeal waits (the appeals queue reads it), else its outcome or 'none'. */
  appeal_status: 'none' | 'open' | 'upheld' | 'reversed';
}

export function projectDecision(
  current: ModerationDecisionDoc | null,
  event: DecisionEnvelope,
): ModerationDecisionDoc | null {
  switch (event.type) {
    case 'ModerationDecided': {
      if (current) return current;
      const d = event.data;
      return {
        _id: d.decisionId,
        case_id: d.caseId,
        target: targetOf(d.target),
        action: d.action,
        rule: d.rule,
        statement: { what: d.statement.what, why: d.statement.why },
        days: d.days,
        ends_at: d.endsAt,
        decided_at: d.decidedAt,
        moderator_id: d.moderatorId,
        affected_id: d.affectedId,
        appeal: null,
        appeal_status: 'none',
      };
    }
    case 'DecisionAppealed':
      if (!current || current.appeal) return current;
      return {
        ...current,
        appeal: {
          text: event.data.text,
          appealed_at: event.data.appealedAt,
          status: 'open',
          decided_at: null,
          outcome_text: null,
          decided_by: null,
        },
        appeal_status: 'open',
      };
    case 'AppealDecided':
      if (!current?.appeal || current.appeal.status !== 'open') return current;
      return {
        ...current,
        appeal: {
          ...current.appeal,
          status: event.data.outcome,
          decided_at: event.data.decidedAt,
          outcome_text: event.data.text,
          decided_by: event.data.moderatorId,
        },
        appeal_status: event.data.outcome,
      };
  }
}

/** A member's sanction in force (`_id`: the uid); absent: none. */
export interface MemberStandingDoc extends Doc {
  _id: string;
  status: 'suspended' | 'banned';
  until: string | null;
  decision_id: string;
}

export function projectStanding(
  current: MemberStandingDoc | null,
  event: StandingEnvelope,
): MemberStandingDoc | null {
  const d = event.data;
  switch (event.type) {
    case 'MemberSuspended':
      return {
        _id: d.uid,
        status: 'suspended',
        until: event.data.until,
        decision_id: d.decisionId,
      };
    case 'MemberBanned':
      return { _id: d.uid, status: 'banned', until: null, decision_id: d.decisionId };
    case 'SanctionLifted':
      return current?.decision_id === d.decisionId ? null : current;
  }
}

export const moderationCasesProjector = erasingOnAccountDeletion(
  documentProjector({
    name: 'moderation-cases',
    collectionName: READ_MODELS.moderationCases,
    indexes: [{ keys: { open_reports: 1, first_open_at: 1 } }],
    canHandle: ['ReportFiled', 'ModerationDecided'],
    documentId: (event) => event.data.caseId,
    evolve: projectCase,
  }),
  // A deleted reporter's texts on the open reports of a case, as a rebuild reads them.
  async (event, target) => {
    const uid = event.data.userId;
    const cases = target.collection<ModerationCaseDoc>(READ_MODELS.moderationCases);
    for (const found of await cases.find({ 'reports.reporter_id': uid }, { readonly: true })) {
      const erased = found.reports.map((r) => (r.reporter_id === uid ? { ...r, text: '' } : r));
      await cases.update(found._id, { $set: { reports: erased } });
    }
  },
);

export const moderationReportsProjector = erasingOnAccountDeletion(
  documentProjector<ModerationReportDoc, 'ReportFiled' | 'ModerationDecided'>({
    name: 'moderation-reports',
    collectionName: READ_MODELS.moderationReports,
    indexes: [{ keys: { reporter_id: 1, reported_at: -1 } }],
    canHandle: ['ReportFiled', 'ModerationDecided'],
    documentId: (event) =>
      event.type === 'ReportFiled' ? event.data.reportId : event.data.reportIds,
    evolve: projectReport,
  }),
  // A deleted reporter's texts, as a rebuild reads them once their key is gone.
  async (event, target) => {
    const reports = target.collection<ModerationReportDoc>(READ_MODELS.moderationReports);
    const theirs = await reports.find({ reporter_id: event.data.userId }, { readonly: true });
    for (const report of theirs)
      if (report.text !== '') await reports.update(report._id, { $set: { text: '' } });
  },
);

export const moderationDecisionsProjector = erasingOnAccountDeletion(
  documentProjector({
    name: 'moderation-decisions',
    collectionName: READ_MODELS.moderationDecisions,
    indexes: [
      { keys: { case_id: 1, decided_at: 1 } },
      { keys: { affected_id: 1, decided_at: -1 } },
      { keys: { appeal_status: 1 } },
    ],
    canHandle: ['ModerationDecided', 'DecisionAppealed', 'AppealDecided'],
    documentId: (event) => event.data.decisionId,
    evolve: projectDecision,
  }),
  // A deleted member's appeals, as a rebuild reads them once their key is gone.
  async (event, target) => {
    const decisions = target.collection<ModerationDecisionDoc>(READ_MODELS.moderationDecisions);
    const theirs = await decisions.find({ affected_id: event.data.userId }, { readonly: true });
    for (const decision of theirs) {
      if (decision.appeal && decision.appeal.text !== ERASED.text)
        await decisions.update(decision._id, {
          $set: { appeal: { ...decision.appeal, text: ERASED.text } },
        });
    }
  },
);

export const memberStandingsProjector = documentProjector({
  name: 'member-standings',
  collectionName: READ_MODELS.memberStandings,
  canHandle: ['MemberSuspended', 'MemberBanned', 'SanctionLifted'],
  documentId: (event) => event.data.uid,
  evolve: projectStanding,
});

const SANCTION_TEXT = {
  remove_listing: () => 'Your listing was removed',
  warn: () => 'You received a warning',
  suspend: (days: number | null) =>
    `Your account is suspended for ${days} day${days === 1 ? '' : 's'}`,
  ban: () => 'Your account is banned',
} as const;

/** Pure: who hears of a moderation event, and what they read. */
export function moderationDrafts(
  event: EnvelopeOf<'ModerationDecided' | 'AppealDecided'>,
): InboxDraft[] {
  const d = event.data;
  const notice = `/account/notices/${d.decisionId}`;
  if (event.type === 'AppealDecided') {
    return [
      {
        recipient_id: d.affectedId,
        kind: 'appeal_decided',
        text:
          event.data.outcome === 'reversed'
            ? 'Your appeal was accepted: the decision is reversed.'
            : 'Your appeal was reviewed: the decision stands.',
        link: notice,
      },
    ];
  }
  const decided = event.data;
  const outcome: InboxDraft[] = decided.reporterIds.map((uid) => ({
    recipient_id: uid,
    kind: 'report_outcome',
    text:
      decided.action === 'dismiss'
        ? 'We reviewed your report and found no breach of our rules.'
        : 'We reviewed your report and took action. Thank you for telling us.',
    link: '/account/reports',
  }));
  if (decided.action === 'dismiss') return outcome;
  return [
    ...outcome,
    {
      recipient_id: decided.affectedId,
      kind: 'moderation_decision',
      text: `${SANCTION_TEXT[decided.action](decided.days)}: ${decided.statement.what}. Read why and how to appeal.`.replace(
        /\.\. Read/,
        '. Read',
      ),
      link: notice,
    },
  ];
}

export const moderationNotifier: Notifier<'ModerationDecided' | 'AppealDecided'> = {
  handles: ['ModerationDecided', 'AppealDecided'],
  notify: moderationDrafts,
};
