/** The moderation API's answers (docs/api.md, "Reports and moderation"), as the client reads them. */
import type { ReportReason } from './reference.ts';

export type ReportTarget =
  | { kind: 'listing'; id: string }
  | { kind: 'member'; id: string }
  | { kind: 'message'; id: string; conversationId: string };

export interface TargetPreview {
  title?: string | null;
  image?: string | null;
  text?: string | null;
  name?: string | null;
  link?: string | null;
}

export type DecisionAction = 'dismiss' | 'remove_listing' | 'warn' | 'suspend' | 'ban';

export interface AppealView {
  text: string;
  appealedAt: string;
  status: 'open' | 'upheld' | 'reversed';
  decidedAt: string | null;
  outcomeText: string | null;
  decidedBy: string | null;
}

export interface DecisionView {
  decisionId: string;
  caseId: string;
  target: ReportTarget;
  targetPreview: TargetPreview;
  action: DecisionAction;
  rule: { id: string; title: string; text: string } | null;
  statement: { what: string; why: string };
  days: number | null;
  endsAt: string | null;
  decidedAt: string;
  moderatorId: string;
  affectedId: string | null;
  appeal: AppealView | null;
  canAppeal: boolean;
  howToAppeal: string;
}

export interface CaseReport {
  reportId: string;
  reason: ReportReason | string;
  text: string;
  reportedAt: string;
  reporterKind: 'member' | 'visitor';
}

export interface CaseView {
  caseId: string;
  target: ReportTarget;
  targetPreview: TargetPreview;
  responsibleId: string | null;
  reports: CaseReport[];
  openReports: number;
  firstReportedAt: string;
  history: DecisionView[];
}

export interface Standing {
  status: 'active' | 'suspended' | 'banned';
  until: string | null;
  decisionId: string | null;
}

export interface NoticesAnswer {
  notices: DecisionView[];
  standing: Standing;
}

export interface MyReport {
  reportId: string;
  target: ReportTarget;
  targetPreview: TargetPreview;
  reason: ReportReason | string;
  text: string;
  reportedAt: string;
  status: 'open' | 'closed';
  outcome: null | 'no_action' | 'action_taken';
  decidedAt: string | null;
}

export interface ReportBody {
  target: ReportTarget;
  reason: ReportReason;
  text: string;
  email?: string;
}

export interface ReportReceived {
  reportId: string;
  caseId: string;
  message: string;
  position: number;
}

export interface DecisionBody {
  action: DecisionAction;
  days?: number;
  rule?: string;
  statement: { what: string; why: string };
}

export interface AppealBody {
  text: string;
}

export interface AppealDecisionBody {
  outcome: 'upheld' | 'reversed';
  text: string;
}

export interface DecisionAnswer {
  decision: DecisionView;
  position: number;
}
