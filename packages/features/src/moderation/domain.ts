/**
 * Moderation's domain (docs/product.md, "Reports and moderation"): a case per reported target
 * (stream `case-{caseId}`) holding its reports, the moderators' decisions and their appeals; a
 * member's standing (stream `standing-{uid}`) holding the sanction in force. Both sides fold
 * these rules: the deciders decide from them, the projections keep what they say. Pure.
 */
import {
  MODERATION_LIMITS,
  type EventOf,
  type ModerationAction,
  type ReportTarget,
} from '@rewear/contracts';

/** The events of a case stream (`case-{caseId}`). */
export const CASE_EVENTS = [
  'ReportFiled',
  'ModerationDecided',
  'DecisionAppealed',
  'AppealDecided',
] as const;
export type CaseEvent = EventOf<(typeof CASE_EVENTS)[number]>;

/** The events of a member's standing (`standing-{uid}`). */
export const STANDING_EVENTS = ['MemberSuspended', 'MemberBanned', 'SanctionLifted'] as const;
export type StandingEvent = EventOf<(typeof STANDING_EVENTS)[number]>;

const DAY_MS = 86_400_000;

/**
 * A case's id, from its target: `listing.{id}`, `member.{uid}`, `message.{conversationId}.{n}`
 * (n: the message's place in its conversation's stream). Ids are letters, digits, `_` and `-`,
 * so the dots part them and the id is safe in a path and a stream id.
 */
export function caseIdOf(target: ReportTarget): string | null {
  if (target.kind !== 'message') return `${target.kind}.${target.id}`;
  const version = messageVersionOf(target.id, target.conversationId);
  return version === null ? null : `message.${target.conversationId}.${version}`;
}

/** A message's entry id (`conversation-{conversationId}:{n}`, as a conversation lists it) → n. */
export function messageVersionOf(entryId: string, conversationId: string): number | null {
  const prefix = `conversation-${conversationId}:`;
  if (!entryId.startsWith(prefix)) return null;
  const version = Number(entryId.slice(prefix.length));
  return Number.isInteger(version) && version > 0 ? version : null;
}

/** A decision's id: its case's and its number in the case (`{caseId}.{n}`). */
export const decisionIdOf = (caseId: string, n: number) => `${caseId}.${n}`;

/** The case a decision id belongs to (null: not a decision id). */
export function caseOfDecision(decisionId: string): string | null {
  const dot = decisionId.lastIndexOf('.');
  if (dot < 1 || !/^\d+$/.test(decisionId.slice(dot + 1))) return null;
  const caseId = decisionId.slice(0, dot);
  return /^(listing|member)\.[\w-]+$|^message\.[\w-]+\.\d+$/.test(caseId) ? caseId : null;
}

/** Who filed a report: the member's uid, else the visitor's email lower-cased. */
export const reporterKeyOf = (reporterId: string | null, reporterEmail: string) =>
  reporterId ?? `email:${reporterEmail.toLowerCase()}`;

export interface OpenReport {
  reportId: string;
  reporterKey: string;
}

export interface AppealState {
  status: 'open' | 'upheld' | 'reversed';
}

export interface DecisionState {
  decisionId: string;
  action: ModerationAction;
  affectedId: string;
  moderatorId: string;
  decidedAt: string;
  appeal: AppealState | null;
}

export interface CaseState {
  target: ReportTarget | null;
  responsibleId: string | null;
  openReports: OpenReport[];
  decisions: DecisionState[];
  /** A listing case: the listing is removed now (a removal not reversed on appeal). */
  listingRemoved: boolean;
}

export const initialCase = (): CaseState => ({
  target: null,
  responsibleId: null,
  openReports: [],
  decisions: [],
  listingRemoved: false,
});

/** The outcome a decision gives the reports it closes. */
export const reportOutcomeOf = (action: ModerationAction) =>
  action === 'dismiss' ? ('no_action' as const) : ('action_taken' as const);

/** Whether the affected member may still appeal: not a dismissal, once, within 30 days. */
export function appealOpen(
  decision: { action: ModerationAction; decidedAt: string; appeal: unknown },
  now: number,
): boolean {
  return (
    decision.action !== 'dismiss' &&
    decision.appeal === null &&
    now < Date.parse(decision.decidedAt) + MODERATION_LIMITS.appealWindowDays * DAY_MS
  );
}

