/**
 * The moderation API's bodies and answers (docs/api.md, "Reports and moderation"): the types
 * inferred from the contracts' schemas, imported as types only.
 */
import type {
  AppealBody,
  AppealDecisionBody,
  CaseView,
  DecisionAnswer,
  DecisionBody,
  DecisionView,
  MemberStanding,
  ModerationAction,
  MyReport,
  Notices,
  ReportBody,
  ReportFiled,
  ReportTarget,
  TargetPreview,
} from '@rewear/contracts';

export type {
  AppealBody,
  AppealDecisionBody,
  CaseView,
  DecisionAnswer,
  DecisionBody,
  DecisionView,
  MyReport,
  ReportBody,
  ReportTarget,
  TargetPreview,
};
export type DecisionAction = ModerationAction;
export type Standing = MemberStanding;
export type NoticesAnswer = Notices;
export type ReportReceived = ReportFiled;
/** A target as the answers name it: conversationId for a message only. */
export type TargetOfAnswer = CaseView['target'];