/** A suspension's end: `days` after the decision. */
export const suspensionEnd = (decidedAt: Date, days: number) =>
  new Date(decidedAt.getTime() + days * DAY_MS).toISOString();

export function evolveCase(state: CaseState, event: CaseEvent): CaseState {
  switch (event.type) {
    case 'ReportFiled': {
      const d = event.data;
      if (state.openReports.some((r) => r.reportId === d.reportId)) return state;
      return {
        ...state,
        target: state.target ?? (d.target as ReportTarget),
        responsibleId: d.responsibleId,
        openReports: [
          ...state.openReports,
          { reportId: d.reportId, reporterKey: reporterKeyOf(d.reporterId, d.reporterEmail) },
        ],
      };
    }
    case 'ModerationDecided': {
      const d = event.data;
      if (state.decisions.some((x) => x.decisionId === d.decisionId)) return state;
      return {
        ...state,
        openReports: state.openReports.filter((r) => !d.reportIds.includes(r.reportId)),
        decisions: [
          ...state.decisions,
          {
            decisionId: d.decisionId,
            action: d.action,
            affectedId: d.affectedId,
            moderatorId: d.moderatorId,
            decidedAt: d.decidedAt,
            appeal: null,
          },
        ],
        listingRemoved: state.listingRemoved || d.action === 'remove_listing',
      };
    }
    case 'DecisionAppealed':
      return withDecision(state, event.data.decisionId, (x) =>
        x.appeal ? x : { ...x, appeal: { status: 'open' } },
      );
    case 'AppealDecided': {
      const next = withDecision(state, event.data.decisionId, (x) =>
        x.appeal?.status === 'open' ? { ...x, appeal: { status: event.data.outcome } } : x,
      );
      const reinstated =
        event.data.outcome === 'reversed' && event.data.action === 'remove_listing';
      return reinstated ? { ...next, listingRemoved: false } : next;
    }
  }
}

function withDecision(
  state: CaseState,
  decisionId: string,
  change: (decision: DecisionState) => DecisionState,
): CaseState {
  return {
    ...state,
    decisions: state.decisions.map((x) => (x.decisionId === decisionId ? change(x) : x)),
  };
}

/** The sanction in force on a member: a suspension until a time, or a ban. */
export interface Sanction {
  status: 'suspended' | 'banned';
  /** A suspension's end; null for a ban. */
  until: string | null;
  decisionId: string;
  why: string;
}

export interface StandingState {
  sanction: Sanction | null;
}

export const initialStanding = (): StandingState => ({ sanction: null });

export function evolveStanding(state: StandingState, event: StandingEvent): StandingState {
  switch (event.type) {
    case 'MemberSuspended':
      return {
        sanction: {
          status: 'suspended',
          until: event.data.until,
          decisionId: event.data.decisionId,
          why: event.data.why,
        },
      };
    case 'MemberBanned':
      return {
        sanction: {
          status: 'banned',
          until: null,
          decisionId: event.data.decisionId,
          why: event.data.why,
        },
      };
    case 'SanctionLifted':
      return state.sanction?.decisionId === event.data.decisionId ? { sanction: null } : state;
  }
}

/**
 * The sanction that holds at `now`: a suspension whose end has come holds no more, even before
 * the sweeper records its end.
 */
export function sanctionAt(state: StandingState, now: number): Sanction | null {
  const sanction = state.sanction;
  if (!sanction) return null;
  if (sanction.until !== null && Date.parse(sanction.until) <= now) return null;
  return sanction;
}

/** A date as the notices write it: 12 December 2026 (UTC). */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What a suspended or banned member is told when a command is refused. */
export function sanctionMessage(sanction: Sanction): string {
  const notices = 'See your notices at /account/notices.';
  const why = sanction.why.replace(/[\s.!?]+$/, '');
  return sanction.status === 'banned'
    ? `Your account is banned: ${why}. ${notices}`
    : `Your account is suspended until ${longDate(sanction.until!)}: ${why}. ${notices}`;
}
